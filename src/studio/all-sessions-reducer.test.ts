import { describe, expect, it } from 'vitest';
import { PATTERN_KINDS, type Pattern, type PatternKind, type ReportData } from '../index.js';
import { preparedState, reduce } from './test-support/studio-actions.js';

const REPORT: ReportData = {
  totals: {
    sessions: 2,
    ok: 1,
    failed: 1,
    failures: [{ value: 'invalid_session', count: 1, sessions: [{ session_id: 'sessions/invalid.json', file: 'sessions/invalid.json' }] }],
    repaired: 0,
    tokens: { prompt: 120, output: 30, total: 150, estimated: false },
    cost: { usd: null, models: ['scripted-model'], unpriced: ['scripted-model'] },
    ms: { total: 40, median: 40 },
  },
  grounding: undefined,
  structured: 0,
  fields: [],
  patterns: Object.fromEntries(PATTERN_KINDS.map((kind): [PatternKind, Pattern[]] => [kind, []])) as Record<PatternKind, Pattern[]>,
  minSessions: 2,
  unread: [],
  read: 1,
};

const started = { type: 'all-sessions-started', id: 1, profilePath: 'profiles/alpha.yaml', sessionsFolder: 'sessions', total: 3 } as const;
const failure = { file: 'sessions/invalid.json', code: 'invalid_session', message: 'sessions/invalid.json: events[0].timestamp: is required' };

describe('the all-sessions run in the studio state', () => {
  it('starts on the Report pane and counts each line: done, failed, tokens, the failures in order', () => {
    const state = reduce(
      preparedState(),
      started,
      { type: 'all-sessions-line', id: 1, tokens: 0, failure, report: undefined },
      { type: 'all-sessions-line', id: 1, tokens: 150, failure: undefined, report: REPORT },
    );
    expect(state.pane).toBe('report');
    expect(state.allSessions).toMatchObject({ status: 'running', total: 3, done: 2, failed: 1, tokens: 150, failures: [failure], report: REPORT });
  });

  it('keeps the last report built when a line comes without one', () => {
    const state = reduce(preparedState(), started, { type: 'all-sessions-line', id: 1, tokens: 150, failure: undefined, report: REPORT }, {
      type: 'all-sessions-line',
      id: 1,
      tokens: 150,
      failure: undefined,
      report: undefined,
    });
    expect(state.allSessions?.report).toBe(REPORT);
    expect(state.allSessions?.tokens).toBe(300);
  });

  it('ignores the lines of a run that was cancelled, and of an older run', () => {
    const cancelled = reduce(preparedState(), started, { type: 'all-sessions-ended', id: 1, status: 'cancelled', report: REPORT });
    expect(cancelled.allSessions?.status).toBe('cancelled');
    expect(cancelled.notice).toEqual({ text: 'all sessions: cancelled after 0 of 3 sessions', tone: 'info' });
    const late = reduce(cancelled, { type: 'all-sessions-line', id: 1, tokens: 150, failure: undefined, report: undefined });
    expect(late.allSessions?.done).toBe(0);
    const newer = reduce(cancelled, { ...started, id: 2 }, { type: 'all-sessions-line', id: 1, tokens: 150, failure, report: undefined });
    expect(newer.allSessions).toMatchObject({ id: 2, done: 0, failed: 0 });
  });

  it('says loudly, wherever the user is, that a run ended with failures or stopped', () => {
    const failed = reduce(
      preparedState(),
      started,
      { type: 'pane-shown', pane: 'prompt' },
      { type: 'all-sessions-line', id: 1, tokens: 0, failure, report: undefined },
      { type: 'all-sessions-ended', id: 1, status: 'finished', report: REPORT },
    );
    expect(failed.pane).toBe('prompt');
    expect(failed.notice).toEqual({ text: 'all sessions: 1/3 done, 1 failed, 0 tokens (6 shows the report)', tone: 'error' });
    const stopped = reduce(preparedState(), started, { type: 'all-sessions-ended', id: 1, status: 'stopped', report: REPORT, message: 'model_unavailable: no key' });
    expect(stopped.notice).toEqual({ text: 'all sessions: stopped after 0 of 3 sessions: model_unavailable: no key', tone: 'error' });
  });
});
