import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveEvents } from './derive-events.js';
import { ImportWarnings } from './import-warnings.js';
import type { RrwebEvent } from './rrweb-vocabulary.js';
import { derive, ofType, typesOf } from './test-support/derive-recording.js';
import { el, RecordingBuilder, START } from './test-support/recording-builder.js';

const body = [el('button', { id: 'go' }, 'Go'), el('div', { id: 'list' })];

describe('navigate', () => {
  it('comes from each Meta whose href changes, with the title of the snapshot that follows', () => {
    const recording = new RecordingBuilder()
      .page(0, { href: 'https://shop.example/cart', title: 'Cart', body })
      .page(5_000, { href: 'https://shop.example/checkout', title: ' Checkout \n', body });
    expect(ofType(derive(recording), 'navigate')).toEqual([
      { type: 'navigate', at: 0, url: 'https://shop.example/cart', title: 'Cart' },
      { type: 'navigate', at: 5_000, url: 'https://shop.example/checkout', title: 'Checkout' },
    ]);
  });

  it('a Meta with the same href (a periodic re-snapshot) is not a navigation', () => {
    const recording = new RecordingBuilder().page(0, { href: 'https://shop.example/', body }).page(60_000, { href: 'https://shop.example/', body });
    expect(typesOf(derive(recording))).toEqual(['navigate']);
  });

  it('has no title when the page has none', () => {
    expect(derive(new RecordingBuilder().page(0, { href: 'https://x.example/', body })).events[0]).toEqual({ type: 'navigate', at: 0, url: 'https://x.example/' });
  });

  it('the viewport comes from the first Meta', () => {
    const recording = new RecordingBuilder().page(0, { href: 'https://x.example/', body, width: 390, height: 844 }).page(100, { href: 'https://x.example/b', body });
    expect(derive(recording).viewport).toEqual({ width: 390, height: 844 });
  });

  it('resolves node ids against the snapshot of their own page (ids restart with each page)', () => {
    const recording = new RecordingBuilder()
      .page(0, { href: 'https://x.example/a', body: [el('a', { id: 'next', href: '/b' }, 'Next')] })
      .page(1_000, { href: 'https://x.example/b', body: [el('button', { id: 'buy' }, 'Buy')] });
    recording.click(2_000, 'buy').add(2_050, 'buy', 'Thanks');
    expect(ofType(derive(recording), 'click')).toEqual([{ type: 'click', at: 2_000, target: { selector: 'button#buy', text: 'Buy' } }]);
  });
});

describe('robustness', () => {
  const page = () => new RecordingBuilder().page(0, { href: 'https://x.example/', body });

  it('counts events of unknown types and sources as warnings and goes on', () => {
    const recording = page()
      .raw({ type: 42, timestamp: START + 100, data: {} })
      .raw({ type: 42, timestamp: START + 200 })
      .raw({ type: 3, timestamp: START + 300, data: { source: 99 } })
      .click(1_000, 'go');
    const derived = derive(recording);
    expect(typesOf(derived)).toEqual(['navigate', 'click']);
    expect(derived.warnings.map(({ kind, count, first }) => ({ kind, count, first }))).toEqual([
      { kind: 'unknown-event-type:42', count: 2, first: { index: 2, window: undefined } },
      { kind: 'unknown-source:99', count: 1, first: { index: 4, window: undefined } },
    ]);
  });

  it('without a full snapshot, events are still derived, without targets, with a warning', () => {
    const events: RrwebEvent[] = [
      { type: 4, timestamp: START, data: { href: 'https://x.example/', width: 800, height: 600 } },
      { type: 3, timestamp: START + 1_000, data: { source: 2, type: 2, id: 7, x: 5, y: 5 } },
      { type: 3, timestamp: START + 1_100, data: { source: 0, adds: [{ parentId: 3, nextId: null, node: { type: 3, textContent: 'x', id: 9 } }], removes: [], texts: [], attributes: [] } },
      { type: 3, timestamp: START + 2_000, data: { source: 5, id: 8, text: 'hello', isChecked: false } },
    ];
    const derived = derive(events);
    expect(derived.events).toEqual([
      { type: 'navigate', at: 0, url: 'https://x.example/' },
      { type: 'click', at: 1_000 },
      { type: 'input-change', at: 2_000, value: 'hello' },
    ]);
    expect(derived.warnings.map((warning) => warning.kind)).toEqual(['before-snapshot', 'no-full-snapshot']);
  });

  it('nodes referenced before they exist are warnings, not crashes; later events still resolve them', () => {
    const recording = page();
    recording.mutation(500, { adds: [{ parentId: 777, nextId: null, node: { type: 2, tagName: 'button', attributes: { id: 'orphan' }, childNodes: [], id: 500 } }] });
    recording.mutation(600, { texts: [{ id: 888, value: 'x' }], attributes: [{ id: 889, attributes: { class: 'y' } }], removes: [{ parentId: 1, id: 890 }] });
    recording.raw({ type: 3, timestamp: START + 1_000, data: { source: 2, type: 2, id: 500, x: 1, y: 1 } });
    recording.raw({ type: 3, timestamp: START + 2_500, data: { source: 2, type: 2, id: 12_345, x: 1, y: 1 } });
    const derived = derive(recording);
    expect(ofType(derived, 'dead-click')[0]?.target).toEqual({ selector: 'button#orphan' });
    expect(derived.warnings.map(({ kind, count }) => [kind, count])).toEqual([
      ['unknown-node', 4],
      ['unknown-target', 1],
    ]);
  });

  it('derives in recording order but counts events that go back in time', () => {
    const recording = page().click(2_000, 'go').add(2_100, 'list', 'a').scroll(1_500);
    expect(derive(recording).warnings.map((warning) => warning.kind)).toEqual(['out-of-order']);
  });

  it('notes the window on every event when given one', () => {
    const derived = derive(page().click(1_000, 'go'), { window: 'tab-2' });
    expect(derived.events.every((event) => event.window === 'tab-2')).toBe(true);
  });

  it('never throws, whatever the events hold', () => {
    const value = fc.oneof(fc.constant(null), fc.integer({ min: -2, max: 20 }), fc.string(), fc.boolean(), fc.constant(undefined));
    const loose = fc.dictionary(fc.constantFrom('source', 'type', 'id', 'x', 'y', 'text', 'positions', 'adds', 'removes', 'texts', 'attributes', 'ranges', 'node', 'href', 'tag', 'payload', 'plugin', 'level', 'requests'), fc.oneof(value, fc.array(fc.oneof(value, fc.dictionary(fc.string(), value))), fc.dictionary(fc.string(), value)));
    const event = fc.record({ type: fc.integer({ min: 0, max: 8 }), timestamp: fc.integer({ min: START, max: START + 60_000 }), data: fc.oneof(loose, value) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const recording = new RecordingBuilder().page(0, { href: 'https://x.example/', body }).events.concat(events as RrwebEvent[]);
        deriveEvents(recording, new ImportWarnings());
      }),
      { numRuns: 300 },
    );
  });
});
