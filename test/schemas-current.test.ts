// The JSON Schemas shipped in schemas/ are what `npm run schemas` writes from the zod schemas:
// editors check profiles, suites and privacy rules against them, so they must not drift.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRIVACY_JSON_SCHEMA_PATH, privacyJsonSchema } from '../src/privacy/privacy-json-schema.js';
import { PROFILE_JSON_SCHEMA_PATH, profileJsonSchema } from '../src/profile/profile-json-schema.js';
import { SUITE_JSON_SCHEMA_PATH, suiteJsonSchema } from '../src/suite/suite-json-schema.js';

describe('schemas/', () => {
  it.each([
    [PROFILE_JSON_SCHEMA_PATH, profileJsonSchema],
    [SUITE_JSON_SCHEMA_PATH, suiteJsonSchema],
    [PRIVACY_JSON_SCHEMA_PATH, privacyJsonSchema],
  ] as const)('%s is up to date (npm run schemas)', (file, schema) => {
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(schema(), null, 2)}\n`);
  });
});
