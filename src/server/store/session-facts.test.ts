import { describe, expect, it } from 'vitest';
import { eventCountKey, sessionFacts } from './session-facts.js';

describe('sessionFacts', () => {
  it('counts events by type, custom events also by name, and spans the first to the last event in any order', () => {
    const facts = sessionFacts([
      { type: 'click', timestamp: '2026-03-01T10:00:05.000Z' },
      { type: 'custom', name: 'Paid', timestamp: '2026-03-01T11:00:00+01:00' },
      { type: 'rage-click', timestamp: '2026-03-01T10:00:10Z', count: 4 },
      { type: 'rage-click', timestamp: '2026-03-01T10:00:09Z' },
    ]);
    expect(facts.firstEventMs).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(facts.lastEventMs).toBe(Date.parse('2026-03-01T10:00:10Z'));
    expect(Object.fromEntries(facts.counts)).toEqual({ click: 1, custom: 1, 'custom:Paid': 1, 'rage-click': 2 });
  });

  it('keeps each distinct URL once, lower-cased, one a line', () => {
    const facts = sessionFacts([
      { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://Shop.test/Cart' },
      { type: 'navigate', timestamp: '2026-03-01T10:00:01Z', url: 'https://shop.test/cart' },
      { type: 'network-error', timestamp: '2026-03-01T10:00:02Z', url: 'https://api.test/pay\nment' },
    ]);
    expect(facts.urls).toBe('https://shop.test/cart\nhttps://api.test/pay ment');
  });

  it('adds the server events that joined the session as custom events of their name', () => {
    const facts = sessionFacts([{ type: 'click', timestamp: '2026-03-01T10:00:00Z' }], [{ name: 'Refund', timestamp: '2026-03-01T10:05:00.000Z' }]);
    expect(facts.lastEventMs).toBe(Date.parse('2026-03-01T10:05:00Z'));
    expect(Object.fromEntries(facts.counts)).toEqual({ click: 1, custom: 1, 'custom:Refund': 1 });
  });

  it('skips what is no fixture event, and has no times without events', () => {
    expect(sessionFacts(undefined)).toEqual({ firstEventMs: null, lastEventMs: null, counts: new Map(), urls: '' });
    expect(sessionFacts([null, 'x', { type: 'page_view', timestamp: '2026-03-01T10:00:00Z' }, { type: 'click', timestamp: 'soon' }])).toEqual({ firstEventMs: null, lastEventMs: null, counts: new Map([['click', 1]]), urls: '' });
  });
});

describe('eventCountKey', () => {
  it('keeps event types (and custom) as they are, and sets custom event names apart, even one named like a type', () => {
    expect(eventCountKey('rage-click')).toBe('rage-click');
    expect(eventCountKey('custom')).toBe('custom');
    expect(eventCountKey('Checkout Started')).toBe('custom:Checkout Started');
    expect(eventCountKey('Rage-Click')).toBe('custom:Rage-Click');
  });
});
