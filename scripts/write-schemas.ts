// Regenerates the JSON Schemas shipped in schemas/ from the zod schemas: `npm run schemas`.

import { writeFile } from 'node:fs/promises';
import { PROFILE_JSON_SCHEMA_PATH, profileJsonSchema } from '../src/profile/profile-json-schema.js';

await writeFile(PROFILE_JSON_SCHEMA_PATH, `${JSON.stringify(profileJsonSchema(), null, 2)}\n`);
console.log(`wrote ${PROFILE_JSON_SCHEMA_PATH}`);
