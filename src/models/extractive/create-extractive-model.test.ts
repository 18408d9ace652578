import { describe, expect, it } from 'vitest';
import { groundingSource } from '../../grounding/ground-answer.js';
import { prepare } from '../../pipeline/prepare.js';
import { sessionWith } from '../../pipeline/test-support/session-builder.js';
import { summarize } from '../../summarize.js';
import { UnsupportedRequestError } from '../model-errors.js';
import { createExtractiveModel } from './create-extractive-model.js';

const session = sessionWith([
  { offset: 0, type: 'navigate', url: 'https://shop.example/cart', title: 'Cart' },
  { offset: 2000, type: 'click', target: { selector: 'button#apply', text: 'Apply coupon' } },
  { offset: 3000, type: 'network-error', method: 'POST', url: 'https://shop.example/api/coupon', status: 500 },
  { offset: 4000, type: 'rage-click', target: { selector: 'button#apply', text: 'Apply coupon' }, count: 5 },
  { offset: 5000, type: 'console-error', message: 'TypeError: total is undefined' },
  { offset: 6000, type: 'dead-click', target: { selector: 'img.hero' } },
  { offset: 7000, type: 'dead-click', target: { selector: 'img.hero' } },
  { offset: 8000, type: 'navigate', url: 'https://shop.example/checkout', title: 'Checkout' },
  { offset: 9000, type: 'custom', name: 'Checkout Started' },
  { offset: 65_000, type: 'click', target: { text: 'Leave' } },
]);

async function summary(profile = {}) {
  const outcome = await summarize(prepare(profile, session), createExtractiveModel());
  return 'summary' in outcome.result ? outcome.result.summary : '';
}

describe('the extractive model', () => {
  it('says it is not a language model', async () => {
    expect(await summary()).toMatch(/^Rule-based summary \(recap extractive, not a language model/);
  });

  it('lists pages in order, friction with counts, errors and where the session ended', async () => {
    const text = await summary();
    expect(text).toContain('10 kept events over 1m 05s');
    expect(text).toContain('Pages in order: Cart (https://shop.example/cart) → Checkout (https://shop.example/checkout).');
    expect(text).toContain('5 clicks in rage clicks on "Apply coupon"');
    expect(text).toContain('2 dead clicks on "img.hero"');
    expect(text).toContain('1 network error on "POST https://shop.example/api/coupon → 500"');
    expect(text).toContain('1 console error on "TypeError: total is undefined"');
    expect(text).toContain('"Checkout Started" ×1');
    expect(text).toContain('It ended on Checkout (https://shop.example/checkout) with a click on "Leave".');
  });

  it('counts rage, dead and error clicks as clicks, so that its answer holds up to grounding', async () => {
    expect(await summary()).toContain('over 1m 05s: 5 clicks, 0 input changes.');
    const onlyRage = sessionWith([
      { offset: 0, type: 'navigate', url: 'https://shop.example/checkout' },
      { offset: 5000, type: 'rage-click', target: { selector: 'button#pay', text: 'Pay' }, count: 4 },
    ]);
    const prepared = prepare({}, onlyRage);
    const outcome = await summarize(prepared, createExtractiveModel(), { grounding: groundingSource({}, onlyRage, prepared) });
    expect('summary' in outcome.result ? outcome.result.summary : '').toContain('over 5s: 1 click, 0 input changes.');
    expect(outcome.grounding?.unsupported).toEqual([]);
  });

  it('uses only the kept events', async () => {
    const text = await summary({ events: { exclude_types: ['network-error', 'console-error'] } });
    expect(text).toContain('Errors: none recorded.');
    expect(text).not.toContain('api/coupon');
  });

  it('is deterministic', async () => {
    expect(await summary()).toBe(await summary());
  });

  it('says so when nothing was kept', async () => {
    expect(await summary({ events: { include_types: ['paste'] } })).toMatch(/kept no events/);
  });

  it('refuses a profile with a response schema, with a clear message', async () => {
    const profile = { llm: { response_schema: { type: 'OBJECT' as const, properties: { a: { type: 'STRING' as const } } } } };
    const failure = await summarize(prepare(profile, session), createExtractiveModel()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnsupportedRequestError);
    expect((failure as Error).message).toMatch(/cannot fill a response schema.*not a language model/);
  });
});
