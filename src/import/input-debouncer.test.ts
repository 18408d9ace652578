import { describe, expect, it } from 'vitest';
import { INPUT_DEBOUNCE_MS, MAX_INPUT_VALUE_LENGTH } from './input-debouncer.js';
import { MouseInteraction } from './rrweb-vocabulary.js';
import { derive, ofType } from './test-support/derive-recording.js';
import { el, RecordingBuilder } from './test-support/recording-builder.js';

function form(): RecordingBuilder {
  return new RecordingBuilder().page(0, {
    href: 'https://shop.example/checkout',
    body: [
      el(
        'form',
        { id: 'checkout' },
        el('input', { id: 'coupon', type: 'text' }),
        el('input', { name: 'email', type: 'email' }),
        el('input', { id: 'password', type: 'password' }),
        el('input', { id: 'newsletter', type: 'checkbox' }),
        el('input', { id: 'ship-standard', type: 'radio', name: 'ship', value: 'standard' }),
        el('input', { id: 'ship-express', type: 'radio', name: 'ship', value: 'express' }),
        el('button', { id: 'apply' }, 'Apply'),
      ),
    ],
  });
}
const inputs = (recording: RecordingBuilder) => ofType(derive(recording), 'input-change');

describe('input-change', () => {
  it('typing is one event with the final value, at the last keystroke', () => {
    expect(inputs(form().type(1_000, 'coupon', 'WELCOME10', 290))).toEqual([
      { type: 'input-change', at: 1_000 + 8 * 290, target: { selector: 'input#coupon' }, value: 'WELCOME10' },
    ]);
  });

  it('keeps the final value when the user deletes what they typed (debounce keeps the last state)', () => {
    const recording = form().type(1_000, 'coupon', 'SPRING', 200).input(2_400, 'coupon', 'SPRIN').input(2_600, 'coupon', 'SPR');
    expect(inputs(recording).map((event) => event.value)).toEqual(['SPR']);
  });

  it(`a pause longer than ${INPUT_DEBOUNCE_MS} ms splits the edit in two`, () => {
    const recording = form().type(1_000, 'coupon', 'AB').type(1_250 + INPUT_DEBOUNCE_MS + 100, 'coupon', 'ABC');
    expect(inputs(recording).map((event) => event.value)).toEqual(['AB', 'ABC']);
  });

  it('is reported per field: input on another field ends the edit', () => {
    const recording = form().type(1_000, 'coupon', 'X1').type(1_600, 'email', 'a@b.c').input(3_000, 'coupon', 'X12');
    expect(inputs(recording).map((event) => [event.target, event.value])).toEqual([
      [{ selector: 'input#coupon' }, 'X1'],
      [{ selector: 'input[name=email]' }, 'a@b.c'],
      [{ selector: 'input#coupon' }, 'X12'],
    ]);
  });

  it('a click elsewhere or a blur ends the edit; a click inside the field does not', () => {
    const clicked = form().input(1_000, 'coupon', 'A').click(1_100, 'coupon').input(1_200, 'coupon', 'AB').click(1_300, 'apply').input(1_400, 'coupon', 'ABC');
    expect(inputs(clicked).map((event) => event.value)).toEqual(['AB', 'ABC']);
    const blurred = form().input(1_000, 'coupon', 'A').interaction(1_100, 'coupon', MouseInteraction.Blur).input(1_400, 'coupon', 'AB');
    expect(inputs(blurred).map((event) => event.value)).toEqual(['A', 'AB']);
  });

  it('masked values stay masked', () => {
    expect(inputs(form().type(1_000, 'email', '*****')).map((event) => event.value)).toEqual(['*****']);
  });

  it('password fields never carry a value, even if the page records one or later shows the password', () => {
    const recording = form().type(1_000, 'password', 'hunter2');
    recording.mutation(4_000, { attributes: [{ id: recording.id('password'), attributes: { type: 'text' } }] });
    recording.input(8_000, 'password', 'hunter22');
    const events = inputs(recording);
    expect(events).toEqual([
      { type: 'input-change', at: 2_500, target: { selector: 'input#password' } },
      { type: 'input-change', at: 8_000, target: { selector: 'input#password' } },
    ]);
    expect(JSON.stringify(events)).not.toContain('hunter');
  });

  it('a field hidden as a password field after the typing ("show password" switched back) carries no value: in the same edit or later', () => {
    const hidden = (recording: RecordingBuilder, offset: number) => recording.mutation(offset, { attributes: [{ id: recording.id('coupon'), attributes: { type: 'password' } }] });
    // Hidden within the edit, after the last keystroke: the edit ends at the end of the recording.
    const sameEdit = hidden(form().type(1_000, 'coupon', 'hunter2', 100), 1_800);
    // Hidden after the edit ended (a blur) and its input-change was derived; and after a page change, at the end.
    const later = hidden(form().type(1_000, 'coupon', 'hunter2', 100).interaction(1_700, 'coupon', MouseInteraction.Blur), 9_000);
    const atTheEnd = form().type(1_000, 'coupon', 'hunter2', 100);
    hidden(atTheEnd, 2_000).page(3_000, { href: 'https://shop.example/done', body: [el('input', { id: 'coupon', type: 'text' })] });
    for (const recording of [sameEdit, later, atTheEnd]) {
      const events = inputs(recording);
      expect(events).toEqual([{ type: 'input-change', at: 1_600, target: { selector: 'input#coupon' } }]);
      expect(JSON.stringify(derive(recording).events)).not.toContain('hunter');
    }
  });

  it('a field that becomes a password field on the next page (the same node id, another element) keeps the value typed on this one', () => {
    const recording = form().type(1_000, 'coupon', 'SPRING', 100);
    const coupon = recording.id('coupon');
    recording.page(3_000, { href: 'https://shop.example/login', body: [el('form', { id: 'login' }, el('input', { id: 'pw', type: 'password' }))] });
    expect(recording.id('pw')).toBe(coupon);
    expect(inputs(recording).map((event) => event.value)).toEqual(['SPRING']);
  });

  it('treats rrweb\'s data-rr-is-password marker and autocomplete=*-password as password fields', () => {
    const recording = new RecordingBuilder().page(0, {
      href: 'https://x.example/',
      body: [el('input', { id: 'a', 'data-rr-is-password': 'true' }), el('input', { id: 'b', autocomplete: 'new-password' })],
    });
    expect(inputs(recording.input(1_000, 'a', 'secret').input(1_500, 'b', 'secret')).map((event) => event.value)).toEqual([undefined, undefined]);
  });

  it('a checkbox reports its checked state; a radio group the chosen value', () => {
    const recording = form()
      .input(1_000, 'newsletter', 'on', { isChecked: true })
      .input(1_500, 'ship-express', 'express', { isChecked: true })
      .input(1_501, 'ship-standard', 'standard', { isChecked: false, userTriggered: false });
    expect(inputs(recording).map((event) => event.value)).toEqual([true, 'express']);
  });

  it('changes made by the page itself (userTriggered: false) are not input-changes', () => {
    expect(inputs(form().input(1_000, 'coupon', 'AUTO', { userTriggered: false }))).toEqual([]);
  });

  it(`cuts values longer than ${MAX_INPUT_VALUE_LENGTH} characters`, () => {
    const value = inputs(form().input(1_000, 'coupon', 'x'.repeat(1_000)))[0]?.value as string;
    expect(value).toHaveLength(MAX_INPUT_VALUE_LENGTH);
    expect(value.endsWith('…')).toBe(true);
  });
});
