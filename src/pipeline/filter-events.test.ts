import { describe, expect, it } from 'vitest';
import { filterEvents } from './filter-events.js';
import { sessionWith } from './test-support/session-builder.js';

const session = sessionWith([
  { offset: 0, type: 'navigate', url: 'https://shop.example/' },
  { offset: 1000, type: 'click' },
  { offset: 2000, type: 'custom', name: 'Checkout Started' },
  { offset: 3000, type: 'element-seen' },
  { offset: 4000, type: 'custom', name: 'click' },
]);

const types = (events: ReturnType<typeof filterEvents>) => events.map(({ index }) => index);

describe('filterEvents', () => {
  it('keeps every event, with its index, when nothing is configured', () => {
    expect(types(filterEvents(session.events))).toEqual([0, 1, 2, 3, 4]);
  });

  it('include_types keeps only the listed keys', () => {
    expect(types(filterEvents(session.events, { include_types: ['navigate', 'element-seen'] }))).toEqual([0, 3]);
  });

  it('exclude_types drops the listed keys and keeps the rest', () => {
    expect(types(filterEvents(session.events, { exclude_types: ['element-seen', 'navigate'] }))).toEqual([1, 2, 4]);
  });

  it('matches custom events by name, verbatim, including spaces', () => {
    expect(types(filterEvents(session.events, { include_types: ['Checkout Started'] }))).toEqual([2]);
    expect(types(filterEvents(session.events, { include_types: ['checkout started'] }))).toEqual([]);
  });

  it('matches a custom event by its name, not by its type `custom`', () => {
    expect(types(filterEvents(session.events, { include_types: ['custom'] }))).toEqual([]);
    // A custom event named like a built-in type shares that key.
    expect(types(filterEvents(session.events, { include_types: ['click'] }))).toEqual([1, 4]);
  });

  it('returns nothing when everything is filtered out', () => {
    expect(filterEvents(session.events, { include_types: ['paste'] })).toEqual([]);
  });

  it('an empty include list keeps nothing, an empty exclude list keeps everything', () => {
    expect(filterEvents(session.events, { include_types: [] })).toEqual([]);
    expect(filterEvents(session.events, { exclude_types: [] })).toHaveLength(5);
  });
});
