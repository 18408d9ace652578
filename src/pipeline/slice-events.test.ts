import { describe, expect, it } from 'vitest';
import type { Profile, SliceSettings } from '../profile/profile-schema.js';
import type { Session } from '../session/session-schema.js';
import { filterEvents } from './filter-events.js';
import { sliceEvents } from './slice-events.js';
import { sliceWindow } from './slice-window.js';
import { at, sessionWith } from './test-support/session-builder.js';

function keptOffsets(session: Session, slice: SliceSettings, events: Profile['events'] = {}): number[] {
  const filtered = filterEvents(session.events, events);
  const { kept } = sliceEvents(filtered, sliceWindow(session.events, slice), slice);
  return kept.map(({ event }) => event.time - (session.events[0]?.time ?? 0));
}

const tenEvents = sessionWith(Array.from({ length: 10 }, (_, index) => ({ offset: index * 1000 })));

describe('FIRST (default)', () => {
  it('keeps the first N events', () => {
    expect(keptOffsets(tenEvents, { event_limit: 3 })).toEqual([0, 1000, 2000]);
    expect(keptOffsets(tenEvents, { mode: 'FIRST', event_limit: 3 })).toEqual([0, 1000, 2000]);
  });

  it('keeps an event at the window start and drops one exactly at start + duration', () => {
    expect(keptOffsets(tenEvents, { duration_limit_ms: 3000 })).toEqual([0, 1000, 2000]);
    expect(keptOffsets(tenEvents, { duration_limit_ms: 3001 })).toEqual([0, 1000, 2000, 3000]);
  });

  it('anchors on start_timestamp when given', () => {
    expect(keptOffsets(tenEvents, { start_timestamp: at(2500), duration_limit_ms: 2000 })).toEqual([3000, 4000]);
  });

  it('anchors on the first event before filtering, not the first filtered one', () => {
    const session = sessionWith([
      { offset: 0, type: 'navigate' },
      { offset: 1500, type: 'click' },
      { offset: 2500, type: 'click' },
    ]);
    expect(keptOffsets(session, { duration_limit_ms: 2000 }, { include_types: ['click'] })).toEqual([1500]);
  });
});

describe('LAST', () => {
  it('keeps the last N events', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', event_limit: 3 })).toEqual([7000, 8000, 9000]);
  });

  it('keeps the end and drops an event exactly at end - duration', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', duration_limit_ms: 3000 })).toEqual([7000, 8000, 9000]);
    expect(keptOffsets(tenEvents, { mode: 'LAST', duration_limit_ms: 3001 })).toEqual([6000, 7000, 8000, 9000]);
  });

  it('takes N from the right end of the window', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', duration_limit_ms: 5000, event_limit: 2 })).toEqual([8000, 9000]);
  });

  it('measures the end on the last event before filtering', () => {
    const session = sessionWith([
      { offset: 0, type: 'click' },
      { offset: 5000, type: 'click' },
      { offset: 9000, type: 'navigate' },
    ]);
    // The window is (9000 - 3000, 9000], so the last click (5000) is outside it.
    expect(keptOffsets(session, { mode: 'LAST', duration_limit_ms: 3000 }, { include_types: ['click'] })).toEqual([]);
    expect(keptOffsets(session, { mode: 'LAST', duration_limit_ms: 3000 })).toEqual([9000]);
  });

  it('with start_timestamp also drops every event before it', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', start_timestamp: at(7000) })).toEqual([7000, 8000, 9000]);
    expect(keptOffsets(tenEvents, { mode: 'LAST', start_timestamp: at(7000), duration_limit_ms: 5000 })).toEqual([
      7000, 8000, 9000,
    ]);
  });
});

describe('TIMESTAMP', () => {
  it('keeps [start_timestamp, start_timestamp + duration): an event at the start is kept, one at the end is not', () => {
    expect(keptOffsets(tenEvents, { mode: 'TIMESTAMP', start_timestamp: at(3000), duration_limit_ms: 2000 })).toEqual([
      3000, 4000,
    ]);
  });

  it('keeps the first N from start_timestamp', () => {
    expect(keptOffsets(tenEvents, { mode: 'TIMESTAMP', start_timestamp: at(3000), event_limit: 2 })).toEqual([3000, 4000]);
  });

  it('keeps nothing when start_timestamp is after the session', () => {
    expect(keptOffsets(tenEvents, { mode: 'TIMESTAMP', start_timestamp: at(60_000) })).toEqual([]);
  });
});

describe('end_timestamp', () => {
  it('drops events at or after it', () => {
    expect(keptOffsets(tenEvents, { end_timestamp: at(3000) })).toEqual([0, 1000, 2000]);
  });

  it('makes LAST end on the last event before it', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', end_timestamp: at(5000), event_limit: 2 })).toEqual([3000, 4000]);
    expect(keptOffsets(tenEvents, { mode: 'LAST', end_timestamp: at(5000), duration_limit_ms: 1500 })).toEqual([
      3000, 4000,
    ]);
  });

  it('before the first event keeps nothing', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', end_timestamp: at(-1) })).toEqual([]);
    expect(keptOffsets(tenEvents, { end_timestamp: at(0) })).toEqual([]);
  });
});

describe('limits and edge cases', () => {
  it('treats event_limit 0 and duration_limit_ms 0 as no limit', () => {
    expect(keptOffsets(tenEvents, { event_limit: 0, duration_limit_ms: 0 })).toHaveLength(10);
    expect(keptOffsets(tenEvents, { mode: 'LAST', event_limit: 0 })).toHaveLength(10);
  });

  it('keeps nothing from an empty session', () => {
    const empty = sessionWith([]);
    for (const mode of ['FIRST', 'LAST'] as const) expect(keptOffsets(empty, { mode, event_limit: 5 })).toEqual([]);
    expect(keptOffsets(empty, { mode: 'TIMESTAMP', start_timestamp: at(0) })).toEqual([]);
  });

  it('keeps the single event of a one-event session', () => {
    const one = sessionWith([{ offset: 0 }]);
    expect(keptOffsets(one, { duration_limit_ms: 1 })).toEqual([0]);
    expect(keptOffsets(one, { mode: 'LAST', duration_limit_ms: 1, event_limit: 1 })).toEqual([0]);
  });

  it('keeps nothing when every event is filtered out', () => {
    expect(keptOffsets(tenEvents, { mode: 'LAST', event_limit: 3 }, { include_types: ['paste'] })).toEqual([]);
  });

  it('orders events with equal timestamps as the file did: FIRST takes the earlier, LAST the later', () => {
    const session = sessionWith([
      { offset: 0, type: 'click', target: { text: 'a' } },
      { offset: 0, type: 'click', target: { text: 'b' } },
    ]);
    const text = (slice: SliceSettings) =>
      sliceEvents(filterEvents(session.events), sliceWindow(session.events, slice), slice).kept.map(
        ({ event }) => event.target?.text,
      );
    expect(text({ event_limit: 1 })).toEqual(['a']);
    expect(text({ mode: 'LAST', event_limit: 1 })).toEqual(['b']);
  });

  it('reports how many events the limit dropped', () => {
    const slice: SliceSettings = { mode: 'LAST', event_limit: 4, duration_limit_ms: 6000 };
    const result = sliceEvents(filterEvents(tenEvents.events), sliceWindow(tenEvents.events, slice), slice);
    expect(result.overLimit).toBe(2);
  });
});
