// groundAnswer on counts and numbers: what a number next to an event type claims, and what it does not.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { source, verdicts } from './test-support/checkout-source.js';

describe('groundAnswer: counts and numbers', () => {
  it('reads "zero" as a number', () => {
    expect(verdicts('There were zero dead clicks and zero page views.')).toEqual([
      ['count', 'zero dead clicks', 'unsupported'],
      ['count', 'zero page views', 'unsupported'],
    ]);
  });

  it('reads no count in a compound noun, or a number another verb takes', () => {
    expect(verdicts('No reloads: 0 page reloads, 2 page refreshes and 3 click targets.')).toEqual([]);
    // The verbs alone say a rage click and a dead click happened, no more.
    expect(verdicts('They rage-clicked Apply coupon, then retried 3 times; they dead-clicked the total and scrolled 0 times.')).toEqual([
      ['count', 'rage-clicked', 'kept'],
      ['count', 'dead-clicked', 'kept'],
    ]);
  });

  it('reads "twice", "×5", "x5" and "5x" after a click verb as so many times', () => {
    expect(verdicts('They rage-clicked "Apply coupon" twice, dead-clicked the total twice, and the request failed twice.')).toEqual([
      ['count', 'rage-clicked "Apply coupon" twice', 'unsupported'],
      ['text', '"Apply coupon"', 'kept'],
      ['count', 'dead-clicked the total twice', 'unsupported'],
    ]);
    // Not inside a quote, as in a product's name.
    expect(verdicts('They dead-clicked "Bolt M8 x 30" and "Bolt x30".')).toEqual([
      ['count', 'dead-clicked', 'kept'],
      ['text', '"Bolt M8 x 30"', 'unsupported'],
      ['text', '"Bolt x30"', 'unsupported'],
    ]);
    expect(verdicts('They rage-clicked Apply coupon x5, rage clicks (×5) again, then rage clicked 7x; the page is 1440x900.')).toEqual([
      ['count', 'rage-clicked Apply coupon x5', 'kept'],
      ['count', 'rage clicks (×5', 'kept'],
      ['count', 'rage clicked 7x', 'unsupported'],
    ]);
  });

  it('supports a count by the kept events of its types cited right next to it', () => {
    // 3 click-like events are kept (#2 click, #5 rage click, #6 dead click): 2 is no total.
    expect(verdicts('They made 2 clicks (#2, #5); later #5 and #6 (two clicks); not 2 clicks (#2, #3), 2 clicks (#2) or 2 clicks. 2 clicks, #2–#5.').filter(([kind]) => kind === 'count')).toEqual([
      ['count', '2 clicks', 'kept'],
      ['count', 'two clicks', 'kept'],
      ['count', '2 clicks', 'unsupported'],
      ['count', '2 clicks', 'unsupported'],
      ['count', '2 clicks', 'unsupported'],
      ['count', '2 clicks', 'unsupported'],
    ]);
  });

  it('reads a count of a part of the events as at most a total', () => {
    // The prompt shows 3 click-like events (the rage click alone was 5 clicks), 2 errors and 6 events.
    expect(verdicts('The first 2 clicks and the last 4 events were on the coupon; those 3 errors followed. After 5 clicks, 2 events later, they left; it took 8 clicks.')).toEqual([
      ['count', '2 clicks', 'kept'],
      ['count', '4 events', 'kept'],
      ['count', '3 errors', 'unsupported'],
      ['count', '5 clicks', 'kept'],
      ['count', '2 events', 'kept'],
      ['count', '8 clicks', 'unsupported'],
    ]);
    // A total stays a total: "resulted in 3 clicks" is not a part.
    expect(verdicts('It resulted in 4 clicks.')).toEqual([['count', '4 clicks', 'unsupported']]);
  });

  it('narrows a count by the words before its topic to the events on what they name', () => {
    // The coupon button had a click and a rage click of 5 clicks: 2 events, 6 clicks; 3 clicks of every kind in all.
    expect(verdicts('They made 2 coupon clicks, then 6 coupon clicks in all, not 3 coupon clicks; 3 separate clicks; 1 navigation event.')).toEqual([
      ['count', '2 coupon clicks', 'kept'],
      ['count', '6 coupon clicks', 'kept'],
      ['count', '3 coupon clicks', 'unsupported'],
      ['count', '3 separate clicks', 'kept'],
      ['count', '1 navigation event', 'kept'],
    ]);
  });

  it('counts what a count names in the kept events only: a dropped event makes a count dropped', () => {
    expect(verdicts('There were 2 page views.')).toEqual([['count', '2 page views', 'dropped']]);
    expect(verdicts('There was one page view and three dead clicks.')).toEqual([
      ['count', 'one page view', 'kept'],
      ['count', 'three dead clicks', 'unsupported'],
    ]);
  });

  it('scores 1 when an answer makes no checkable claim, and ignores a status code said of a page', () => {
    const report = groundAnswer(source, 'The shopper seemed frustrated by the 404 page and the price; 500 units were in stock.');
    expect(report).toEqual({ score: 1, findings: [], unsupported: [], dropped: [] });
  });

  it('reads several, multiple, a few and a couple of events as at least two', () => {
    // The checkout session's prompt: one dead click, one console error, one failed request, one rage click of 5 clicks.
    // Rage clicks count as the rage click's clicks too, as a number of them does ("5 rage clicks").
    expect(verdicts('Several dead clicks, a couple of console errors, multiple rage clicks, a few clicks on the coupon.')).toEqual([
      ['count', 'Several dead clicks', 'unsupported'],
      ['count', 'a couple of console errors', 'unsupported'],
      ['count', 'multiple rage clicks', 'kept'],
      ['count', 'a few clicks', 'kept'],
    ]);
    expect(groundAnswer(source, 'Several dead clicks.').unsupported[0]?.reason).toBe('the session has fewer dead-click events than 2; the prompt shows 1');
    expect(verdicts('They never hit several errors, and several events followed.')).toEqual([]);
  });

  it('checks an amount of money written without quotes, however the session writes it, and not one worked out', () => {
    // The session holds "€138.90" (a dead click's text); the prompt shows no €150 and no $1,299.
    expect(verdicts('The total was €138.90 (138,90 €, EUR 138.9); the page then showed €150.00 and $1,299.')).toEqual([
      ['text', '€138.90', 'kept'],
      ['text', '138,90 €', 'kept'],
      ['text', 'EUR 138.9', 'kept'],
      ['text', '€150.00', 'unsupported'],
      ['text', '$1,299', 'unsupported'],
    ]);
    expect(groundAnswer(source, 'It came to €150.').unsupported[0]?.reason).toBe('no event of the session has this amount');
    expect(verdicts('They saved €25 with it, about €140 in all, and did not pay €99.')).toEqual([]);
    // Dollars of other countries, by sign or code.
    expect(verdicts('They paid A$138.90, then AUD 999.10, C$ 12 and NZD 40.')).toEqual([
      ['text', 'A$138.90', 'kept'],
      ['text', 'AUD 999.10', 'unsupported'],
      ['text', 'C$ 12', 'unsupported'],
      ['text', 'NZD 40', 'unsupported'],
    ]);
  });

  it('compares a count of events named like a custom event with the custom events of that name', () => {
    const coupons = parseSession({
      id: 'u-1:s-5',
      events: [
        { type: 'custom', name: 'Coupon Entered', timestamp: '2026-03-01T10:00:00Z' },
        { type: 'click', timestamp: '2026-03-01T10:00:01Z', target: { selector: 'button#apply', text: 'Apply' } },
        { type: 'click', timestamp: '2026-03-01T10:00:02Z', target: { selector: 'button#apply', text: 'Apply' } },
        { type: 'custom', name: 'Coupon Entered', timestamp: '2026-03-01T10:00:03Z' },
        { type: 'custom', name: 'Checkout Started', timestamp: '2026-03-01T10:00:04Z' },
      ],
    });
    const couponSource = groundingSource({}, coupons, prepare({}, coupons));
    const found = (answer: string) => groundAnswer(couponSource, answer).findings.map(({ text, verdict }) => [text, verdict]);
    expect(found('2 Coupon Entered events, one checkout started event, 2 Checkout Started events and 5 events.')).toEqual([
      ['2 Coupon Entered events', 'kept'],
      ['one checkout started event', 'kept'],
      ['2 Checkout Started events', 'unsupported'],
      ['5 events', 'kept'],
    ]);
    expect(groundAnswer(couponSource, 'They fired 3 Coupon Entered events.').unsupported[0]?.reason).toBe('no count of “Coupon Entered” events in the session is 3; the prompt shows 2');
    // "<name> fired N times": the custom events of that name; words no text of the session is, no claim.
    expect(found('Coupon Entered fired twice, the “Checkout Started” event was triggered 3 times, Apply was logged once and Nothing happened twice.')).toEqual([
      ['Coupon Entered fired twice', 'kept'],
      ['“Checkout Started”', 'kept'],
      ['“Checkout Started” event was triggered 3 times', 'unsupported'],
      ['Apply was logged once', 'unsupported'],
    ]);
  });

  it('supports an amount a session holds in cents under a name that says so (Stripe\'s amount, total_cents)', () => {
    const paid = parseSession({
      id: 'u-1:s-3',
      events: [
        { type: 'custom', name: 'Payment Intent Created', timestamp: '2026-03-01T10:00:00Z', properties: { amount: 13890, currency: 'eur' } },
        { type: 'custom', name: 'Order Placed', timestamp: '2026-03-01T10:00:05Z', properties: { total_cents: 4599, unit_amount: 1250, order: 9900 } },
      ],
    });
    const paidSource = groundingSource({}, paid, prepare({}, paid));
    const found = (answer: string) => groundAnswer(paidSource, answer).findings.map(({ text, verdict }) => [text, verdict]);
    expect(found('An intent for €138.90, an order of $45.99 with items at $12.50. It paid $99.00, then €150.')).toEqual([
      ['€138.90', 'kept'],
      ['$45.99', 'kept'],
      ['$12.50', 'kept'],
      ['$99.00', 'unsupported'],
      ['€150', 'unsupported'],
    ]);
  });

  it('does not find an amount in a date, a time, a version, an id or a bigger number', () => {
    const booked = parseSession({
      id: 'u-1:s-4',
      events: [
        { type: 'custom', name: 'Booking', timestamp: '2026-03-01T10:00:00Z', properties: { date: '2026-06-12', at: '10:45', app: '3.12.0', ref: 'A-7-B', share: '1/9', total: '1,299.00' } },
        { type: 'navigate', timestamp: '2026-03-01T10:00:05Z', url: 'https://shop.example/orders/33', title: 'Gym from £19.99/month, fee 5' },
      ],
    });
    const bookedSource = groundingSource({}, booked, prepare({}, booked));
    const found = (answer: string) => groundAnswer(bookedSource, answer).findings.map(({ text, verdict }) => [text, verdict]);
    expect(found('It cost 12 €, then €45, $10, $3.12, €7, €9 and €1; the order was €33.')).toEqual([
      ['12 €', 'unsupported'],
      ['€45', 'unsupported'],
      ['$10', 'unsupported'],
      ['$3.12', 'unsupported'],
      ['€7', 'unsupported'],
      ['€9', 'unsupported'],
      ['€1', 'unsupported'],
      ['€33', 'unsupported'],
    ]);
    // Said of the event that holds the date: the event does not hold the amount either.
    expect(groundAnswer(bookedSource, 'The booking (#0) cost €12.').findings.map(({ text, verdict, reason }) => [text, verdict, reason])).toEqual([
      ['#0', 'kept', undefined],
      ['€12', 'unsupported', 'no event of the session has this amount'],
    ]);
    // The same numbers standing as amounts: a price before a unit, a total with its thousands, a fee.
    expect(found('Plans from £19.99, a cart at $1,299 and a fee of €5.')).toEqual([
      ['£19.99', 'kept'],
      ['$1,299', 'kept'],
      ['€5', 'kept'],
    ]);
  });

  it('reads a number in bold as a count, a status code or so many times', () => {
    expect(verdicts('The request returned **500**; **2** errors; rage-clicked **5** times; **4** dead clicks.')).toEqual([
      ['text', 'returned **500**', 'kept'],
      ['count', '2** errors', 'kept'],
      ['count', 'rage-clicked **5** times', 'kept'],
      ['count', '4** dead clicks', 'unsupported'],
    ]);
  });

  it('supports a quoted field with its value, however the answer writes the pair', () => {
    expect(verdicts('The request had `status=500`, `"method": "POST"` and `status: 404`; the rage click `count: 5`.')).toEqual([
      ['text', '`status=500`', 'kept'],
      ['text', '`"method": "POST"`', 'kept'],
      ['text', '`status: 404`', 'unsupported'],
      ['text', '`count: 5`', 'kept'],
    ]);
  });

  it('checks the status code a request got as a quote of it', () => {
    // A success is not recorded: "returned 200" is no claim.
    expect(verdicts('The cart request returned 200 and the page returned a 301.')).toEqual([]);
    // A status denied ("not a 502", "never returned a 404") is no claim.
    expect(verdicts('The coupon request failed with HTTP 500 (a 500 error), not a 502 Bad Gateway; it never returned a 404, and returned 500 results.')).toEqual([
      ['text', 'failed with HTTP 500', 'kept'],
      ['text', '500 error', 'kept'],
    ]);
    expect(verdicts('The coupon request failed with a 502 Bad Gateway.')).toEqual([['text', '502 Bad Gateway', 'unsupported']]);
    expect(verdicts('The user hit a 404, then the coupon request got a 500; they got 500 points and saw 404 results.')).toEqual([
      ['text', 'hit a 404', 'unsupported'],
      ['text', 'got a 500', 'kept'],
    ]);
  });

  it('narrows "events" to an event type named before it, and reads "clicked <selector> N times" across the selector', () => {
    expect(verdicts('They saw 1 element-seen event and 6 events in all.')).toEqual([
      ['count', '1 element-seen event', 'dropped'],
      ['count', '6 events', 'kept'],
    ]);
    expect(verdicts('The user clicked `aside.summary button#apply-coupon` 6 times.')).toEqual([
      ['count', 'clicked `aside.summary button#apply-coupon` 6 times', 'kept'],
      ['selector', '`aside.summary button#apply-coupon`', 'kept'],
    ]);
  });

  it('compares a count said of one element, message or URL with that target\'s events, and says what the prompt shows when none fits', () => {
    const many = parseSession({
      id: 'u-1:s-2',
      events: [
        ...['Material', 'Material', 'Length', 'Material'].map((text, second) => ({ type: 'dead-click', timestamp: `2026-03-01T10:00:0${second}Z`, target: { selector: 'label.facet', text } })),
        { type: 'rage-click', timestamp: '2026-03-01T10:00:05Z', target: { selector: 'button#refresh', text: 'Refresh' }, count: 4 },
        { type: 'rage-click', timestamp: '2026-03-01T10:00:06Z', target: { selector: 'button#refresh', text: 'Refresh' }, count: 4 },
      ],
    });
    const manySource = groundingSource({}, many, prepare({}, many));
    const found = (answer: string) => groundAnswer(manySource, answer).findings.map(({ text, verdict }) => [text, verdict]);
    expect(found('3 dead clicks on "Material"; 1 dead click on "Length"; 8 clicks in rage clicks on "Refresh".')).toEqual([
      ['3 dead clicks', 'kept'],
      ['"Material"', 'kept'],
      ['1 dead click', 'kept'],
      ['"Length"', 'kept'],
      ['8 clicks', 'kept'],
      ['"Refresh"', 'kept'],
    ]);
    expect(found('6 clicks in rage clicks on "Refresh".')).toEqual([
      ['6 clicks', 'unsupported'],
      ['"Refresh"', 'kept'],
    ]);
    // Without "on …" a count is a total: 3 of the 4 dead clicks is not "3 dead clicks"; with it, the target named is counted.
    expect(found('There were 3 dead clicks.')).toEqual([['3 dead clicks', 'unsupported']]);
    expect(found('3 dead clicks on "Length", 4 dead clicks on "Material", 4 dead clicks on `label.facet`.')).toEqual([
      ['3 dead clicks', 'unsupported'],
      ['"Length"', 'kept'],
      ['4 dead clicks', 'unsupported'],
      ['"Material"', 'kept'],
      ['4 dead clicks', 'kept'],
      ['`label.facet`', 'kept'],
    ]);
    expect(groundAnswer(manySource, 'There were 5 dead clicks.').unsupported[0]?.reason).toBe('no count of dead-click events in the session is 5; the prompt shows 4');
  });

  it('reads "rage-clicked … N times" only up to the next click, so each count is checked on its own', () => {
    expect(verdicts('It had 2 rage clicks and the user rage-clicked the button 5 times.')).toEqual([
      ['count', '2 rage clicks', 'unsupported'],
      ['count', 'rage-clicked the button 5 times', 'kept'],
    ]);
    expect(verdicts('They rage-clicked Apply, then clicked the total 1 times.')).toEqual([
      ['count', 'rage-clicked', 'kept'],
      ['count', 'clicked the total 1 times', 'kept'],
    ]);
  });

});
