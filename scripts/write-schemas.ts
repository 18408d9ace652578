// Regenerates the JSON Schemas shipped in schemas/ from the zod schemas: `npm run schemas`.

import { writeFile } from 'node:fs/promises';
import { PRIVACY_JSON_SCHEMA_PATH, privacyJsonSchema } from '../src/privacy/privacy-json-schema.js';
import { PROFILE_JSON_SCHEMA_PATH, profileJsonSchema } from '../src/profile/profile-json-schema.js';
import { SUITE_JSON_SCHEMA_PATH, suiteJsonSchema } from '../src/suite/suite-json-schema.js';

for (const [file, schema] of [
  [PROFILE_JSON_SCHEMA_PATH, profileJsonSchema()],
  [SUITE_JSON_SCHEMA_PATH, suiteJsonSchema()],
  [PRIVACY_JSON_SCHEMA_PATH, privacyJsonSchema()],
] as const) {
  await writeFile(file, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
