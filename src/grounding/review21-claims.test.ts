// Claims a twenty-first reviewer's answers about a password reset and a two-factor set-up showed the
// checker misjudging: a field written with its value in backticks right after a citation
// (`#33 \`attempt=3\``), which the cited event records as a property.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 09:14:05 UTC, about 6 minutes.
const at = (seconds: number) => new Date(Date.UTC(2027, 1, 9, 9, 14, 5) + seconds * 1000).toISOString();

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://app.taskflow.example/account/reset?token=rk_1' },
  { type: 'custom', timestamp: at(10), name: 'password_rejected', properties: { attempt: 1, score: 1 } },
  { type: 'custom', timestamp: at(20), name: 'password_rejected', properties: { attempt: 2, score: 2 } },
  { type: 'custom', timestamp: at(40), name: 'password_reset_completed', properties: { attempt: 3, score: 4, duration_ms: 46300 } },
  { type: 'custom', timestamp: at(90), name: 'webauthn_failed', properties: { attempt: 1, error: 'NotAllowedError' } },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string, kinds: readonly string[]) {
  const session = parseSession({ id: 'u-21:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the twenty-first review', () => {
  it('holds a field written with its value right after a citation to the event that records it', () => {
    expect(found('- #3 `attempt=3`, `score=4`\n- #1 `score=1`\n- #4 `attempt=2`', ['event'])).toEqual([
      ['event', '#3', 'kept'],
      ['event', '#1', 'kept'],
      // The session has `attempt: 2` (#2), but not the webauthn_failed event cited.
      ['event', '#4', 'unsupported'],
    ]);
  });
});
