// Claims an eighteenth reviewer's answers about a language test booked on a tablet showed the
// checker missing or misjudging: Markdown footnotes (`[^41]`), a type said before a bracketed
// citation, `events 7 through 8`, amounts in reais (`R$ 1.290,00`), offsets said after `at`,
// `8 s later`, `rage-tapped` and `dead-tapped`, `a 503 from …`, tables with a column of event
// numbers or of counts, items of notes written as YAML, a time said after what it counts from in
// the clause after its subject's, a timeline's line of events the profile left out, and the time
// an item of a structured response gives its event.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 13:47:20 to 13:49:00 UTC: a clock reading whose seconds are 1 to 5 past a quarter of an
// hour (`00:47`, `01:16`) may be a time of day of it; `00:30` or `01:24` may not.
const at = (seconds: number) => new Date(Date.UTC(2026, 11, 14, 13, 47, 20) + seconds * 1000).toISOString();
const pix = { selector: 'div.pix-panel button#generate-pix', text: 'Generate Pix code' };
const continueButton = { selector: 'form#candidate-details button#continue', text: 'Continue' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://www.veritest.example/pt-br/register/payment?session=AC-1&currency=BRL' },
  { type: 'element-seen', timestamp: at(1), target: { selector: 'p.total', text: 'Academic English Test · R$ 1.290,00' } },
  { type: 'click', timestamp: at(10), target: pix },
  { type: 'network-error', timestamp: at(11.6), url: 'https://api.veritest.example/v3/payments/pix', method: 'POST', status: 503 },
  { type: 'element-seen', timestamp: at(11.9), target: { selector: 'p.error', text: "We couldn't create your Pix code. Try again in a few seconds." } },
  { type: 'click', timestamp: at(20.7), target: pix },
  { type: 'dead-click', timestamp: at(30), target: { selector: 'div.check-camera button.retry', text: 'Try again' } },
  { type: 'rage-click', timestamp: at(40), target: continueButton, count: 4 },
  { type: 'click', timestamp: at(55.2), target: continueButton },
  { type: 'console-error', timestamp: at(60), message: 'NotAllowedError: Permission denied (getUserMedia: camera)' },
  { type: 'element-seen', timestamp: at(100), target: { selector: 'section.confirmation p', text: "You're booked for Sat 09/01/2027 at 13:00 BRT." } },
];
const withoutRequests = 'events:\n  exclude_types: [network-error]\n';

/** The findings (kind, text, verdict) of `answer` about the events under `profile`, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[], profileText = '{}') {
  const session = parseSession({ id: 'u-18:s-1', events });
  const profile = parseProfile(profileText);
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the eighteenth review', () => {
  it('reads a Markdown footnote’s marker as a citation, not its definition', () => {
    expect(found('The first code failed[^3] and the page said so[^4]; she also opened the refund policy[^42].\n\n[^3]: POST /v3/payments/pix → 503\n[^4]: the error text', ['event'])).toEqual([
      ['event', '[^3]', 'kept'],
      ['event', '[^4]', 'kept'],
      ['event', '[^42]', 'unsupported'],
    ]);
  });

  it('compares the type said before a citation in square brackets with the event', () => {
    expect(found('A dead tap [6] came after the second tap [5]; then came a dead tap [5].', ['event'])).toEqual([
      ['event', '[6]', 'kept'],
      ['event', '[5]', 'kept'],
      ['event', '[5]', 'unsupported'],
    ]);
  });

  it('reads "events 2 through 4", "#5 thru #6" and "#2〜#4" as ranges', () => {
    expect(found('The first code: events 2 through 4; the retry: #5 thru #6; again （#2〜#4）; the end: events 10 through 12.', ['event']).map(([, text, verdict]) => `${text} ${verdict}`)).toEqual([
      ...['kept', 'kept', 'kept'].map((verdict) => `events 2 through 4 ${verdict}`),
      ...['kept', 'kept'].map((verdict) => `#5 thru #6 ${verdict}`),
      ...['kept', 'kept', 'kept'].map((verdict) => `#2〜#4 ${verdict}`),
      ...['kept', 'unsupported', 'unsupported'].map((verdict) => `events 10 through 12 ${verdict}`),
    ]);
  });

  it('reads an amount in reais written with R$', () => {
    expect(found('The total was R$ 1.290,00 (R$ 1,290.00), and she paid R$ 1.190,00.', ['text'])).toEqual([
      ['text', 'R$ 1.290,00', 'kept'],
      ['text', 'R$ 1,290.00', 'kept'],
      ['text', 'R$ 1.190,00', 'unsupported'],
    ]);
  });

  it('reads a reading after "at" as an offset when the session’s times cannot be it and it is that long', () => {
    expect(found('The dead tap came at 00:30 (#6), the rage tap at 01:24 (#7); she left at 13:48 and signed out at 10:09.', ['duration'])).toEqual([
      ['duration', '00:30', 'kept'],
      ['duration', '01:24', 'unsupported'],
    ]);
  });

  it('reads "9 s later" and "2 s after" as durations', () => {
    expect(found('She tapped "Generate Pix code" (#2) and the request failed 2 s after (#3); she tapped it again 9 s later (#5), and the dead tap came 70 s later (#6).', ['duration'])).toEqual([
      ['duration', '2 s after', 'kept'],
      ['duration', '9 s later', 'kept'],
      ['duration', '70 s later', 'unsupported'],
    ]);
  });

  it('reads "rage-tapped" and "dead-tapped" as the signals, as "rage-clicked" is', () => {
    expect(found('She rage-tapped "Continue" ×4 and dead-tapped "Try again" once; she rage-tapped "Continue" ×5 and rage-tapped "Try again".', ['count'])).toEqual([
      ['count', 'rage-tapped "Continue" ×4', 'kept'],
      ['count', 'dead-tapped', 'kept'],
      ['count', 'rage-tapped "Continue" ×5', 'unsupported'],
      ['count', 'rage-tapped', 'unsupported'],
    ]);
  });

  it('reads the status of "a 503 from …" as the request’s', () => {
    expect(found('The first tap ended in a 503 from /v3/payments/pix, the second in a 502 from it.', ['text'])).toEqual([
      ['text', 'a 503', 'kept'],
      ['text', 'a 502', 'unsupported'],
    ]);
  });

  it('reads the numbers of a table’s column headed "#" or "Event" as citations, not row numbers', () => {
    expect(found('| # | What |\n|---|---|\n| 2, 5 | "Generate Pix code" |\n| 6–7 | taps |\n| 44 | the refund page |', ['event']).map(([, text, verdict]) => `${text} ${verdict}`)).toEqual(['2 kept', '5 kept', '6–7 kept', '6–7 kept', '44 unsupported']);
    expect(found('| # | Step |\n|---|---|\n| 1 | chose a date |\n| 2 | paid (#8) |', ['event'])).toEqual([['event', '#8', 'kept']]);
  });

  it('reads a time right after a row’s cell of event numbers as the time of its line', () => {
    expect(found('| # | Time | What |\n|---|---|---|\n| #6 | 00:30 | dead tap |\n| #7 | 00:40 | rage tap |\n| #8 | 00:15 | tap |', ['duration'])).toEqual([
      ['duration', '00:30', 'kept'],
      ['duration', '00:40', 'kept'],
      ['duration', '00:15', 'unsupported'],
    ]);
  });

  it('reads a table’s column of counts as counts of its rows’ events or elements', () => {
    expect(found('| Signal | Count |\n|---|---|\n| Dead taps | 1 |\n| Page loads | 3 |\n\n| # | Element | Taps |\n|---|---|---|\n| #2, #5 | "Generate Pix code" | 2 |\n| #7 | "Continue" | 4 |\n| #7, #8 | "Continue" | 3 |', ['count'])).toEqual([
      ['count', 'Dead taps | 1', 'kept'],
      ['count', 'Page loads | 3', 'unsupported'],
      ['count', '"Generate Pix code" | 2', 'kept'],
      ['count', '"Continue" | 4', 'kept'],
      ['count', '"Continue" | 3', 'unsupported'],
    ]);
  });

  it('holds an item of notes written as YAML to its kind and its count', () => {
    const notes = 'friction:\n  - kind: rage_click\n    target: "Generate Pix code"\n    events: [5]\n    count: 2\n  - kind: dead_click\n    events: [6]\n    count: 1\n';
    expect(found(notes, ['event', 'count'])).toEqual([
      ['event', '#5', 'unsupported'],
      ['count', 'count: 2', 'unsupported'],
      ['event', '#6', 'kept'],
      ['count', 'count: 1', 'kept'],
    ]);
  });

  it('counts a time said "… after" an event from the one its sentence cites before', () => {
    expect(found('She tapped "Continue" (#8), about 15 seconds after the rage tap (#7).', ['duration'])).toEqual([['duration', 'about 15 seconds', 'kept']]);
    expect(found('She tapped "Continue" (#8), about 90 seconds after the rage tap (#7).', ['duration'])).toEqual([['duration', 'about 90 seconds', 'unsupported']]);
  });

  it('holds the time of a timeline’s line of events the profile left out to those events', () => {
    expect(found('- 00:12 — the first code failed (#3)\n- 00:25 — it failed again (#3)', ['duration'], withoutRequests)).toEqual([
      ['duration', '00:12', 'dropped'],
      ['duration', '00:25', 'unsupported'],
    ]);
  });

  it('holds the time a structured item gives its event to that event', () => {
    expect(found({ timeline: [{ event: 6, at: '00:30', what: 'dead tap' }, { event: 8, at: '01:12', what: 'tap' }] }, ['duration'])).toEqual([
      ['duration', '00:30', 'kept'],
      ['duration', '01:12', 'unsupported'],
    ]);
  });
});
