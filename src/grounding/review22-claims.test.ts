// Claims a twenty-second reviewer's structured answers about a grocery order showed the checker
// misjudging: a timeline item's offset under `at_offset_s`, and an item's text that starts with a
// friction signal the prompt shows none of (`"what": "dead click on …"` citing a click).

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 17:46:12 UTC, two minutes.
const at = (seconds: number) => new Date(Date.UTC(2027, 5, 9, 17, 46, 12) + seconds * 1000).toISOString();

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://shop.greenbasket.example/checkout/payment' },
  { type: 'click', timestamp: at(15), target: { selector: 'button#pay', text: 'Pay €39.55' } },
  { type: 'network-error', timestamp: at(20), url: 'https://api.greenbasket.example/v1/payments', method: 'POST', status: 502 },
  { type: 'click', timestamp: at(30), target: { selector: 'button#retry-pay', text: 'Try again' } },
  { type: 'dead-click', timestamp: at(60), target: { selector: 'img.map-placeholder' } },
];

/** The findings (kind, text, verdict) of `answer` about the events under a profile of `profile` (YAML), of the kinds `kinds`. */
function found(answer: Record<string, unknown>, kinds: readonly string[], profile = '{}') {
  const session = parseSession({ id: 'u-22:s-1', events });
  const parsed = parseProfile(profile);
  const { findings } = groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the twenty-second review', () => {
  it('reads an item’s at_offset_s as the time of the event it cites under index', () => {
    const timeline = [
      { index: 1, at_offset_s: 15, what: 'tapped “Pay €39.55”' },
      { index: 3, at_offset_s: 42, what: 'retried' },
    ];
    expect(found({ timeline }, ['duration'])).toEqual([
      ['duration', 'at_offset_s: 15', 'kept'],
      ['duration', 'at_offset_s: 42', 'unsupported'],
    ]);
  });

  it('holds an item’s text that starts with a signal the prompt shows none of to the event it cites', () => {
    const timeline = [
      { index: 1, what: 'dead click on “Pay €39.55”' },
      { index: 3, what: 'click on “Try again”' },
    ];
    // The profile leaves out the dead click and the failed request: the prompt shows no dead click.
    expect(found({ timeline }, ['event'], 'events:\n  exclude_types: [dead-click, network-error]\n')).toEqual([
      ['event', '#1', 'unsupported'],
      ['event', '#3', 'kept'],
    ]);
  });

  it('holds an item’s type that is an event type as the prompt writes it to the event the item cites', () => {
    const steps = [
      { type: 'navigate', index: 0 },
      { type: 'click', index: 3 },
      // The item's own category is no event type: not compared.
      { type: 'payment', index: 2 },
      { type: 'navigate', index: 1 },
      // A dead click is a click.
      { event_type: 'click', index: 4 },
    ];
    expect(found({ steps }, ['event'])).toEqual([
      ['event', '#0', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#2', 'kept'],
      ['event', '#1', 'unsupported'],
      ['event', '#4', 'kept'],
    ]);
  });
});
