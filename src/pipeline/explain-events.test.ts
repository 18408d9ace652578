import { describe, expect, it } from 'vitest';
import { explainEvents } from './explain-events.js';
import { prepare } from './prepare.js';
import { sessionWith } from './test-support/session-builder.js';

const session = sessionWith([
  { offset: 0, type: 'navigate' },
  { offset: 1000, type: 'element-seen' },
  { offset: 2000, type: 'click' },
  { offset: 3000, type: 'click' },
  { offset: 4000, type: 'click' },
  { offset: 9000, type: 'click' },
]);

describe('explainEvents', () => {
  it('gives each event the first rule that drops it, and agrees with prepare on the kept ones', () => {
    const profile = { events: { exclude_types: ['element-seen'] }, slice: { duration_limit_ms: 5000, event_limit: 3 } };
    const explanation = explainEvents(profile, session);
    expect(session.events.map((_, index) => explanation.fate(index))).toEqual([
      'kept',
      'filtered-by-type',
      'kept',
      'kept',
      'over-limit',
      'outside-window',
    ]);
    expect(explanation.counts).toEqual({ kept: 3, 'filtered-by-type': 1, 'outside-window': 1, 'over-limit': 1 });
    expect(prepare(profile, session).events.kept.map(({ index }) => index)).toEqual([0, 2, 3]);
  });

  it('blames the type filter first, even for an event inside the window', () => {
    const explanation = explainEvents({ events: { include_types: ['navigate'] }, slice: { mode: 'LAST', duration_limit_ms: 1 } }, session);
    expect(explanation.fate(5)).toBe('filtered-by-type');
    expect(explanation.fate(0)).toBe('outside-window');
    expect(explanation.fate(1)).toBe('filtered-by-type');
  });
});
