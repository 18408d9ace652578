// Claims a tenth reviewer's invented answers showed the checker missing: a time said `… later`
// right before the citation of where it ends, counted from the end of the prompt instead; the page
// of a structured item's cited event named with a URL only events the profile left out hold; a
// rage click item's count that only another element's rage click (left out) had; and
// an amount matched to a number a text holds that is no money (`Basket (3) · £26.70`, `count: 3`).

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 7, 21, 18, 40, 0) + seconds * 1000).toISOString();
const pay = { selector: 'button#pay', text: 'Pay £31.24' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://order.food.example/checkout?step=address' },
  { type: 'click', timestamp: at(10), target: { selector: 'header button#basket', text: 'Basket (3) · £26.70' } },
  { type: 'navigate', timestamp: at(20), url: 'https://order.food.example/checkout?step=payment' },
  { type: 'dead-click', timestamp: at(30), target: { selector: 'div.promo-error span.terms', text: 'See terms' } },
  { type: 'click', timestamp: at(40), target: pay },
  { type: 'network-error', timestamp: at(55), method: 'POST', url: 'https://api.food.example/v2/payments', status: 502 },
  { type: 'rage-click', timestamp: at(100), target: pay, count: 3 },
  { type: 'click', timestamp: at(115), target: { selector: 'button#apple-pay', text: 'Pay with Apple Pay' } },
  { type: 'click', timestamp: at(140), target: { selector: 'a#track-order', text: 'Track order' } },
];

/** The findings (kind, text, verdict) of `answer` about the events under `profile` (YAML). */
function found(answer: string | Record<string, unknown>, profile = '{}', list: readonly Record<string, unknown>[] = events) {
  const session = parseSession({ id: 'u-10:s-1', events: list });
  const parsed = parseProfile(profile);
  return groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the tenth review', () => {
  it('counts a time said `later` right before a citation up to that event, not from it to the end of the prompt', () => {
    // #6 to the last event (#8) is 40 s; #6 to #7 is 15 s, #4 to #7 75 s.
    const durations = (answer: string) => found(answer).filter(([kind]) => kind === 'duration');
    expect(durations('They rage-clicked “Pay £31.24” (#6) before switching to Apple Pay about 40 seconds later (#7).')).toEqual([['duration', 'about 40 seconds', 'unsupported']]);
    expect(durations('They rage-clicked “Pay £31.24” (#6) before switching to Apple Pay about 15 seconds later (#7).')).toEqual([['duration', 'about 15 seconds', 'kept']]);
    // With no citation after it, the events of its clause may still be where it starts.
    expect(durations('They rage-clicked “Pay £31.24” (#6) and left about 40 seconds later.')).toEqual([['duration', 'about 40 seconds', 'kept']]);
  });

  it('finds a structured item’s page unsupported when only left-out events hold it and the prompt shows its event on another page', () => {
    const item = { friction: [{ kind: 'dead_click', description: 'Tapped “See terms” (#3)', page_url: 'https://order.food.example/checkout?step=address' }] };
    const pages = (profile: string) => found(item, profile).filter(([kind]) => kind === 'url');
    expect(pages('slice:\n  mode: LAST\n  event_limit: 7\n')).toEqual([['url', 'https://order.food.example/checkout?step=address', 'unsupported']]);
    // The prompt shows #3 on no page (the slice starts after its page loaded): the page may be it.
    expect(pages('slice:\n  mode: LAST\n  event_limit: 6\n')).toEqual([['url', 'https://order.food.example/checkout?step=address', 'dropped']]);
  });

  it('holds a rage click item’s count to the rage clicks it cites, not to another element’s clicks the profile left out', () => {
    const withEarlier = [{ type: 'rage-click', timestamp: at(-20), target: { selector: 'button#check-address', text: 'Check address' }, count: 4 }, ...events];
    const counts = (count: number) => found({ friction: [{ kind: 'rage_click', description: 'Rage-clicked “Pay £31.24” (#7)', count }] }, 'slice:\n  mode: LAST\n  event_limit: 9\n', withEarlier).filter(([kind, text]) => kind === 'count' && String(text).startsWith('count:'));
    expect(counts(4)).toEqual([['count', 'count: 4', 'unsupported']]);
    expect(counts(3)).toEqual([['count', 'count: 3', 'kept']]);
    // Two rage clicks in the whole session: how many there were, the profile left one out.
    expect(counts(2)).toEqual([['count', 'count: 2', 'dropped']]);
  });

  it('does not read a bare number of a priced text, or a count, as an amount', () => {
    const amounts = found('They picked a £3 tip, paid £26.70 and then £31.24.').filter(([kind]) => kind === 'text');
    expect(amounts).toEqual([
      ['text', '£3', 'unsupported'],
      ['text', '£26.70', 'kept'],
      ['text', '£31.24', 'kept'],
    ]);
  });
});
