// `format` in a response schema: a profile may only write a format that recap checks on the answer,
// on the type it belongs to; the check then holds it (docs/profiles.md#response-schemas-and-results).

import { describe, expect, it } from 'vitest';
import { checkProfile } from '../profile/check-profile.js';
import { safeParseProfile } from '../profile/parse-profile.js';
import { quickCheckProfile } from '../profile/quick-check-profile.js';
import { normalizeResponseSchema } from './normalize-response-schema.js';
import { validateResponse } from './validate-response.js';

const withProperty = (property: Record<string, unknown>) => ({ type: 'OBJECT', properties: { a: property } });
const issuesOf = (schema: unknown) => {
  const result = normalizeResponseSchema(schema);
  return result.success ? [] : result.issues;
};

describe('response schema formats', () => {
  it.each([
    [{ type: 'STRING', format: 'phone' }, 'unsupported format "phone" for STRING (supported: date-time, date, time, duration, email, hostname, ipv4, ipv6, uuid, uri, enum)'],
    [{ type: 'STRING', format: 'DATE-TIME' }, expect.stringMatching(/^unsupported format "DATE-TIME" for STRING/)],
    [{ type: 'NUMBER', format: 'date-time' }, 'unsupported format "date-time" for NUMBER (supported: float, double)'],
    [{ type: 'INTEGER', format: 'float' }, 'unsupported format "float" for INTEGER (supported: int32, int64)'],
    [{ type: 'BOOLEAN', format: 'int32' }, 'BOOLEAN takes no format, got "int32"'],
    [{ type: 'STRING', format: 'enum' }, 'format enum needs the enum values (enum: [...])'],
  ])('refuses %j, naming the format keyword: recap would not check it as written', (property, message) => {
    expect(issuesOf(withProperty(property))).toEqual([{ path: 'properties.a.format', message }]);
  });

  it('accepts the formats it checks, on their types', () => {
    for (const property of [
      { type: 'STRING', format: 'uri' },
      { type: 'STRING', format: 'uuid', nullable: true },
      { type: 'STRING', format: 'enum', enum: ['low', 'high'] },
      { type: 'INTEGER', format: 'int32' },
      { type: 'NUMBER', format: 'double' },
    ]) {
      expect(normalizeResponseSchema(withProperty(property)).success).toBe(true);
    }
  });

  it.each([
    [{ type: 'INTEGER', format: 'int32' }, 2 ** 40, 2 ** 31 - 1],
    [{ type: 'STRING', format: 'uuid' }, 'not-a-uuid', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    [{ type: 'STRING', format: 'ipv4' }, '999.1.1.1', '10.0.0.1'],
    [{ type: 'STRING', format: 'duration' }, '5 minutes', 'PT5M'],
    [{ type: 'STRING', format: 'hostname' }, 'not a host', 'shop.example'],
  ])('checks %j on the answer: %j is refused, %j passes', (property, wrong, right) => {
    const normalized = normalizeResponseSchema(withProperty(property));
    if (!normalized.success) throw new Error('the schema should be valid');

    expect(validateResponse(normalized.schema, { a: wrong })).toEqual({ valid: false, issues: [{ path: 'a', message: `must match format "${property.format}"` }] });
    expect(validateResponse(normalized.schema, { a: right }).valid).toBe(true);
  });

  it('is refused alike by recap validate (file:line:col), its quick path and the server (checkProfile)', () => {
    const text = 'llm:\n  response_schema:\n    type: OBJECT\n    properties:\n      seen_at: { type: NUMBER, format: date-time }\n';
    const parsed = safeParseProfile(text, { source: 'formats.yaml' });

    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.message).toBe('formats.yaml:5:40 llm.response_schema.properties.seen_at.format: unsupported format "date-time" for NUMBER (supported: float, double)');
    }
    const data = { llm: { response_schema: { type: 'OBJECT', properties: { seen_at: { type: 'NUMBER', format: 'date-time' } } } } };
    expect(quickCheckProfile(data)).toBeUndefined();
    expect(checkProfile(data).success).toBe(false);
  });
});
