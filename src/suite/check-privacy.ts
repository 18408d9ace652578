// Privacy assertions of a case (see docs/suites.md): how many replacements each rule made, and
// texts of the recorded session that must never reach the prompt.

import type { PreparedRequest } from '../pipeline/prepare.js';
import type { Session } from '../session/session-schema.js';
import { failed, passed, type AssertionResult } from './assertion-result.js';
import type { PromptAssertions } from './suite-schema.js';
import { sighting, sightingIn, sightingNote } from './text-views.js';

/**
 * Every string a recorded session holds (values and property names), depth first, and every number
 * as the text it is written as: the rules read a card recorded as a JSON number as text too.
 */
function* sessionStrings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (typeof value === 'number') yield String(value);
  else if (Array.isArray(value)) for (const item of value) yield* sessionStrings(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* sessionStrings(item);
    }
  }
}

function checkCounts(prepared: PreparedRequest, wanted: NonNullable<PromptAssertions['privacy']>): AssertionResult[] {
  const counts = prepared.privacy ?? {};
  return Object.entries(wanted).map(([rule, expected]) => {
    const id = `prompt.privacy.${rule}`;
    const count = counts[rule] ?? 0;
    const { min, max } = typeof expected === 'number' ? { min: expected, max: expected } : expected;
    const range = min === max ? String(min) : `${min ?? 0}..${max ?? '∞'}`;
    const message = `${count} replacement(s) by ${rule} (expected ${range})`;
    const ok = (min === undefined || count >= min) && (max === undefined || count <= max);
    return ok ? passed(id, message) : failed(id, message, { expected: range, actual: count });
  });
}

/**
 * `redacts`: each text is somewhere in the recorded session and nowhere in the prompt. A text the
 * session does not hold fails too: the assertion would prove nothing about the rules.
 */
function checkRedacts(prepared: PreparedRequest, recorded: Session, texts: readonly string[]): AssertionResult[] {
  return texts.map((source, index) => {
    const id = `prompt.redacts[${index}]`;
    // In the prompt in any form the model reads it in: escaped as a quoted value, full-width, split by invisible characters.
    const seen = sighting(source, prepared.prompt, { quoted: true });
    if (seen !== undefined) return failed(id, `${JSON.stringify(source)} reaches the prompt${sightingNote(seen)}`, { expected: source });
    const inSession = sightingIn(source);
    for (const text of sessionStrings(recorded)) {
      if (inSession(text) !== undefined) return passed(id, `${JSON.stringify(source)} is in the session and not in the prompt`);
    }
    return failed(id, `${JSON.stringify(source)} is not in the recorded session, so its absence from the prompt proves nothing`, { expected: source });
  });
}

/** The privacy assertions of `assertions`, on the request prepared from `recorded`. */
export function checkPrivacy(prepared: PreparedRequest, recorded: Session, assertions: PromptAssertions): AssertionResult[] {
  return [
    ...(assertions.privacy === undefined ? [] : checkCounts(prepared, assertions.privacy)),
    ...(assertions.redacts === undefined ? [] : checkRedacts(prepared, recorded, assertions.redacts)),
  ];
}
