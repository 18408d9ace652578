import { describe, expect, it } from 'vitest';
import { MOUSE_THRASH_MIN_REVERSALS, MOUSE_THRASH_SEGMENT_PX, MOUSE_THRASH_WINDOW_MS } from './mouse-thrash-detector.js';
import { derive, ofType } from './test-support/derive-recording.js';
import { el, RecordingBuilder } from './test-support/recording-builder.js';

function page(): RecordingBuilder {
  return new RecordingBuilder().page(0, { href: 'https://shop.example/checkout', body: [el('aside', { id: 'summary' }, 'Total €42.50')] });
}

/** The pointer swung left and right `swings` times, `amplitude` px wide, one swing every `every` ms. */
function shake(swings: number, amplitude: number, every: number): Array<[number, number, number]> {
  const points: Array<[number, number, number]> = [];
  for (let index = 0; index <= swings; index++) points.push([index % 2 === 0 ? 400 : 400 + amplitude, 300 + (index % 3), index * every]);
  return points;
}
const thrashes = (recording: RecordingBuilder) => ofType(derive(recording), 'mouse-thrash');

describe('mouse-thrash', () => {
  it(`${MOUSE_THRASH_MIN_REVERSALS} or more quick reversals are one episode, on the element hovered most`, () => {
    expect(thrashes(page().moves(1_000, shake(12, 150, 120), 'summary'))).toEqual([
      { type: 'mouse-thrash', at: 1_000 + 2 * 120, target: { selector: 'aside#summary' } },
    ]);
  });

  it('slow back-and-forth (reading along lines) is not thrash', () => {
    expect(thrashes(page().moves(1_000, shake(8, 400, 900)))).toEqual([]);
  });

  it(`jitter smaller than ${MOUSE_THRASH_SEGMENT_PX} px is not thrash`, () => {
    expect(thrashes(page().moves(1_000, shake(30, MOUSE_THRASH_SEGMENT_PX / 2, 50)))).toEqual([]);
  });

  it('a straight movement and a circle are not thrash', () => {
    const line = Array.from({ length: 40 }, (_, index) => [100 + index * 20, 100 + index * 5, index * 50] as [number, number, number]);
    const circle = Array.from({ length: 60 }, (_, index) => [500 + 150 * Math.cos(index / 4), 400 + 150 * Math.sin(index / 4), index * 40] as [number, number, number]);
    expect(thrashes(page().moves(1_000, line).moves(4_000, circle))).toEqual([]);
  });

  it(`episodes separated by more than ${MOUSE_THRASH_WINDOW_MS} ms are reported separately`, () => {
    const recording = page().moves(1_000, shake(10, 150, 100)).moves(1_000 + 1_000 + MOUSE_THRASH_WINDOW_MS + 500, shake(10, 150, 100));
    expect(thrashes(recording)).toHaveLength(2);
  });

  it('works on positions batched across several recorded events', () => {
    const points = shake(12, 150, 100);
    const recording = page().moves(1_000, points.slice(0, 5)).moves(1_000, points.slice(5));
    expect(thrashes(recording)).toHaveLength(1);
  });
});
