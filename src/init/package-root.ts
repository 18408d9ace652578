// The folder recap is installed in (its templates, fixtures and package.json), found from this
// module so that one path works from src/ (tsx, tests) and from the compiled dist/.

import { fileURLToPath } from 'node:url';

/** src/init/ and dist/init/ both sit two levels below the package root. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
