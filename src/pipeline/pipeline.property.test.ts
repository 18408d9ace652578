// Invariants of filter + slice + render over random sessions and profiles (fast-check).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventsSettings, SliceSettings } from '../profile/profile-schema.js';
import { eventKey } from '../session/event-key.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { filterEvents } from './filter-events.js';
import { inWindow, sliceWindow } from './slice-window.js';
import { prepare, type PreviousPreparation } from './prepare.js';
import { selectEvents } from './select-events.js';
import { sliceEvents } from './slice-events.js';
import { at, sessionWith } from './test-support/session-builder.js';

const KEYS = ['navigate', 'click', 'rage-click', 'console-error', 'Checkout Started', 'Coupon Applied'] as const;

// Offsets from a small range so that equal timestamps and window edges come up often.
const eventArbitrary = fc.record({
  offset: fc.integer({ min: 0, max: 20 }).map((step) => step * 500),
  key: fc.constantFrom(...KEYS),
});

const sessionArbitrary = fc.array(eventArbitrary, { maxLength: 40 }).map((events) =>
  sessionWith(
    events.map(({ offset, key }, position) => ({
      offset,
      ...(key.includes(' ') ? { type: 'custom' as const, name: key } : { type: key as SessionEvent['type'] }),
      // A marker unique to each event, to look for in the prompt.
      target: { text: `marker-${position}-end` },
    })),
  ),
);

const sliceArbitrary: fc.Arbitrary<SliceSettings> = fc.record(
  {
    mode: fc.constantFrom('FIRST', 'LAST', 'TIMESTAMP'),
    event_limit: fc.integer({ min: 0, max: 12 }),
    duration_limit_ms: fc.integer({ min: 0, max: 12 }).map((step) => step * 500),
    start_timestamp: fc.integer({ min: -2, max: 22 }).map((step) => at(step * 500)),
    end_timestamp: fc.integer({ min: -2, max: 22 }).map((step) => at(step * 500)),
  },
  { requiredKeys: ['mode'] },
).map((slice) => (slice.mode === 'TIMESTAMP' && slice.start_timestamp === undefined ? { ...slice, mode: 'FIRST' } : slice));

const keySubset = fc.subarray([...KEYS]);
const eventsArbitrary: fc.Arbitrary<EventsSettings> = fc.oneof(
  fc.constant({}),
  keySubset.map((include_types) => ({ include_types })),
  keySubset.map((exclude_types) => ({ exclude_types })),
);

function run(session: Session, slice: SliceSettings, events: EventsSettings) {
  const filtered = filterEvents(session.events, events);
  const window = sliceWindow(session.events, slice);
  return { filtered, ...sliceEvents(filtered, window, slice) };
}

const passes = (settings: EventsSettings, event: SessionEvent): boolean =>
  settings.include_types !== undefined
    ? settings.include_types.includes(eventKey(event))
    : !(settings.exclude_types ?? []).includes(eventKey(event));

describe('pipeline invariants', () => {
  it('kept events are a time-ordered subsequence of the session', () => {
    fc.assert(
      fc.property(sessionArbitrary, sliceArbitrary, eventsArbitrary, (session, slice, events) => {
        const { kept } = run(session, slice, events);
        kept.forEach(({ index, event }, position) => {
          expect(session.events[index]).toBe(event);
          const previous = kept[position - 1];
          if (previous !== undefined) {
            expect(index).toBeGreaterThan(previous.index);
            expect(event.time).toBeGreaterThanOrEqual(previous.event.time);
          }
        });
      }),
    );
  });

  it('never keeps more than event_limit events', () => {
    fc.assert(
      fc.property(sessionArbitrary, sliceArbitrary, eventsArbitrary, (session, slice, events) => {
        const limit = slice.event_limit ?? 0;
        if (limit > 0) expect(run(session, slice, events).kept.length).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('keeps only events inside the window, which respects every bound of the slice', () => {
    fc.assert(
      fc.property(sessionArbitrary, sliceArbitrary, eventsArbitrary, (session, slice, events) => {
        const { kept, window } = run(session, slice, events);
        const start = slice.start_timestamp === undefined ? undefined : Date.parse(slice.start_timestamp);
        const cutoff = slice.end_timestamp === undefined ? Infinity : Date.parse(slice.end_timestamp);
        const duration = slice.duration_limit_ms ?? 0;
        const end = Math.max(...session.events.filter((event) => event.time < cutoff).map((event) => event.time));
        for (const { event } of kept) {
          if (duration > 0 && slice.mode === 'LAST') expect(event.time).toBeGreaterThan(end - duration);
          if (slice.mode === 'LAST') expect(event.time).toBeLessThanOrEqual(end);
          expect(inWindow(window, event.time)).toBe(true);
          expect(event.time).toBeLessThan(cutoff);
          if (start !== undefined) expect(event.time).toBeGreaterThanOrEqual(start);
          if (duration > 0 && slice.mode !== 'LAST') expect(event.time).toBeLessThan((start ?? session.events[0]!.time) + duration);
        }
      }),
    );
  });

  it('keeps exactly the first N (FIRST, TIMESTAMP) or last N (LAST) matching events in the window', () => {
    fc.assert(
      fc.property(sessionArbitrary, sliceArbitrary, eventsArbitrary, (session, slice, events) => {
        const { kept, window } = run(session, slice, events);
        // The simplest reading of the slice rules in docs/pipeline.md: scan everything, then take from the right end.
        const candidates = session.events
          .map((event, index) => ({ index, event }))
          .filter(({ event }) => passes(events, event) && inWindow(window, event.time));
        const limit = slice.event_limit ?? 0;
        const expected =
          limit === 0 ? candidates : slice.mode === 'LAST' ? candidates.slice(-limit) : candidates.slice(0, limit);
        expect(kept.map(({ index }) => index)).toEqual(expected.map(({ index }) => index));
      }),
    );
  });

  it('selects in one pass exactly what filter then slice keep, and counts the matches', () => {
    fc.assert(
      fc.property(sessionArbitrary, sliceArbitrary, eventsArbitrary, (session, slice, events) => {
        const { filtered, kept, overLimit } = run(session, slice, events);
        const selected = selectEvents(session.events, sliceWindow(session.events, slice), slice, events);
        expect(selected.kept).toEqual(kept);
        expect(selected.overLimit).toBe(overLimit);
        expect(selected.matched).toBe(filtered.length);
      }),
    );
  });

  it('filters by key: built-in events by type, custom events by name', () => {
    fc.assert(
      fc.property(sessionArbitrary, eventsArbitrary, (session, events) => {
        const filtered = filterEvents(session.events, events);
        expect(filtered.map(({ index }) => index)).toEqual(
          session.events.flatMap((event, index) => (passes(events, event) ? [index] : [])),
        );
      }),
    );
  });

  it('puts every kept event in the prompt once and no dropped event at all', () => {
    fc.assert(
      fc.property(sessionArbitrary, sliceArbitrary, eventsArbitrary, (session, slice, events) => {
        const prepared = prepare({ slice, events }, session);
        const keptIndices = new Set(prepared.events.kept.map(({ index }) => index));
        session.events.forEach((event, index) => {
          const marker = `"${event.target?.text ?? ''}"`;
          expect(prepared.prompt.split(marker).length - 1).toBe(keptIndices.has(index) ? 1 : 0);
        });
      }),
    );
  });

  it('builds on an earlier preparation of the same session to exactly the result of preparing afresh', () => {
    const llmArbitrary = fc.record(
      { pre_prompt: fc.constantFrom('', '  Summarise.  ', 'Look at <session id="x">'), post_prompt: fc.constantFrom('', 'Answer in JSON.'), temperature: fc.constantFrom(0, 0.7) },
      { requiredKeys: [] },
    );
    const profileArbitrary = fc.record({ slice: sliceArbitrary, events: eventsArbitrary, llm: llmArbitrary }, { requiredKeys: [] });
    fc.assert(
      fc.property(sessionArbitrary, profileArbitrary, profileArbitrary, fc.boolean(), (session, first, second, sameSlice) => {
        // Half the pairs select alike (only the prompts differ), the rest anything.
        const next = sameSlice ? { ...first, llm: second.llm } : second;
        const previous = { profile: first, session, prepared: prepare(first, session) };
        expect(prepare(next, session, { previous })).toEqual(prepare(next, session));
      }),
    );
  });

  it('renders a session prepared again and again, each time on the last preparation, to exactly the result of preparing afresh', () => {
    // Lines are remembered per session after the first preparation: offsets must still follow
    // each selection's first kept event.
    const profileArbitrary = fc.record({ slice: sliceArbitrary, events: eventsArbitrary }, { requiredKeys: [] });
    fc.assert(
      fc.property(sessionArbitrary, fc.array(profileArbitrary, { minLength: 2, maxLength: 6 }), (session, profiles) => {
        let previous: PreviousPreparation | undefined;
        for (const profile of profiles) {
          const prepared = prepare(profile, session, { previous });
          expect(prepared).toEqual(prepare(profile, session));
          previous = { profile, session, prepared };
        }
      }),
    );
  });

  it('does not build on a preparation of another session object', () => {
    const session = sessionWith([{ offset: 0, type: 'click', target: { text: 'old' } }]);
    const other = sessionWith([{ offset: 0, type: 'click', target: { text: 'new' } }]);
    const previous = { profile: {}, session, prepared: prepare({}, session) };
    expect(prepare({}, other, { previous }).prompt).toContain('"new"');
  });
});
