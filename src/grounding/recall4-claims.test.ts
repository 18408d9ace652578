// Numbers of time under the keys of a structured response that the fourth recall pass reads as
// durations (`seconds_lost` of a friction item, `checkout_seconds` of a `durations` object,
// `duration_ms`), held as a sentence's duration with the same citations is.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 17:46:12 UTC, four minutes.
const at = (seconds: number) => new Date(Date.UTC(2027, 5, 9, 17, 46, 12) + seconds * 1000).toISOString();

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://shop.greenbasket.example/checkout/slot' },
  { type: 'dead-click', timestamp: at(10), target: { selector: 'button.slot-1800', text: '18:00–19:00 · Full' } },
  { type: 'dead-click', timestamp: at(13.7), target: { selector: 'button.slot-1900', text: '19:00–20:00 · Full' } },
  { type: 'click', timestamp: at(30), target: { selector: 'button#pay', text: 'Pay €39.55' } },
  { type: 'network-error', timestamp: at(35), url: 'https://api.greenbasket.example/v1/payments', method: 'POST', status: 502 },
  { type: 'element-seen', timestamp: at(35.6), target: { selector: 'div.alert', text: 'Something went wrong with your payment.' } },
  { type: 'click', timestamp: at(44.5), target: { selector: 'button#retry-pay', text: 'Try again' } },
  { type: 'custom', timestamp: at(46.7), name: 'payment_succeeded', properties: { attempt: 2, latency_ms: 2140, retry_after_seconds: 30 } },
  { type: 'navigate', timestamp: at(48), url: 'https://shop.greenbasket.example/order/confirmation' },
  { type: 'click', timestamp: at(240), target: { selector: 'button#edit', text: 'Edit order' } },
  { type: 'custom', timestamp: at(241), name: 'session_extended', properties: { extended_by_minutes: 10 } },
  { type: 'dead-click', timestamp: at(242), target: { selector: 'div.map-placeholder' } },
];

/** The first nine events: #0 to #8, 48 s of a session of 4 minutes. */
const FIRST_9 = 'slice:\n  mode: FIRST\n  event_limit: 9\n';

/** The findings (text, verdict) of `kind` of `answer` about the events, under the profile `yaml`. */
function found(kind: string, answer: string | Record<string, unknown>, yaml = '{}') {
  const session = parseSession({ id: 'u-4:s-1', events });
  const profile = parseProfile(yaml);
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter((finding) => finding.kind === kind).map(({ text, verdict }) => [text, verdict]);
}

/** The duration findings (text, verdict) of `answer` about the events, under the profile `yaml`. */
const durations = (answer: string | Record<string, unknown>, yaml = '{}') => found('duration', answer, yaml);

describe('groundAnswer: numbers of time under keys (fourth recall pass)', () => {
  it('holds a number of seconds under a key of an item that cites events to those events, as a sentence citing them', () => {
    const friction = [
      // #1 and #2 are 3.7 s apart.
      { kind: 'dead_click', event_indexes: [1, 2], seconds_lost: 4 },
      { kind: 'dead_click', event_indexes: [1, 2], seconds_lost: 25 },
      // #4 and #5 are 0.6 s apart: not 10 s, though the retry came 9.5 s after the failure.
      { kind: 'network_error', event_indexes: [4, 5], count: 1, seconds_lost: 10 },
      // One event: the time from it to the first or the last event the prompt shows (#8, 13 s later).
      { kind: 'network_error', event_indexes: [4], seconds_lost: 12 },
      { kind: 'network_error', event_indexes: [4], seconds_lost: 80 },
      // What a cited event records: #7's latency.
      { event: 7, latency_ms: 2140 },
    ];
    expect(durations({ friction }, FIRST_9)).toEqual([
      ['seconds_lost: 4', 'kept'],
      ['seconds_lost: 25', 'unsupported'],
      ['seconds_lost: 10', 'unsupported'],
      ['seconds_lost: 12', 'kept'],
      ['seconds_lost: 80', 'unsupported'],
      ['latency_ms: 2140', 'kept'],
    ]);
  });

  it('holds a number of seconds outside any item that cites events to the events the prompt shows, not to the whole session', () => {
    // The prompt shows #0 to #8, 48 s; the whole session lasts 4 minutes.
    const answer = (seconds: number) => ({ steps: [{ name: 'Pay', events: [{ index: 3 }, { index: 8 }] }], durations: { checkout_seconds: seconds, wait_minutes: 0.5 } });
    expect(durations(answer(48), FIRST_9)).toEqual([
      ['checkout_seconds: 48', 'kept'],
      ['wait_minutes: 0.5', 'kept'],
    ]);
    expect(durations(answer(200), FIRST_9)).toEqual([
      ['checkout_seconds: 200', 'unsupported'],
      ['wait_minutes: 0.5', 'kept'],
    ]);
    // A field the session records with that value: `retry_after_seconds: 30` of #7.
    expect(durations({ retry_after_seconds: 30 }, FIRST_9)).toEqual([['retry_after_seconds: 30', 'kept']]);
  });

  it('reads no moment, offset or figure of many as a time something took', () => {
    const answer = { start_s: 400, created_at_ms: 1, timestamp_ms: 1780000000000, offset_ms: 900000, avg_wait_s: 400, clicks_per_min: 400, max_gap_s: 400, seconds: 400, total_clicks: 4, seconds_lost: 0 };
    expect(durations(answer)).toEqual([]);
    expect(durations({ session_duration_s: 400, timeToBookSeconds: 400, secondsLost: 400 })).toEqual([
      ['session_duration_s: 400', 'unsupported'],
      ['timeToBookSeconds: 400', 'unsupported'],
      ['secondsLost: 400', 'unsupported'],
    ]);
  });

  it('reads an amount of time after `by`, or after `of` that follows a noun of a pause, as a duration', () => {
    // #10 records an extension of 10 minutes; the session lasts 4 minutes.
    expect(durations('The session was extended by 15 minutes (#10).')).toEqual([['by 15 minutes', 'unsupported']]);
    expect(durations('The session was extended by 10 minutes (#10).')).toEqual([['by 10 minutes', 'kept']]);
    // #4 came 35 s after the first event and 206 s before the last.
    expect(durations('A freeze of 10 seconds after the failed payment (#4).')).toEqual([['of 10 seconds', 'unsupported']]);
    expect(durations('A delay of 35 seconds before the failed payment (#4).')).toEqual([['of 35 seconds', 'kept']]);
    expect(durations('A set of 10 seconds (#4).')).toEqual([]);
  });

  it('keeps a duration in a text of an item that a kept event the item cites records', () => {
    const timeline = [
      { event_index: 10, what: 'the session now ends in 10 minutes' },
      // #9 is a click: nothing it records, and no two events are 10 minutes apart.
      { event_index: 9, what: 'the session now ends in 10 minutes' },
    ];
    expect(durations({ timeline })).toEqual([
      ['in 10 minutes', 'kept'],
      ['in 10 minutes', 'unsupported'],
    ]);
  });

  it('does not find a count dropped by the whole session when every event cited with it is shown and some are of its kind', () => {
    // The prompt shows the dead clicks #1 and #2; the third, #11, is past its limit.
    expect(found('count', '3 dead clicks on the full slots (#1, #2).', FIRST_9)).toEqual([['3 dead clicks', 'unsupported']]);
    // Said of no event, or citing the one the prompt left out: true of the whole session.
    expect(found('count', '3 dead clicks in the session.', FIRST_9)).toEqual([['3 dead clicks', 'dropped']]);
    expect(found('count', '3 dead clicks (#1, #2, #11).', FIRST_9)).toEqual([['3 dead clicks', 'dropped']]);
  });
});
