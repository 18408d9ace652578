// A response schema nested past the nesting limit is refused alike by every door a profile comes
// through: recap validate / run / the studio (safeParseProfile, quick path included), the server
// and the library (checkProfile), and normalizeResponseSchema; never valid in one and not another,
// never a stack overflow.

import { describe, expect, it } from 'vitest';
import { normalizeResponseSchema } from '../response-schema/normalize-response-schema.js';
import { checkProfile } from './check-profile.js';
import { safeParseProfile } from './parse-profile.js';
import { quickCheckProfile } from './quick-check-profile.js';

/** A profile whose response schema nests `levels` OBJECTs, as JSON text (JSON.stringify would overflow on the deepest). */
function deepProfileText(levels: number): string {
  let schema = '{"type":"STRING"}';
  for (let level = 0; level < levels; level++) schema = `{"type":"OBJECT","properties":{"a":${schema}}}`;
  return `{"llm":{"response_schema":${schema}}}`;
}

describe('a response schema nested too deeply', () => {
  it('is refused everywhere at 300 OBJECT levels, by path', () => {
    const text = deepProfileText(300);
    const data: unknown = JSON.parse(text);
    const schema = (data as { llm: { response_schema: unknown } }).llm.response_schema;

    const parsed = safeParseProfile(text, { source: 'deep.json' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.message).toMatch(/^deep\.json:1:\d+ llm\.response_schema(\.properties\.a)+: the profile nests more than 512 levels deep$/);
    expect(quickCheckProfile(data)).toBeUndefined();
    const checked = checkProfile(data);
    expect(checked.success).toBe(false);
    if (!checked.success) expect(checked.issues.map((issue) => issue.message)).toEqual(['the profile nests more than 512 levels deep']);
    expect(normalizeResponseSchema(schema).success).toBe(false);
  });

  it('is one problem for checkProfile (the server, the library) at 600 levels, not a stack overflow', () => {
    const data: unknown = JSON.parse(deepProfileText(600));

    expect(checkProfile(data)).toMatchObject({ success: false, issues: [{ message: 'the profile nests more than 512 levels deep' }] });
    expect(safeParseProfile(deepProfileText(600)).success).toBe(false);
  });

  it('is accepted everywhere well inside the limit', () => {
    const text = deepProfileText(100);

    expect(safeParseProfile(text).success).toBe(true);
    expect(checkProfile(JSON.parse(text)).success).toBe(true);
  });
});
