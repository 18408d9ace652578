import { describe, expect, it } from 'vitest';
import { loadingSlot, sessionSlotWithText } from './file-slot.js';
import type { SessionSlot } from './studio-state.js';

const fixture = (title: string) =>
  JSON.stringify({
    id: 'u-1:s-1',
    events: [
      { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: '/cart', title },
      { type: 'click', timestamp: '2026-03-01T10:00:01Z', target: { selector: 'button#pay' } },
    ],
  });

describe('sessionSlotWithText', () => {
  it('parses a save by difference from the last valid version, and keeps that version through an invalid save', () => {
    const first = sessionSlotWithText(loadingSlot('s.json') as SessionSlot, fixture('Cart'));
    const click = first.value?.events[1];
    const renamed = sessionSlotWithText(first, fixture('Basket'));
    expect(renamed.value?.events[0]?.title).toBe('Basket');
    // The click the save did not touch is the same object: it was not parsed again.
    expect(renamed.value?.events[1]).toBe(click);

    const broken = sessionSlotWithText(renamed, fixture('Basket').replace('"click"', '"clack"'));
    expect(broken.status).toBe('invalid');
    expect(broken.problems.join('\n')).toContain('events[1].type');
    expect(broken.value).toBe(renamed.value);

    const fixed = sessionSlotWithText(broken, fixture('Till'));
    expect(fixed.status).toBe('valid');
    expect(fixed.value?.events.map((event) => event.title ?? event.target?.selector)).toEqual(['Till', 'button#pay']);
    expect(fixed.value?.events[1]).toBe(click);
  });
});
