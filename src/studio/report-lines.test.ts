import { describe, expect, it } from 'vitest';
import { PATTERN_KINDS, type Pattern, type PatternKind, type ReportData, type SessionRef } from '../index.js';
import { reportLines } from './report-lines.js';
import { lineText } from './styled-line.js';
import type { AllSessionsRun } from './studio-state.js';

const refs = (count: number): SessionRef[] => Array.from({ length: count }, (_, index) => ({ session_id: `u-${index}:s-${index}`, file: `s${index}.json` }));
const pattern = (label: string, sessions: number): Pattern => ({ label, count: sessions, sessions: refs(sessions) });
const NO_PATTERNS = Object.fromEntries(PATTERN_KINDS.map((kind): [PatternKind, Pattern[]] => [kind, []])) as Record<PatternKind, Pattern[]>;

const REPORT: ReportData = {
  totals: {
    sessions: 120,
    ok: 118,
    failed: 2,
    failures: [
      { value: 'model_error', count: 1, sessions: refs(1) },
      { value: 'invalid_session', count: 1, sessions: refs(1) },
    ],
    repaired: 0,
    tokens: { prompt: 10_000, output: 2_345, total: 12_345, estimated: true },
    cost: { usd: null, models: ['gemini-2.5-flash', 'my-local-llm'], unpriced: ['my-local-llm'] },
    ms: { total: 90_000, median: 1_234 },
  },
  grounding: {
    scored: 118,
    mean: 0.912,
    buckets: [
      { label: '1 (every claim supported)', count: 90, sessions: refs(90) },
      { label: 'below 0.5', count: 28, sessions: refs(28) },
    ],
    unsupported: 31,
    dropped: 7,
  },
  structured: 0,
  fields: [],
  patterns: {
    ...NO_PATTERNS,
    rage_clicks: [pattern('button#apply', 9), pattern('a.promo', 5), pattern('div.size', 4), pattern('span.x', 2)],
    exit_pages: [pattern('shop.example/checkout', 40)],
  },
  minSessions: 2,
  unread: [],
  read: 118,
};

const RUN: AllSessionsRun = {
  id: 1,
  profilePath: 'profiles/checkout.yaml',
  sessionsFolder: 'recordings',
  total: 120,
  done: 120,
  failed: 2,
  tokens: 12_345,
  status: 'finished',
  failures: [
    { file: 'recordings/a.json', code: 'model_error', message: 'the model answered 500 three times' },
    { file: 'recordings/b.json', code: 'invalid_session', message: 'recordings/b.json: events[3].type: unknown\nrecordings/b.json: events[9].timestamp: is required' },
  ],
  report: REPORT,
};

const texts = (run: AllSessionsRun) => reportLines(run).map(lineText);

describe('reportLines', () => {
  it('shows the totals: sessions, ok, failures by code, tokens, cost, model time', () => {
    const lines = texts(RUN);
    expect(lines).toContain('120 sessions: 118 ok, 2 failed (model_error 1, invalid_session 1)');
    expect(lines).toContain('tokens      ~12,345 (10,000 prompt + 2,345 output, partly estimated)');
    expect(lines).toContain('cost        unknown (my-local-llm not in the price table)');
    expect(lines).toContain('model time  median 1.2 s per session, 90.0 s in all');
  });

  it('prices the run when every model is in the price table', () => {
    const priced = { ...REPORT, totals: { ...REPORT.totals, cost: { usd: 0.00042, models: ['gemini-2.5-flash'], unpriced: [] } } };
    expect(texts({ ...RUN, report: priced })).toContain('cost        ≈ $0.0004 (price table estimate)');
  });

  it('shows the grounding mean and every bucket', () => {
    const lines = texts(RUN);
    expect(lines).toContain('grounding   mean 0.91 over 118 answers; 31 unsupported, 7 dropped claims');
    expect(lines).toContain('            1 (every claim supported)  90');
    expect(lines).toContain('            below 0.5                  28');
  });

  it('shows the top three patterns of each kind that has any, with their session counts', () => {
    const lines = texts(RUN);
    expect(lines).toContain('  rage-clicked elements');
    expect(lines).toContain('     9 sessions  button#apply');
    expect(lines).toContain('     4 sessions  div.size');
    expect(lines).not.toContain('     2 sessions  span.x');
    expect(lines).toContain('    … and 1 more (recap report lists them all)');
    expect(lines).not.toContain('  dead-clicked elements');
    expect(lines).toContain('    40 sessions  shop.example/checkout');
  });

  it('says when no pattern recurs', () => {
    expect(texts({ ...RUN, report: { ...REPORT, patterns: NO_PATTERNS } })).toContain('  none recurs in 2 or more sessions');
  });

  it('lists every failed session with its code and its first problem', () => {
    const lines = texts(RUN);
    expect(lines).toContain('Failed sessions (2)');
    expect(lines).toContain('  ✗ recordings/a.json  model_error');
    expect(lines).toContain('    the model answered 500 three times');
    expect(lines).toContain('  ✗ recordings/b.json  invalid_session');
    expect(lines).toContain('    recordings/b.json: events[3].type: unknown (and 1 more problem)');
  });

  it('lists the failures and the reason of a run that stopped before any report', () => {
    const stopped: AllSessionsRun = { ...RUN, status: 'stopped', done: 1, report: undefined, message: 'the model could not be set up: no key', failures: RUN.failures.slice(1) };
    const lines = texts(stopped);
    expect(lines).toContain('✗ stopped: the model could not be set up: no key');
    expect(lines).toContain('  ✗ recordings/b.json  invalid_session');
  });
});
