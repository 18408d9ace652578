// The JSON Schema of privacy rules documents, generated from the zod schema, for editors
// (yaml-language-server) and for anyone checking a document before a PUT /v2/settings/privacy.

import { z } from 'zod';
import { privacyRulesSchema } from './privacy-rules.js';

/**
 * Where the shipped schema lives, relative to the package root.
 *
 * @category Privacy
 */
export const PRIVACY_JSON_SCHEMA_PATH = 'schemas/privacy.schema.json';

/**
 * The JSON Schema (draft-07) of a privacy rules document. `npm run schemas` writes it to
 * {@link PRIVACY_JSON_SCHEMA_PATH}. What it cannot say (a pattern RE2 refuses, an invalid CSS
 * selector) is checked when the rules are parsed.
 *
 * @category Privacy
 */
export function privacyJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(privacyRulesSchema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return {
    ...schema,
    $id: 'https://recap.dev/schemas/privacy.schema.json',
    title: 'recap privacy rules',
    description: 'What is redacted from a session before anything is rendered: presets, named RE2 patterns, masked property paths, blocked element selectors and stripped URL parameters.',
  };
}
