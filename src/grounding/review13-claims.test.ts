// Claims a thirteenth reviewer's answers about a streaming membership cancelled showed the checker
// misjudging: a timeline's `T+` offsets read as times of day, a Markdown link a denial names, and
// a denial of errors with an exception.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// The session starts at 19:42 UTC and lasts under a quarter of an hour: `00:41` may be a time of
// day (19:41 UTC is 01:11 in India, and minutes are what time zones keep).
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 3, 19, 42, 5) + seconds * 1000).toISOString();
const link = { selector: 'div.cancel-footer a#continue-cancel', text: 'Continue to cancel' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://www.flixora.example/account?ref=avatar-menu' },
  { type: 'click', timestamp: at(10), target: { selector: 'button#cancel-membership', text: 'Cancel membership' } },
  { type: 'dead-click', timestamp: at(41), target: link },
  { type: 'console-error', timestamp: at(50), message: 'ChatWidgetError: session token missing' },
  { type: 'click', timestamp: at(71), target: link },
  { type: 'navigate', timestamp: at(72), url: 'https://www.flixora.example/account/membership/cancel?step=reason' },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string, kinds: readonly string[]) {
  const session = parseSession({ id: 'u-13:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the thirteenth review', () => {
  it('reads a clock reading after `T+` as an offset, never as a time of day', () => {
    expect(found('- T+00:41 dead click on "Continue to cancel" (#2)\n- T+05:41 survey page (#5)', ['duration'])).toEqual([
      ['duration', '00:41', 'kept'],
      ['duration', '05:41', 'unsupported'],
    ]);
    // Without the sign the reading may be a time of day of this session, which is no claim.
    expect(found('- 00:41 dead click on "Continue to cancel" (#2)', ['duration'])).toEqual([]);
  });

  it('denies the target of a Markdown link whose text a denial names', () => {
    expect(found('She never opened [the pricing page](https://www.flixora.example/plans).', ['url'])).toEqual([]);
    expect(found('She opened [the pricing page](https://www.flixora.example/plans).', ['url'])).toEqual([['url', 'https://www.flixora.example/plans', 'unsupported']]);
    // A denied link the session has still stands.
    expect(found('She did not open [her account](https://www.flixora.example/account?ref=avatar-menu).', ['url'])).toEqual([
      ['url', 'https://www.flixora.example/account?ref=avatar-menu', 'kept'],
    ]);
  });

  it('reads a denial of errors with an exception as no denial of them all', () => {
    expect(found("I don't see any errors except one console error from the chat widget (#3).", ['count'])).toEqual([['count', 'one console error', 'kept']]);
    expect(found("I don't see any errors in the session.", ['count'])).toEqual([['count', 'any errors', 'unsupported']]);
  });
});
