import { describe, expect, it } from 'vitest';
import type { Session } from '../session/session-schema.js';
import { caseNameProblems } from './check-case-names.js';
import type { SuiteCase } from './suite-schema.js';

const locate = (path: readonly (string | number)[]) => `x.recap.yaml:${path.join('.')}`;

/** A session whose events count how often they are read: each read walks every event. */
function countingSession(): { session: Session; reads: () => number } {
  let reads = 0;
  const events = [
    { type: 'click', timestamp: '2026-03-01T10:00:00.000Z', time: 0 },
    { type: 'rage-click', timestamp: '2026-03-01T10:00:01.000Z', time: 1000 },
  ] as Session['events'];
  const session = {
    id: 'u-1:s-1',
    get events() {
      reads++;
      return events;
    },
  } as Session;
  return { session, reads: () => reads };
}

const cases = (count: number, prompt: SuiteCase['prompt']): SuiteCase[] =>
  Array.from({ length: count }, (_, index) => ({ name: `case ${index}`, session: 's.json', ...(prompt === undefined ? {} : { prompt }) }) as SuiteCase);

describe('caseNameProblems', () => {
  it('reads the events of a session shared by many cases once, not once per case', () => {
    const { session, reads } = countingSession();
    const problems = caseNameProblems(cases(1000, { includes_types: ['rage-click'], excludes_types: ['dead-click'] }), new Map([['s.json', session]]), undefined, locate);
    expect(problems).toHaveLength(1000);
    expect(problems[0]).toContain('no event of s.json has the key "dead-click"');
    expect(reads()).toBe(1);
  });

  it('does not read the events of a session when no case names event types', () => {
    const { session, reads } = countingSession();
    expect(caseNameProblems(cases(1000, { kept_events: { min: 1 } }), new Map([['s.json', session]]), undefined, locate)).toEqual([]);
    expect(reads()).toBe(0);
  });
});
