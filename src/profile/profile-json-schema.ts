// The JSON Schema of profile files, generated from the zod schema, for editors (yaml-language-server).

import { z } from 'zod';
import { profileSchema } from './profile-schema.js';

/**
 * Where the shipped schema lives, relative to the package root; also importable as
 * `recap/schemas/profile.schema.json`.
 *
 * @category Profiles
 */
export const PROFILE_JSON_SCHEMA_PATH = 'schemas/profile.schema.json';

/**
 * The JSON Schema (draft-07, which most editors understand) describing a profile file as
 * written: lower-case response-schema type names are allowed, as the parser accepts them.
 * `npm run schemas` writes it to {@link PROFILE_JSON_SCHEMA_PATH}; a profile file points editors
 * at it with a `# yaml-language-server: $schema=...` line.
 *
 * @category Profiles
 */
export function profileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(profileSchema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return {
    ...schema,
    $id: 'https://recap.dev/schemas/profile.schema.json',
    title: 'recap summary profile',
    description:
      'A summary profile: which slice of a session to keep, which events and context to send, the prompt and the response schema. As JSON it is a POST /v2/visit_profile body.',
  };
}
