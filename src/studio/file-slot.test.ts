import { describe, expect, it } from 'vitest';
import { loadingSlot, quotesValues, sessionSlotWithText } from './file-slot.js';
import type { PrivacySlot, SessionSlot } from './studio-state.js';

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

describe('sessionSlotWithText under privacy rules', () => {
  const invalid = JSON.stringify({ id: 'u-1:s-1', events: [{ type: 'network-error', timestamp: '2026-03-01T10:00:00Z', status: 'bob.secret@example.com' }] });

  it('names the kind of a value it finds wrong, not the value, when asked not to quote', () => {
    const slot = sessionSlotWithText(loadingSlot('s.json') as SessionSlot, invalid, { quoteValues: false });
    expect(slot.problems.join('\n')).toContain('events[0].status: expected a number, got a string');
    expect(slot.problems.join('\n')).not.toContain('bob.secret');
  });

  it('words the same text again when the quoting changes, and only then', () => {
    const unquoted = sessionSlotWithText(loadingSlot('s.json') as SessionSlot, invalid, { quoteValues: false });
    expect(sessionSlotWithText(unquoted, invalid, { quoteValues: false })).toBe(unquoted);
    const quoted = sessionSlotWithText(unquoted, invalid, { quoteValues: true });
    expect(quoted.problems.join('\n')).toContain('got "bob.secret@example.com"');
  });
});

describe('quotesValues', () => {
  it('quotes only when it is known that no rules apply', () => {
    const slot = (status: PrivacySlot['status']): PrivacySlot => ({ path: 'profiles/privacy.yaml', required: false, status, text: undefined, rules: undefined, problems: [] });
    expect(quotesValues(undefined)).toBe(true);
    expect(quotesValues(slot('absent'))).toBe(true);
    expect(['loading', 'valid', 'invalid'].map((status) => quotesValues(slot(status as PrivacySlot['status'])))).toEqual([false, false, false]);
  });
});
