// Claims a seventh reviewer's answers showed the checker misreading: a timeline's times written
// with two digits before the colon (`01:52`), which are offsets when the session's times cannot
// be them; a time since the event cited before ("about 20 seconds later"), which is not the time
// from the start to that event; a count of cited events the prompt left out, which a total of
// the prompt happens to equal; and a status after "timed out with".

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 3, 14, 8, 30, seconds)).toISOString();

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://app.tally.example/settings/billing' },
  { type: 'dead-click', timestamp: at(20), target: { selector: 'div.placeholder', text: 'Loading…' } },
  { type: 'dead-click', timestamp: at(21), target: { selector: 'div.placeholder', text: 'Loading…' } },
  { type: 'click', timestamp: at(30), target: { selector: 'button#retry', text: 'Retry' } },
  { type: 'click', timestamp: at(31), target: { selector: 'button#save-card', text: 'Save card' } },
  { type: 'network-error', timestamp: at(64), method: 'POST', url: 'https://api.tally.example/v1/cards', status: 504 },
  { type: 'navigate', timestamp: at(112), url: 'https://app.tally.example/invoices' },
  { type: 'dead-click', timestamp: at(115), target: { selector: 'a.download', text: 'Download' } },
  { type: 'dead-click', timestamp: at(116), target: { selector: 'a.download', text: 'Download' } },
];

/** The findings (kind, text, verdict) of `answer` about `events` under `profile` (YAML). */
function found(answer: string | Record<string, unknown>, profile = '{}') {
  const session = parseSession({ id: 'u-7:s-1', events });
  const parsed = parseProfile(profile);
  return groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

const durations = (answer: string) => found(answer).filter(([kind]) => kind === 'duration');

describe('groundAnswer: claims of the seventh review', () => {
  it('reads a timeline’s two-digit times as offsets of the events of their line when the session’s times cannot be them', () => {
    // The session runs from 08:30:00 to 08:31:56 UTC: in no time zone is it 01:04 or 01:52.
    expect(durations('1. 01:04 — the save request failed (#5)\n2. 01:52 — they opened the invoices, then clicked Download (#6, #7)')).toEqual([
      ['duration', '01:04', 'kept'],
      ['duration', '01:52', 'kept'],
    ]);
    expect(durations('| 01:40 | #6 | navigate |')).toEqual([['duration', '01:40', 'unsupported']]);
    // Of every event of its line, not only of those before its first comma.
    expect(durations('- 00:21 — the page loaded (#0), then a dead click on the placeholder (#2)')).toEqual([['duration', '00:21', 'kept']]);
    // 08:31 may be a time of day of the session (in UTC), and 10:31 (in UTC+2): no claim.
    expect(durations('At 08:31 they saved the card (#4).\n- 10:31 — the request failed (#5)')).toEqual([]);
  });

  it('counts a time said to be later from the event cited before, not from the start to it', () => {
    expect(durations('Two dead clicks on the placeholder (#1, #2). About 20 seconds later they clicked Retry (#3).')).toEqual([['duration', 'About 20 seconds', 'unsupported']]);
    expect(durations('Two dead clicks on the placeholder (#1, #2). About 10 seconds later they clicked Retry (#3).')).toEqual([['duration', 'About 10 seconds', 'kept']]);
  });

  it('finds dropped a count of cited events that the prompt left out, even where a total of the prompt equals it', () => {
    const lastFour = 'slice:\n  mode: LAST\n  event_limit: 4\n';
    // The prompt shows two dead clicks (#7, #8), on another element.
    expect(found('Earlier there were two dead clicks on the placeholder (#1, #2).', lastFour).filter(([kind]) => kind === 'count')).toEqual([['count', 'two dead clicks', 'dropped']]);
    expect(found({ friction: [{ kind: 'dead_click', description: 'The placeholder did nothing (#1, #2)', count: 2 }] }, lastFour).filter(([kind]) => kind === 'count')).toEqual([['count', 'count: 2', 'dropped']]);
    expect(found('Then came two dead clicks on “Download” (#7, #8).', lastFour).filter(([kind]) => kind === 'count')).toEqual([['count', 'two dead clicks', 'kept']]);
  });

  it('reads a status after “timed out with”', () => {
    expect(found('The save request timed out with a 504 (#5).').filter(([kind]) => kind === 'text')).toEqual([['text', 'timed out with a 504', 'kept']]);
    expect(found('The save request timed out with a 503.').filter(([kind]) => kind === 'text')).toEqual([['text', 'timed out with a 503', 'unsupported']]);
  });
});
