import { describe, expect, it } from 'vitest';
import { compileDomBlockSelectors } from './dom-block-selectors.js';
import { derive } from './test-support/derive-recording.js';
import { el, RecordingBuilder } from './test-support/recording-builder.js';

const page = () =>
  new RecordingBuilder().page(0, {
    href: 'https://shop.example/p/HB-M8',
    body: [el('span', { class: 'sku', id: 'sku' }, 'HB-M8-30-A4'), el('input', { id: 'q', name: 'q' }), el('input', { id: 'pin', type: 'text' }), el('input', { id: 'pw', type: 'password' })],
  });
const customOnly = (recording: RecordingBuilder) => derive(recording).events.filter((event) => event.type !== 'navigate');

describe('custom', () => {
  it('takes the tag as name and the payload as properties', () => {
    expect(customOnly(page().custom(1_000, 'Checkout Started', { cart_value: 42.5 }))).toEqual([
      { type: 'custom', at: 1_000, name: 'Checkout Started', properties: { cart_value: 42.5 } },
    ]);
  });

  it('wraps a payload that is not an object as { value }, and omits a missing one', () => {
    expect(customOnly(page().custom(1_000, 'Step', 3).custom(1_100, 'Done'))).toEqual([
      { type: 'custom', at: 1_000, name: 'Step', properties: { value: 3 } },
      { type: 'custom', at: 1_100, name: 'Done' },
    ]);
  });

  it('keeps tags that are names of Object.prototype members as custom events', () => {
    expect(customOnly(page().custom(1_000, '__proto__', { a: 1 }).custom(1_100, 'constructor').custom(1_200, 'toString', 2))).toEqual([
      { type: 'custom', at: 1_000, name: '__proto__', properties: { a: 1 } },
      { type: 'custom', at: 1_100, name: 'constructor' },
      { type: 'custom', at: 1_200, name: 'toString', properties: { value: 2 } },
    ]);
  });

  it('skips a custom event without a tag, with a warning', () => {
    const derived = derive(page().custom(1_000, '  ', {}));
    expect(derived.events.map((event) => event.type)).toEqual(['navigate']);
    expect(derived.warnings.map((warning) => warning.kind)).toEqual(['invalid-custom']);
  });
});

describe('copy, paste and element-seen', () => {
  it('come from custom events tagged copy, paste and element-seen', () => {
    const recording = page();
    recording
      .custom(1_000, 'copy', { text: 'HB-M8-30-A4', nodeId: recording.id('sku') })
      .custom(2_000, 'paste', { text: 'HB-M8-30-A4', selector: 'input#q' })
      .custom(3_000, 'element-seen', { target: { selector: 'div.stock-status', text: 'Out of stock' } });
    expect(customOnly(recording)).toEqual([
      { type: 'copy', at: 1_000, text: 'HB-M8-30-A4', target: { selector: 'span#sku', text: 'HB-M8-30-A4' } },
      { type: 'paste', at: 2_000, text: 'HB-M8-30-A4', target: { selector: 'input#q' } },
      { type: 'element-seen', at: 3_000, target: { selector: 'div.stock-status', text: 'Out of stock' } },
    ]);
  });

  it('a paste into a field that is, or has been, a password field carries no text, also when the field is hidden after the paste', () => {
    const recording = page();
    recording.custom(1_000, 'paste', { text: 'Hunter2Zebra!Q9', nodeId: recording.id('pw') });
    recording.mutation(1_500, { attributes: [{ id: recording.id('pw'), attributes: { type: 'text' } }] });
    recording.custom(2_000, 'paste', { text: 'Hunter2Zebra!Q9', nodeId: recording.id('pw') });
    recording.custom(3_000, 'paste', { text: 'Sunshine1987', nodeId: recording.id('pin') });
    recording.mutation(4_000, { attributes: [{ id: recording.id('pin'), attributes: { type: 'password' } }] });
    recording.custom(5_000, 'copy', { text: 'HB-M8-30-A4', nodeId: recording.id('sku') });
    expect(customOnly(recording)).toEqual([
      { type: 'paste', at: 1_000, target: { selector: 'input#pw' } },
      { type: 'paste', at: 2_000, target: { selector: 'input#pw' } },
      { type: 'paste', at: 3_000, target: { selector: 'input#pin' } },
      { type: 'copy', at: 5_000, text: 'HB-M8-30-A4', target: { selector: 'span#sku', text: 'HB-M8-30-A4' } },
    ]);
  });

  it('a paste naming its field only by a selector is looked up in the page: into a password field, now or later, it carries no text', () => {
    const recording = page();
    recording.custom(1_000, 'paste', { text: 'Hunter2Zebra!Q9', selector: 'input#pw' });
    recording.custom(2_000, 'paste', { text: 'Hunter2Zebra!Q9', target: { selector: '#pw' } });
    recording.custom(3_000, 'paste', { text: 'Sunshine1987', selector: 'input[id=pin]' });
    recording.mutation(4_000, { attributes: [{ id: recording.id('pin'), attributes: { type: 'password' } }] });
    // Fields of the page, one of them a password field: the paste may have gone there.
    recording.custom(5_000, 'paste', { text: 'Hunter2Zebra!Q9', selector: 'input' });
    // A selector that names no field of the page, or does not parse, keeps the text as before.
    recording.custom(6_000, 'paste', { text: 'HB-M8-30-A4', selector: 'input#missing' });
    recording.custom(7_000, 'paste', { text: 'HB-M8-30-A4', selector: 'input[' });
    recording.custom(8_000, 'paste', { text: 'HB-M8-30-A4', selector: 'input#q' });
    expect(customOnly(recording)).toEqual([
      { type: 'paste', at: 1_000, target: { selector: 'input#pw' } },
      { type: 'paste', at: 2_000, target: { selector: '#pw' } },
      { type: 'paste', at: 3_000, target: { selector: 'input[id=pin]' } },
      { type: 'paste', at: 5_000, target: { selector: 'input' } },
      { type: 'paste', at: 6_000, text: 'HB-M8-30-A4', target: { selector: 'input#missing' } },
      { type: 'paste', at: 7_000, text: 'HB-M8-30-A4', target: { selector: 'input[' } },
      { type: 'paste', at: 8_000, text: 'HB-M8-30-A4', target: { selector: 'input#q' } },
    ]);
  });

  it('a paste naming a blocked field only by a selector is blocked, as one naming it by nodeId is', () => {
    const recording = page().custom(1_000, 'paste', { text: 'HB-M8-30-A4', selector: 'input#q' });
    const events = derive(recording, { block: compileDomBlockSelectors(['[name=q]']) }).events.filter((event) => event.type === 'paste');
    expect(events).toEqual([{ type: 'paste', at: 1_000, text: '[blocked]', target: { selector: 'input#q' } }]);
  });
});
