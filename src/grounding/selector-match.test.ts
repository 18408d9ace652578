import { describe, expect, test } from 'vitest';
import { groundAnswer } from './ground-answer.js';
import { indexOfSelector, selectorParts, selectorPartsMatch } from './selector-match.js';
import { source } from './test-support/checkout-source.js';

const matches = (recorded: string, claim: string): boolean => {
  const recordedParts = selectorParts(recorded);
  const claimParts = selectorParts(claim);
  return recordedParts !== undefined && claimParts !== undefined && selectorPartsMatch(recordedParts, claimParts);
};

describe('selectorPartsMatch', () => {
  test('a selector without tag names, with a child for a descendant, or with attributes quoted otherwise selects what the recorded one does', () => {
    expect(matches('div#cookie-banner button.accept-all', '#cookie-banner .accept-all')).toBe(true);
    expect(matches('aside.order-summary span.total-amount', 'aside.order-summary > span.total-amount')).toBe(true);
    expect(matches("fieldset.size-picker label[for='size-M']", 'label[for=size-M]')).toBe(true);
    expect(matches("fieldset.size-picker label[for='size-M']", 'label[for="size-m"]')).toBe(true);
    expect(matches('button#add-to-cart', 'button[id="add-to-cart"]')).toBe(true);
    expect(matches('div.cart-summary button#checkout', 'div.cart-summary #checkout')).toBe(true);
  });

  test('a part the recorded selector lacks, or parts in another order, select something else', () => {
    expect(matches('div#cookie-banner button.accept-all', '#cookie-banner .decline')).toBe(false);
    expect(matches('aside.order-summary span.total-amount', 'span.total-amount aside.order-summary')).toBe(false);
    expect(matches("label[for='size-M']", 'label[for=size-L]')).toBe(false);
    expect(matches('input#coupon-code', 'input#coupon-code.is-invalid')).toBe(false);
    expect(selectorParts('not a selector!')).toBeUndefined();
  });
});

describe('a selector named by a piece of a recorded one', () => {
  test('is found only with whole names at its ends', () => {
    expect(indexOfSelector('aside.summary button#apply-coupon', 'button#apply')).toBe(-1);
    expect(indexOfSelector('aside.summary span.total-amount', 'span.total')).toBe(-1);
    expect(indexOfSelector('aside.summary span.total-amount', 'summary span')).toBe(-1);
    expect(indexOfSelector('aside.summary span.total-amount', 'aside.summary span')).toBe(0);
    expect(indexOfSelector('aside.summary button#apply-coupon', '#apply-coupon')).toBe(20);
    expect(indexOfSelector("li[data-sku='a'] a", "[data-sku='a']")).toBe(2);
  });

  test('is unsupported in an answer, though its words are a text the prompt shows (“Apply coupon”)', () => {
    // The checkout session: `aside.summary button#apply-coupon` (“Apply coupon”) and `span.total`.
    const verdicts = groundAnswer(source, 'They pressed `button#apply`, then `#apply` and `button#apply-coupon`, and `span.tot`.').findings.map(({ text, verdict }) => [text, verdict]);
    expect(verdicts).toEqual([
      ['`button#apply`', 'unsupported'],
      ['`#apply`', 'unsupported'],
      ['`button#apply-coupon`', 'kept'],
      ['`span.tot`', 'unsupported'],
    ]);
  });
});
