// A recording shaped like a real rrweb 2 recording of a two-page shop visit (cart → checkout),
// built event by event the way rrweb emits them: DomContentLoaded/Load before each page's Meta and
// FullSnapshot, MouseDown/Focus/Blur/MouseUp around each click, batched mouse moves with negative
// time offsets, one Input per keystroke, console-plugin errors with JSON-quoted arguments, a Custom
// event and a Mutation answering the last click. `SHOP_VISIT_EXPECTED` says what it should become.

import { MouseInteraction } from '../rrweb-vocabulary.js';
import { el, RecordingBuilder, START } from '../test-support/recording-builder.js';

function press(recording: RecordingBuilder, offset: number, key: string, x: number, y: number, blur?: string): void {
  recording.click(offset, key, { x, y, press: 80 });
  // rrweb order: MouseDown, (Blur of the previous field), Focus, MouseUp, Click.
  const click = recording.events.pop()!;
  if (blur !== undefined) recording.interaction(offset - 79, blur, MouseInteraction.Blur);
  recording.interaction(offset - 79, key, MouseInteraction.Focus);
  recording.raw({ type: 3, timestamp: click.timestamp - 1, data: { source: 2, type: MouseInteraction.MouseUp, id: recording.id(key), x, y } });
  recording.raw(click);
}

/** DomContentLoaded and Load of a page whose recording starts before the document exists. */
function loading(recording: RecordingBuilder, offset: number): void {
  recording.raw({ type: 0, timestamp: START + offset, data: {} });
  recording.raw({ type: 1, timestamp: START + offset + 5, data: {} });
}

/** Mouse travel from (x1, y1) to (x2, y2), recorded every 50 ms and emitted in one batch. */
function travel(recording: RecordingBuilder, offset: number, from: [number, number], to: [number, number], key: string): void {
  const steps = 8;
  const points: Array<[number, number, number]> = [];
  for (let step = 0; step <= steps; step++) {
    const share = step / steps;
    points.push([Math.round(from[0] + (to[0] - from[0]) * share), Math.round(from[1] + (to[1] - from[1]) * share), step * 50]);
  }
  recording.moves(offset, points, key);
}

/** The events of the visit, offsets in ms after START. */
export function shopVisitRecording(): RecordingBuilder {
  const recording = new RecordingBuilder();
  const cart = [
    el(
      'main',
      { class: 'cart' },
      el('h1', {}, 'Your cart'),
      el('p', { class: 'line' }, 'Trail jacket — €42.50'),
      el('label', { for: 'coupon' }, 'Coupon'),
      el('input', { id: 'coupon', type: 'text', name: 'coupon' }),
      el('button', { id: 'apply-coupon', type: 'button' }, 'Apply coupon'),
      el('label', { for: 'card-pin' }, 'Card PIN'),
      el('input', { id: 'card-pin', type: 'password' }),
      el('button', { id: 'pay-now', type: 'button' }, 'Pay now'),
      el('a', { id: 'to-checkout', href: '/checkout' }, 'Continue to checkout'),
    ),
  ];
  loading(recording, 0);
  recording.page(52, { href: 'http://127.0.0.1:8931/cart', title: 'Cart', body: cart, snapshotAfter: 83 });

  travel(recording, 1_100, [640, 420], [524, 313], 'coupon');
  press(recording, 4_844, 'coupon', 524, 313);
  recording.type(5_354, 'coupon', 'WELCOME10', 281);
  travel(recording, 8_900, [524, 313], [723, 313], 'apply-coupon');
  press(recording, 9_505, 'apply-coupon', 723, 313, 'coupon');
  recording.moves(11_222, [[722, 314, 0]], 'apply-coupon');
  press(recording, 11_690, 'apply-coupon', 722, 310);
  travel(recording, 13_500, [721, 310], [880, 370], 'pay-now');
  press(recording, 14_825, 'pay-now', 880, 370, 'apply-coupon');
  recording.consoleError(14_827, 'Payment failed: card declined');
  recording.moves(16_391, [[879, 371, 0]], 'pay-now');
  press(recording, 16_821, 'pay-now', 877, 368);
  recording.consoleError(16_821, 'Payment failed: card declined');
  travel(recording, 18_441, [875, 368], [345, 486], 'to-checkout');
  press(recording, 19_210, 'to-checkout', 345, 486, 'pay-now');

  loading(recording, 19_259);
  recording.page(19_266, {
    href: 'http://127.0.0.1:8931/checkout',
    title: 'Checkout',
    body: [el('main', { class: 'checkout' }, el('h1', {}, 'Checkout'), el('div', { id: 'order' }, el('button', { id: 'place-order' }, 'Place order')))],
    snapshotAfter: 25,
  });
  recording.custom(19_446, 'Checkout Started', { cart_value: 42.5 });
  travel(recording, 20_416, [345, 486], [323, 269], 'order');
  press(recording, 21_780, 'place-order', 323, 269);
  recording.add(21_783, 'order', el('p', { class: 'confirmation' }, 'Order placed'));
  recording.moves(21_916, [[323, 269, 0]], 'place-order');
  return recording;
}

/** One expected event: type, offset (ms after START, ±500 ms) and the fields that must match. */
export interface ExpectedEvent {
  readonly type: string;
  readonly at: number;
  readonly fields: Record<string, unknown>;
  /** The importer may leave it out. */
  readonly optional?: boolean;
  /** Other types that are not wrong for it. */
  readonly alsoAcceptable?: readonly string[];
}

/** What the visit should become, in time order (the structure of a truth file's expected_events). */
export const SHOP_VISIT_EXPECTED: readonly ExpectedEvent[] = [
  { type: 'navigate', at: 52, fields: { url: 'http://127.0.0.1:8931/cart', title: 'Cart' } },
  { type: 'click', at: 4_844, fields: { target: { selector: 'input#coupon' } }, optional: true },
  { type: 'input-change', at: 5_354 + 8 * 281, fields: { target: { selector: 'input#coupon' }, value: 'WELCOME10' } },
  { type: 'dead-click', at: 9_505, fields: { target: { selector: 'button#apply-coupon', text: 'Apply coupon' } }, alsoAcceptable: ['click'] },
  { type: 'dead-click', at: 11_690, fields: { target: { selector: 'button#apply-coupon', text: 'Apply coupon' } }, alsoAcceptable: ['click'] },
  { type: 'error-click', at: 14_825, fields: { target: { selector: 'button#pay-now', text: 'Pay now' } } },
  { type: 'console-error', at: 14_827, fields: { message: 'Payment failed: card declined' } },
  { type: 'error-click', at: 16_821, fields: { target: { selector: 'button#pay-now', text: 'Pay now' } } },
  { type: 'console-error', at: 16_821, fields: { message: 'Payment failed: card declined' } },
  { type: 'click', at: 19_210, fields: { target: { selector: 'a#to-checkout', text: 'Continue to checkout' } }, optional: true },
  { type: 'navigate', at: 19_266, fields: { url: 'http://127.0.0.1:8931/checkout', title: 'Checkout' } },
  { type: 'custom', at: 19_446, fields: { name: 'Checkout Started', properties: { cart_value: 42.5 } } },
  { type: 'click', at: 21_780, fields: { target: { selector: 'button#place-order', text: 'Place order' } } },
];

/** Types that must not appear at all in what the visit becomes. */
export const SHOP_VISIT_FORBIDDEN_TYPES: readonly string[] = ['rage-click', 'mouse-thrash', 'highlight', 'network-error'];
