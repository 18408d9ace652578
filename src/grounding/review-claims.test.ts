// Claims a second reviewer's answers showed the checker misreading: a signal said of a named
// element, a count whose target follows `the`, an amount or a channel's name before a citation, a
// status after a citation, a count before its breakdown, a tap counted, and an item's page when
// its citations are of another kind.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { verdicts } from './test-support/checkout-source.js';

describe('groundAnswer: claims of the second review', () => {
  it('compares a friction signal said of a named element with that element, quoted or named as a label', () => {
    // “Apply coupon” was clicked and rage-clicked (#2, #5), never dead-clicked; the dead click (#6) is on the total.
    expect(verdicts('They made a dead click on “Apply coupon”, a rage click on the Apply coupon button and a dead click on the Apply coupon button.').filter(([kind]) => kind === 'count')).toEqual([
      ['count', 'a dead click', 'unsupported'],
      ['count', 'a rage click', 'kept'],
      ['count', 'a dead click', 'unsupported'],
    ]);
    // No click is on an element of that name: the signal is compared with any element's.
    expect(verdicts('They made a dead click on the Help button.')).toEqual([['count', 'a dead click', 'kept']]);
    // A count whose target comes after `the`.
    expect(verdicts('There was 1 rage click on the “€138.90” total and 1 dead click on the “€138.90” total.').filter(([kind]) => kind === 'count')).toEqual([
      ['count', '1 rage click', 'unsupported'],
      ['count', '1 dead click', 'kept'],
    ]);
  });

  it('reads a status after a citation, a count before its breakdown, and a tap counted', () => {
    expect(verdicts('The coupon request failed (#3) with a 500; another failed (#3) with a 502.').filter(([kind]) => kind !== 'event')).toEqual([
      ['text', 'with a 500', 'kept'],
      ['text', 'with a 502', 'unsupported'],
    ]);
    expect(verdicts('They made 6 dead clicks: twice on “€138.90”.').filter(([kind]) => kind === 'count')).toEqual([['count', '6 dead clicks', 'unsupported']]);
    expect(verdicts('They tapped “Apply coupon” twice and pressed “€138.90” twice.').filter(([kind]) => kind === 'count')).toEqual([
      ['count', 'tapped “Apply coupon” twice', 'kept'],
      ['count', 'pressed “€138.90” twice', 'unsupported'],
    ]);
  });

  it("holds an item's page to the events it cites, also when it says they are of another kind", () => {
    // #5 is a rage click on /cart; the item calls it a dead click, and its page is the coupon API's.
    const findings = groundAnswer(groundingSourceOf(), { friction: [{ kind: 'dead_click', description: 'Dead click on Apply coupon (#5)', page_url: 'https://shop.example/api/coupon' }] }).findings;
    expect(findings.filter(({ kind }) => kind === 'url').map(({ verdict }) => verdict)).toEqual(['unsupported']);
  });

  it('supports a citation by an amount or a name its event holds as a property', () => {
    const session = parseSession({
      id: 'u-2:s-1',
      events: [
        { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://gear.example/p/nx700' },
        { type: 'custom', timestamp: '2026-03-01T10:00:05Z', name: 'Product Added', properties: { price: 399, currency: 'AUD' } },
        { type: 'custom', timestamp: '2026-03-01T10:00:09Z', name: 'Product Added', properties: { price: 349, currency: 'AUD' } },
        { type: 'custom', timestamp: '2026-03-01T10:00:20Z', name: 'Slack Connected', properties: { channel: '#eng-planning' } },
      ],
    });
    const profile = parseProfile('{}');
    const source = groundingSource(profile, session, prepare(profile, session));
    const found = groundAnswer(source, 'They added it to the cart at A$399 (#1) and at A$349 (#2), then connected Slack to #eng-planning (#3); A$349 (#1) is wrong.').findings;
    expect(found.filter(({ kind }) => kind === 'event').map(({ text, verdict }) => [text, verdict])).toEqual([
      ['#1', 'kept'],
      ['#2', 'kept'],
      ['#3', 'kept'],
      ['#1', 'unsupported'],
    ]);
  });
});

describe('groundAnswer: a hyphen added inside a word of a quote', () => {
  it('finds the quote, and holds its citation, as the text without it', () => {
    const session = parseSession({
      id: 'u-4:s-1',
      events: [
        { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://ledger.example/pricing' },
        { type: 'click', timestamp: '2026-03-01T10:00:05Z', target: { selector: 'details#faq-3 summary', text: 'Do you offer discounts for nonprofits?' } },
      ],
    });
    const profile = parseProfile('{}');
    const source = groundingSource(profile, session, prepare(profile, session));
    expect(groundAnswer(source, 'They opened “Do you offer discounts for non-profits?” (#1) and later “Do you offer discounts for non-members?”.').findings.map(({ text, verdict }) => [text, verdict])).toEqual([
      ['“Do you offer discounts for non-profits?”', 'kept'],
      ['#1', 'kept'],
      ['“Do you offer discounts for non-members?”', 'unsupported'],
    ]);
  });
});

describe('groundAnswer: durations said of the events their clause cites', () => {
  // #0 at 0 s, #1 at 60 s, #2 at 65 s, #3 at 125 s, #4 at 330 s: some two events are about a minute apart, and two 5 s apart.
  const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, 0) + seconds * 1000).toISOString();
  const session = parseSession({
    id: 'u-3:s-1',
    events: [
      { type: 'navigate', timestamp: at(0), url: 'https://shop.example/' },
      { type: 'click', timestamp: at(60), target: { selector: 'a#a', text: 'Alpha' } },
      { type: 'click', timestamp: at(65), target: { selector: 'a#b', text: 'Beta' } },
      { type: 'click', timestamp: at(125), target: { selector: 'a#c', text: 'Gamma' } },
      { type: 'click', timestamp: at(330), target: { selector: 'a#d', text: 'Delta' } },
    ],
  });
  const profile = parseProfile('{}');
  const source = groundingSource(profile, session, prepare(profile, session));
  const durations = (answer: string) => groundAnswer(source, answer).findings.filter(({ kind }) => kind === 'duration').map(({ text, verdict }) => [text, verdict]);

  it('compares the time between the events cited with it, and the first and last the prompt shows', () => {
    expect(durations('They clicked “Alpha” (#1) about a minute after arriving (#0).')).toEqual([['about a minute', 'kept']]);
    // #0 to #3 is 125 s: that #1 and #3 are a minute apart does not make it true.
    expect(durations('They clicked “Gamma” (#3) about a minute after arriving (#0).')).toEqual([['about a minute', 'unsupported']]);
    // A duration in a clause that cites nothing is compared with any two events.
    expect(durations('They clicked “Gamma” (#3), about a minute after the first click.')).toEqual([['about a minute', 'kept']]);
  });

  it('reads halves and a tilde', () => {
    expect(durations('They browsed for two and a half minutes, then for a minute and a half, and ~9 minutes in all.')).toEqual([
      ['for two and a half minutes', 'kept'],
      ['for a minute and a half', 'unsupported'],
      ['~9 minutes', 'unsupported'],
    ]);
  });

  it('counts a duration from the event cited before its clause, and holds `within` to the two events its clause cites', () => {
    expect(durations('They clicked “Beta” (#2). About a minute later they clicked “Gamma” (#3).')).toEqual([['About a minute', 'kept']]);
    expect(durations('Within 10 seconds of arriving (#0) they clicked “Alpha” (#1).')).toEqual([['Within 10 seconds', 'unsupported']]);
    expect(durations('Within 10 seconds of clicking “Alpha” (#1) they clicked “Beta” (#2).')).toEqual([['Within 10 seconds', 'kept']]);
  });
});

function groundingSourceOf() {
  const session = parseSession({
    id: 'u-1:s-2',
    events: [
      { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/cart' },
      { type: 'click', timestamp: '2026-03-01T10:00:05Z', target: { selector: 'button#apply-coupon', text: 'Apply coupon' } },
      { type: 'network-error', timestamp: '2026-03-01T10:00:06Z', method: 'POST', url: 'https://shop.example/api/coupon', status: 500 },
      { type: 'console-error', timestamp: '2026-03-01T10:00:06.2Z', message: 'TypeError: total is undefined' },
      { type: 'dead-click', timestamp: '2026-03-01T10:00:08Z', target: { selector: 'span.total', text: '€138.90' } },
      { type: 'rage-click', timestamp: '2026-03-01T10:00:09Z', target: { selector: 'button#apply-coupon', text: 'Apply coupon' }, count: 5 },
    ],
  });
  const profile = parseProfile('{}');
  return groundingSource(profile, session, prepare(profile, session));
}
