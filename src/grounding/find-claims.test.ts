import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadGroundedCorpus } from '../../test/grounding-corpus/load-corpus.js';
import { findClaims, findClaimsWithoutProbes } from './find-claims.js';

/** Pieces each claim pattern (and its probe) looks for, and near misses of them. */
const PIECES = [
  'www.', 'shop.example/', '.com/', 'https://a.b/c', 'HTTP://X.Y/', '/cart?x=1', '`', '"', "'", '“', '”', '«', '»', '„', '‚', '‘', '「', '」', '#', '#12', '#3–#5', '#a', 'event ', 'Events ', 'event index ', 'event no. ', '(#3', '(', ')', '[', ']', ', ', ' and ', '; ', ' & ', '–', 'Checkout Started', ' fired ', ' was logged ', 'once', ' 3 times',
  'div.x', 'button#go', 'span.total', '.', '/', ':', '-', ' ', '\n', 'a', 'x', 'ex', '3', '12', 'two', 'Twice', 'times', 'TIMES', 'clicks',
  'rage-clicked', 'dead clicks', 'errors', 'x5', '×', '5x', '10:00', 'returned a 404', '500', '_503', '#9500', ' error', '$', '€', '£', '¥', '₹', 'EUR ', ' USD', 'A$399', '12,50 €', ' 2 minutes', '1:51', '2m', '2 M', 's', 'm', 'h', 'sec', 'min', 'hr', 'Hour', 'after', 'in', 'for 3 s',
  ' on a mobile device', 'on ', 'On ', 'with ', 'the ', 'Mobile', 'desktop', ' Desktop ', ' phone', 'in Safari', 'using Chrome', 'Chrome', 'Edge', ' on Windows', 'macOS', 'Mac OS X', ' running iOS', 'Android',
];

describe('findClaims', () => {
  test('finds the same claims as when every pattern runs, on texts made of the pieces the patterns and their probes look for', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(findClaims(text)).toEqual(findClaimsWithoutProbes(text));
      }),
      { numRuns: 20_000 },
    );
  });

  test('finds the same claims as when every pattern runs, on every string of the labelled corpus answers', async () => {
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const entry of await loadGroundedCorpus()) collect(entry.answer);
    expect(texts.length).toBeGreaterThan(50);
    for (const text of texts) expect(findClaims(text)).toEqual(findClaimsWithoutProbes(text));
  });

  test('a probe that misses keeps its pattern from running, and one inside a claim already found does too', () => {
    // No unit: no duration. A `.tld/` only inside the full URL: no second, bare URL.
    expect(findClaims('after 3 steps they left').filter((claim) => claim.kind === 'duration')).toEqual([]);
    expect(findClaims('see https://shop.example/cart now').map((claim) => [claim.kind, claim.text])).toEqual([['url', 'https://shop.example/cart']]);
    expect(findClaims('see shop.example/cart and #coupon-code').map((claim) => [claim.kind, claim.text])).toEqual([
      ['url', 'shop.example/cart'],
      ['selector', '#coupon-code'],
    ]);
  });

  test('a #N after a determiner or a possessive and before a word is a rank, not an event reference', () => {
    const events = (text: string) => findClaims(text).filter((claim) => claim.kind === 'event').map((claim) => claim.text);
    expect(events("The coupon was the user's #1 problem, their #2 complaint was shipping, and Stripe’s #1 issue showed at #4.")).toEqual(['#4']);
    expect(events('The #1 reason: the click at #3; the user saw #5 and the #7.')).toEqual(['#3', '#5', '#7']);
    expect(events('Clicks #3 failed, then #4–#6 repeated it (#8).')).toEqual(['#3', '#4–#6', '#4–#6', '#4–#6', '#8']);
  });

  test('an event cited by the word is an event reference, and a number of times or a measure after "event" is not', () => {
    const events = (text: string) => findClaims(text).filter((claim) => claim.kind === 'event').map((claim) => [claim.text, claim.index]);
    expect(events('The coupon failed (event 33); events 34–35 followed, Event index 36 and event no. 2 too.')).toEqual([
      ['event 33', 33],
      ['events 34–35', 34],
      ['events 34–35', 35],
      ['Event index 36', 36],
      ['event no. 2', 2],
    ]);
    expect(events('The Signup event 3 times, an event 2 seconds later, events 12 of 40, event 5x, event 1.5 s.')).toEqual([]);
    // The numbers after a #N in a bracketed list of citations are citations too.
    expect(events('It failed (#33, 34, 250) [#3–5 and 7; 9] — at #30, 2 errors (#31, 2 errors).')).toEqual([
      ['#33', 33],
      ['34', 34],
      ['250', 250],
      ['#3–5', 3],
      ['#3–5', 4],
      ['#3–5', 5],
      ['7', 7],
      ['9', 9],
      ['#30', 30],
      ['#31', 31],
    ]);
    // "Event #6" is read once.
    expect(events('Event #6 failed.')).toEqual([['#6', 6]]);
  });

  test("a #N after a label that numbers the answer's own items, or before a rank noun, is no event reference", () => {
    const events = (text: string) => findClaims(text).filter((claim) => claim.kind === 'event').map((claim) => claim.text);
    expect(events('**Issue #1: Coupon failure** (#33). Issue #2 — dead click (#36). Step #1: land (#0). Priority: #1. Recommendation #2: fix it.')).toEqual(['#33', '#36', '#0']);
    expect(events('1. #1 priority: the coupon; #2 reason: the total. Top #3 friction.')).toEqual([]);
    // After a plural, or with no label, a #N stays a reference.
    expect(events('In steps #3–#4 and at #5 the user paid; Event #6 failed.')).toEqual(['#3–#4', '#3–#4', '#5', '#6']);
    // A lowercase label with nothing after the number reads as prose: "the next step #16".
    expect(events('In the next step #16 the user added it; issue #2: none.')).toEqual(['#16']);
  });

  test('a quote of punctuation only, in backticks too, is no claim', () => {
    expect(findClaims('The `>` and `[]` buttons, "…" and `→`; the `Next >` button.').map((claim) => claim.text)).toEqual(['`Next >`']);
  });

  test('finds quotes as other languages write them', () => {
    const quotes = (text: string) => findClaims(text).map((claim) => (claim.kind === 'text' ? claim.quote : claim.kind));
    expect(quotes('Er klickte „Apply coupon“ und ‚Weiter‘, sah »Add to cart« und „Next image”; 用户点击了「Apply coupon」和『立即购买』。')).toEqual([
      'Apply coupon',
      'Weiter',
      'Add to cart',
      'Next image',
      'Apply coupon',
      '立即购买',
    ]);
  });

  test('an abbreviation, a file name or a method call is no selector', () => {
    const selectors = (text: string) => findClaims(text).filter((claim) => claim.kind === 'selector').map((claim) => claim.text);
    expect(selectors('She (a.k.a. the shopper) left at 10:02 a.m., p.s. it failed in main.js and app.css; form.submit() ran; see th.e li.active tab.')).toEqual(['li.active']);
    // In backticks, a file name is a quote (of an error's source, say).
    expect(findClaims('The `main.js` bundle; the `a.k.a` note; the span.total and button#add.js.').map((claim) => [claim.kind, claim.text])).toEqual([
      ['text', '`main.js`'],
      ['text', '`a.k.a`'],
      ['selector', 'span.total'],
      ['selector', 'button#add.js'],
    ]);
  });

  test('a hex colour is no selector and no event, and a price per unit is no path', () => {
    const claims = (text: string) => findClaims(text).map((claim) => [claim.kind, claim.text]);
    expect(claims('The button is #fff on #000, the link `#1a73e8`, the banner #EEEEEE.')).toEqual([]);
    // The amount is a claim of its own (see amounts.ts); what follows it is no path.
    expect(claims('It costs 129€/unit or 5 $/month, 20%/year.')).toEqual([['text', '129€']]);
    // Ids that read as hex words, events, and paths after a space stay claims.
    expect(claims('They used #add and #cafe at #3 and #333, then opened /pricing.')).toEqual([
      ['selector', '#add'],
      ['selector', '#cafe'],
      ['event', '#3'],
      ['event', '#333'],
      ['url', '/pricing'],
    ]);
  });

  test('finds the claims of an answer of hundreds of thousands of claims, each overlap asked in the length of the claim', () => {
    // Each overlap was asked of every claim taken before: this answer took minutes (the timeout
    // is far above what the linear search needs, so it fails only if that comes back).
    const claims = findClaims('#0 #5 "Pay now" /cart '.repeat(50_000));
    expect(claims).toHaveLength(200_000);
    expect(claims.slice(0, 4).map((claim) => [claim.kind, claim.text])).toEqual([
      ['event', '#0'],
      ['event', '#5'],
      ['text', '"Pay now"'],
      ['url', '/cart'],
    ]);
  }, 60_000);
});
