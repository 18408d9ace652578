import { describe, expect, it } from 'vitest';
import {
  DEAD_CLICK_WINDOW_MS,
  ERROR_CLICK_WINDOW_MS,
  RAGE_CLICK_INTERVAL_MS,
  RAGE_CLICK_MIN_COUNT,
  RAGE_CLICK_RADIUS_PX,
} from './click-classifier.js';
import { derive, ofType, typesOf } from './test-support/derive-recording.js';
import { el, keyed, RecordingBuilder } from './test-support/recording-builder.js';

// A cart page; every test ends the recording with a scroll at 9 s so that no click is "too close
// to the end" unless the test says so.
function cart(): RecordingBuilder {
  return new RecordingBuilder().page(0, {
    href: 'https://shop.example/cart',
    title: 'Cart',
    body: [
      el(
        'main',
        { id: 'main' },
        el('input', { id: 'coupon', type: 'text' }),
        el('button', { id: 'apply' }, 'Apply coupon'),
        el('button', { id: 'pay' }, keyed('pay-label', el('span', { class: 'label' }, 'Pay now'))),
        keyed('total', el('span', { class: 'total' }, '€42.50')),
        el('p', { id: 'terms' }, 'By paying you accept the terms of sale.'),
        el('div', { id: 'dialogs' }),
      ),
    ],
  });
}
const end = (recording: RecordingBuilder) => recording.scroll(9_000);
const dialog = el('div', { class: 'dialog', role: 'dialog' }, 'Coupon applied');

describe('click', () => {
  it('carries the selector and visible text of its target', () => {
    const derived = derive(end(cart().click(1_000, 'apply').add(1_100, 'dialogs', dialog)));
    expect(ofType(derived, 'click')).toEqual([{ type: 'click', at: 1_000, target: { selector: 'button#apply', text: 'Apply coupon' } }]);
  });

  it('names the button when the click hits a span inside it', () => {
    const derived = derive(end(cart().click(1_000, 'pay-label').add(1_100, 'dialogs', dialog)));
    expect(ofType(derived, 'click')[0]?.target).toEqual({ selector: 'button#pay', text: 'Pay now' });
  });

  it('a click that opens a dialog (a mutation) is not dead', () => {
    const derived = derive(end(cart().click(1_000, 'apply').add(1_040, 'dialogs', dialog)));
    expect(typesOf(derived)).toEqual(['navigate', 'click']);
  });

  it('a mutation made on mouse-down, before rrweb records the click, counts as its response', () => {
    const recording = cart().click(1_000, 'apply', { press: 90 });
    recording.events.splice(-1, 0, { type: 3, timestamp: recording.events.at(-1)!.timestamp - 50, data: { source: 0, texts: [], attributes: [{ id: recording.id('apply'), attributes: { class: 'pressed' } }], removes: [], adds: [] } });
    expect(typesOf(derive(end(recording)))).toEqual(['navigate', 'click']);
  });
});

describe('dead-click', () => {
  it(`is a click followed by no mutation, scroll, input or navigation within ${DEAD_CLICK_WINDOW_MS} ms`, () => {
    const derived = derive(end(cart().click(1_000, 'total')));
    expect(ofType(derived, 'dead-click')).toEqual([{ type: 'dead-click', at: 1_000, target: { selector: 'main#main span.total', text: '€42.50' } }]);
    expect(ofType(derived, 'click')).toEqual([]);
  });

  it('a response after the window does not make it live', () => {
    const derived = derive(end(cart().click(1_000, 'apply').add(1_000 + DEAD_CLICK_WINDOW_MS + 200, 'dialogs', dialog)));
    expect(typesOf(derived)).toEqual(['navigate', 'dead-click']);
  });

  it('a scroll or a navigation within the window answers the click', () => {
    expect(typesOf(derive(end(cart().click(1_000, 'apply').scroll(1_300))))).toEqual(['navigate', 'click']);
    const navigated = cart().click(1_000, 'apply').page(1_200, { href: 'https://shop.example/checkout', body: [] });
    expect(typesOf(derive(end(navigated)))).toEqual(['navigate', 'click', 'navigate']);
  });

  it('a click into a text field is never dead: focusing it is the response', () => {
    expect(typesOf(derive(end(cart().click(1_000, 'coupon'))))).toEqual(['navigate', 'click']);
  });

  it('a click too close to the end of the recording is a plain click (no evidence either way)', () => {
    expect(typesOf(derive(cart().click(1_000, 'total').scroll(1_000 + DEAD_CLICK_WINDOW_MS - 400, 0).mutation(1_500, {})))).toEqual([
      'navigate',
      'click',
    ]);
  });

  it('selecting text by double-clicking is not dead', () => {
    const derived = derive(end(cart().click(1_000, 'terms').click(1_150, 'terms').select(1_160, 'terms', 3, 'terms', 9)));
    expect(typesOf(derived)).toEqual(['navigate', 'click', 'click', 'highlight']);
  });
});

describe('error-click', () => {
  it(`is a click followed by a console error within ${ERROR_CLICK_WINDOW_MS} ms; the error is reported too`, () => {
    const derived = derive(end(cart().click(1_000, 'pay').consoleError(1_002, 'Payment failed: card declined')));
    expect(derived.events).toEqual([
      expect.objectContaining({ type: 'navigate' }),
      { type: 'error-click', at: 1_000, target: { selector: 'button#pay', text: 'Pay now' } },
      { type: 'console-error', at: 1_002, message: 'Payment failed: card declined' },
    ]);
  });

  it('sorts before a console error of the same millisecond', () => {
    expect(typesOf(derive(end(cart().click(1_000, 'pay').consoleError(1_000, 'boom'))))).toEqual(['navigate', 'error-click', 'console-error']);
  });

  it('a click then a console error 1.5 s later is not an error click', () => {
    const derived = derive(end(cart().click(1_000, 'pay').add(1_100, 'dialogs', dialog).consoleError(2_500, 'late')));
    expect(typesOf(derived)).toEqual(['navigate', 'click', 'console-error']);
  });

  it('wins over dead: an error is the only response', () => {
    expect(ofType(derive(end(cart().click(1_000, 'total').consoleError(1_500, 'x'))), 'error-click')).toHaveLength(1);
  });
});

describe('rage-click', () => {
  const burst = (recording: RecordingBuilder, count: number, options: { every?: number; spread?: number } = {}) => {
    for (let index = 0; index < count; index++) {
      recording.click(1_000 + index * (options.every ?? 200), 'apply', { x: 300 + index * (options.spread ?? 4), y: 200 });
    }
    return end(recording);
  };

  it('two clicks are not a rage click', () => {
    expect(typesOf(derive(burst(cart(), 2)))).toEqual(['navigate', 'dead-click', 'dead-click']);
  });

  it(`${RAGE_CLICK_MIN_COUNT} clicks within ${RAGE_CLICK_INTERVAL_MS} ms of each other inside ${RAGE_CLICK_RADIUS_PX} px are one rage click with the count, replacing the clicks`, () => {
    const derived = derive(burst(cart(), 3));
    expect(derived.events.slice(1)).toEqual([{ type: 'rage-click', at: 1_000, target: { selector: 'button#apply', text: 'Apply coupon' }, count: 3 }]);
  });

  it('a long burst is reported once with its full count', () => {
    expect(ofType(derive(burst(cart(), 7, { every: 150 })), 'rage-click')).toEqual([expect.objectContaining({ count: 7 })]);
  });

  it('clicks further apart in time than the interval are not a burst', () => {
    expect(ofType(derive(burst(cart(), 4, { every: RAGE_CLICK_INTERVAL_MS + 100 })), 'rage-click')).toEqual([]);
  });

  it('clicks spread wider than the radius are not a burst', () => {
    expect(ofType(derive(burst(cart(), 4, { spread: RAGE_CLICK_RADIUS_PX })), 'rage-click')).toEqual([]);
  });

  it('a triple click that selects a paragraph is not a rage click', () => {
    const recording = cart().click(1_000, 'terms').click(1_100, 'terms').click(1_200, 'terms').select(1_205, 'terms', 0, 'terms', 39);
    expect(typesOf(derive(end(recording)))).toEqual(['navigate', 'click', 'click', 'click', 'highlight']);
  });

  it('a burst on a failing button is still one rage click; its console errors stay', () => {
    const recording = cart();
    for (let index = 0; index < 4; index++) recording.click(1_000 + index * 250, 'pay').consoleError(1_001 + index * 250, 'declined');
    expect(typesOf(derive(end(recording)))).toEqual(['navigate', 'rage-click', ...Array(4).fill('console-error')]);
  });
});
