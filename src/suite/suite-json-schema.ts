// The JSON Schema of suite files, generated from the zod schema, for editors (yaml-language-server).

import { z } from 'zod';
import { suiteSchema } from './suite-schema.js';

/** Where the shipped schema lives, relative to the package root. */
export const SUITE_JSON_SCHEMA_PATH = 'schemas/suite.schema.json';

/** The JSON Schema (draft-07) describing a `*.recap.yaml` suite file. */
export function suiteJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(suiteSchema, { io: 'input', target: 'draft-7', unrepresentable: 'any' }),
    $id: 'https://recap.dev/schemas/suite.schema.json',
    title: 'recap regression suite',
    description: 'A profile, a model and cases with prompt and answer assertions (recap test).',
  };
}
