// The `name` of a new project's package.json, made from its folder's name.

/** npm's limit on a package name's length. */
const MAX_LENGTH = 214;
const FALLBACK = 'recap-project';

/**
 * A name npm accepts: lower case, URL-safe characters only, not starting with `.` or `_`.
 * `My Sessions!` → `my-sessions`; a folder name with nothing usable gives `recap-project`.
 */
export function packageName(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._~]+|[-._~]+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/[-._~]+$/, '');
  // npm refuses these two names outright.
  return name === '' || name === 'node_modules' || name === 'favicon.ico' ? FALLBACK : name;
}
