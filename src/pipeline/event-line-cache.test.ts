import { describe, expect, it } from 'vitest';
import { EventLineCache } from './event-line-cache.js';

const units = (text: string) => Uint16Array.from(text, (character) => character.charCodeAt(0));
const text = (line: Uint16Array | undefined) => (line === undefined ? undefined : String.fromCharCode(...line));

describe('EventLineCache', () => {
  it('keeps each line by event index, with whether it is wide, across growth of its store', () => {
    const cache = new EventLineCache(3);
    expect(cache.get(1)).toBeUndefined();
    cache.set(1, units('click target="a"'), false);
    cache.set(0, units('x'.repeat(70_000)), false);
    cache.set(2, units('navigate title="A — B"'), true);
    expect(text(cache.get(1))).toBe('click target="a"');
    expect(cache.get(0)?.length).toBe(70_000);
    expect(text(cache.get(2))).toBe('navigate title="A — B"');
    expect([cache.isWide(1), cache.isWide(2)]).toEqual([false, true]);
  });

  it('ignores indices outside the session', () => {
    const cache = new EventLineCache(1);
    cache.set(5, units('late'), false);
    expect(cache.get(5)).toBeUndefined();
  });
});
