// buildReport: totals, the distributions of structured fields with the sessions behind each
// value, and the patterns read from the sessions' events.

import { describe, expect, it } from 'vitest';
import type { ResultLine } from '../result-line.js';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { parseSession } from '../../session/parse-session.js';
import type { Session } from '../../session/session-schema.js';
import { buildReport } from './build-report.js';

const schema: ResponseSchema = {
  type: 'OBJECT',
  properties: {
    outcome: { type: 'STRING', enum: ['completed', 'abandoned', 'unclear'] },
    goal: { type: 'STRING' },
    tags: { type: 'ARRAY', items: { type: 'STRING' } },
    friction: { type: 'ARRAY', items: { type: 'OBJECT', properties: { kind: { type: 'STRING', enum: ['dead_click', 'error'] }, count: { type: 'INTEGER' } } } },
    satisfied: { type: 'BOOLEAN' },
  },
};

function line(n: number, response: Record<string, unknown>, extra: Partial<{ model: string; score: number }> = {}): ResultLine {
  const grounding = extra.score === undefined ? {} : { grounding: { score: extra.score, findings: [], unsupported: extra.score < 1 ? [{ kind: 'event', text: '#99', path: 'x', verdict: 'unsupported' }] : [], dropped: [] } };
  return {
    session_id: `u-${n}:s-${n}`,
    file: `s/${n}.json`,
    result: { response, response_schema: schema },
    tokens: { prompt: 1000, output: 100, total: 1100 },
    model: extra.model ?? 'gemini-2.5-flash',
    ms: n * 100,
    ...grounding,
  } as ResultLine;
}

const event = (type: string, second: number, fields: Record<string, unknown> = {}) => ({ type, timestamp: `2026-11-20T10:00:${String(second).padStart(2, '0')}Z`, ...fields });

function session(n: number, events: Record<string, unknown>[]): Session {
  return parseSession({ id: `u-${n}:s-${n}`, events });
}

const lines: ResultLine[] = [
  line(1, { outcome: 'completed', goal: 'buy shoes', tags: ['checkout', 'mobile'], friction: [{ kind: 'dead_click', count: 2 }], satisfied: true }, { score: 1 }),
  line(2, { outcome: 'abandoned', goal: 'buy shoes', tags: ['checkout'], friction: [{ kind: 'dead_click', count: 3 }, { kind: 'error', count: 1 }], satisfied: false }, { score: 0.5 }),
  { file: 's/3.json', error: { code: 'invalid_session', message: 'not JSON' } },
  line(3, { outcome: 'abandoned', goal: 'compare prices', tags: [], friction: [], satisfied: false }, { score: 0.8 }),
  { session_id: 'u-4:s-4', file: 's/4.json', error: { code: 'model_error', message: '429' } },
];

const sessions = new Map<string, Session | { unread: string }>([
  ['s/1.json', session(1, [event('navigate', 1, { url: 'https://shop.test/cart' }), event('dead-click', 2, { target: { selector: 'button.pay' } }), event('network-error', 3, { method: 'post', url: 'https://api.shop.test/orders/8812?x=1', status: 502 })])],
  ['s/2.json', session(2, [event('navigate', 1, { url: 'https://shop.test/checkout' }), event('dead-click', 2, { target: { selector: 'button.pay' } }), event('dead-click', 3, { target: { selector: 'button.pay' } }), event('rage-click', 4, { target: { selector: 'a.only-here' } }), event('network-error', 5, { method: 'POST', url: 'https://api.shop.test/orders/9913', status: 502 })])],
  ['s/3.json', { unread: 'file not found' }],
]);

describe('buildReport', () => {
  const report = buildReport(lines, (result) => sessions.get(result.file));

  it('counts the tokens and cost of failed sessions whose answers were paid for', () => {
    const failed: ResultLine = { session_id: 'u-9:s-9', file: 's/9.json', error: { code: 'grounding', message: 'x' }, tokens: { prompt: 2000, output: 200, total: 2200 }, model: 'gemini-2.5-flash' };
    const unread: ResultLine = { file: 's/10.json', error: { code: 'invalid_session', message: 'x' } };
    const report = buildReport([line(1, { outcome: 'completed' }), failed, unread]);
    expect(report.totals).toMatchObject({ sessions: 3, ok: 1, failed: 2, tokens: { prompt: 3000, output: 300, total: 3300, estimated: false } });
    expect(report.totals.cost.usd).toBeCloseTo((3000 * 0.3 + 300 * 2.5) / 1e6, 10);
  });

  it('counts sessions by their last line, failures by code, tokens and the price-table cost', () => {
    expect(report.totals).toMatchObject({ sessions: 4, ok: 3, failed: 1, tokens: { prompt: 3000, output: 300, total: 3300, estimated: false } });
    expect(report.totals.failures.map((failure) => [failure.value, failure.count])).toEqual([['model_error', 1]]);
    expect(report.totals.cost.usd).toBeCloseTo((3000 * 0.3 + 300 * 2.5) / 1e6, 10);
    expect(report.totals.ms.median).toBe(200);
  });

  it('has no cost when a model is not in the price table, and names it', () => {
    const unpriced = buildReport([line(1, { outcome: 'completed' }, { model: 'house-model-7' })]);
    expect(unpriced.totals.cost).toEqual({ usd: null, models: ['house-model-7'], unpriced: ['house-model-7'] });
  });

  it('shows every enum value in schema order, the unchosen with 0, with the sessions behind each', () => {
    const outcome = report.fields.find((field) => field.path === 'outcome');
    expect(outcome?.kind).toBe('enum');
    if (outcome?.kind !== 'enum') return;
    expect(outcome.values.map((value) => [value.value, value.count, value.sessions.map((ref) => ref.session_id)])).toEqual([
      ['completed', 1, ['u-1:s-1']],
      ['abandoned', 2, ['u-2:s-2', 'u-3:s-3']],
      ['unclear', 0, []],
    ]);
    const kinds = report.fields.find((field) => field.path === 'friction[].kind');
    expect(kinds?.kind === 'enum' && kinds.values.map((value) => value.count)).toEqual([2, 1]);
    const satisfied = report.fields.find((field) => field.path === 'satisfied');
    expect(satisfied?.kind === 'enum' && satisfied.values.map((value) => [value.value, value.count])).toEqual([['true', 1], ['false', 2]]);
  });

  it('ranks text values and string-array items, and counts the distinct ones', () => {
    const goal = report.fields.find((field) => field.path === 'goal');
    expect(goal).toMatchObject({ kind: 'text', answered: 3, distinct: 2, top: [{ value: 'buy shoes', count: 2 }, { value: 'compare prices', count: 1 }] });
    const tags = report.fields.find((field) => field.path === 'tags[]');
    expect(tags).toMatchObject({ kind: 'text', answered: 2, top: [{ value: 'checkout', count: 2 }, { value: 'mobile', count: 1 }] });
  });

  it('draws a histogram of a number field, one bar per whole value over a short range', () => {
    const count = report.fields.find((field) => field.path === 'friction[].count');
    expect(count).toMatchObject({ kind: 'number', min: 1, max: 3, mean: 2 });
    expect(count?.kind === 'number' && count.bins.map((bin) => [bin.from, bin.count])).toEqual([[1, 1], [2, 1], [3, 1]]);
  });

  it('draws a histogram of numbers whose range is wider than the largest double, every value in a bar', () => {
    const amounts: ResponseSchema = { type: 'OBJECT', properties: { amount: { type: 'NUMBER' } } };
    const answer = (n: number, amount: number): ResultLine => ({ ...line(n, { amount }), result: { response: { amount }, response_schema: amounts } }) as ResultLine;
    for (const values of [[1e308, -1e308], [1e308, 1e308, -1e308, 0], [Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324]]) {
      const field = buildReport(values.map((value, index) => answer(index + 1, value))).fields[0];
      expect(field?.kind, String(values)).toBe('number');
      if (field?.kind !== 'number') return;
      expect(field.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(values.length);
      expect([field.min, field.max]).toEqual([Math.min(...values), Math.max(...values)]);
      expect(Number.isFinite(field.mean)).toBe(true);
      expect(field.bins.every((bin) => Number.isFinite(bin.from) && Number.isFinite(bin.to))).toBe(true);
    }
  });

  it('names the setups that made the last lines, with their sessions, leaving out lines that record none', () => {
    const run = { profile: 'profiles/a.yaml', profile_sha256: 'a'.repeat(64), provider: 'gemini', model: 'gemini-2.5-flash', privacy_sha256: null };
    const other = { ...run, profile: 'profiles/b.yaml', profile_sha256: 'b'.repeat(64) };
    const setups = buildReport([{ ...line(1, {}), run }, { ...line(2, {}), run: { ...run, profile: 'moved/a.yaml' } }, { ...line(3, {}), run: other }, line(4, {})]).setups;
    expect(setups).toEqual([
      { ...run, sessions: 2 },
      { ...other, sessions: 1 },
    ]);
    expect(report.setups).toEqual([]);
  });

  it('buckets the grounding scores', () => {
    expect(report.grounding).toMatchObject({ scored: 3, unsupported: 2 });
    expect(report.grounding?.buckets.map((bucket) => bucket.count)).toEqual([1, 0, 1, 1, 0]);
    expect(report.grounding?.mean).toBeCloseTo(2.3 / 3, 10);
  });

  it('gives a finite grounding mean for scores that add up past the largest double', () => {
    const report = buildReport([line(1, {}, { score: 1e308 }), line(2, {}, { score: 1e308 }), line(3, {}, { score: 0 })]);
    expect(Number.isFinite(report.grounding?.mean)).toBe(true);
    expect((report.grounding?.mean ?? 0) / 1e308).toBeCloseTo(2 / 3, 10);
  });

  it('finds patterns that recur in two or more sessions, from the events, with their sessions', () => {
    expect(report.patterns.dead_clicks).toEqual([{ label: 'button.pay', count: 3, sessions: [{ session_id: 'u-1:s-1', file: 's/1.json' }, { session_id: 'u-2:s-2', file: 's/2.json' }] }]);
    expect(report.patterns.rage_clicks).toEqual([]);
    // Ids in paths and the query do not split one endpoint in two.
    expect(report.patterns.failing_requests.map((pattern) => [pattern.label, pattern.sessions.length])).toEqual([['POST api.shop.test/orders/:id → 502', 2]]);
    expect(report.patterns.exit_pages.map((pattern) => pattern.label).sort()).toEqual(['shop.test/cart', 'shop.test/checkout']);
    expect(buildReport(lines, (result) => sessions.get(result.file), { minSessions: 1 }).patterns.rage_clicks[0]?.label).toBe('a.only-here');
  });

  it('lists the sessions it could not read for patterns', () => {
    expect(report.unread).toEqual([{ file: 's/3.json', message: 'file not found' }]);
    expect(report.read).toBe(2);
  });
});
