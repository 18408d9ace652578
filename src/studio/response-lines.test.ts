import { describe, expect, it } from 'vitest';
import { responseLines } from './response-lines.js';
import type { RunRecord } from './run-record.js';
import { lineText } from './styled-line.js';

type Repairs = Extract<RunRecord['outcome'], { status: 'ok' }>['repairs'];

const run = (attempts: number, repairs: Repairs): RunRecord => ({
  number: 1,
  startedAt: '2026-11-29T09:00:00.000Z',
  profile: 'profiles/friction-report.yaml',
  session: 'sessions-fixtures/checkout-abandon.json',
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  prompt: 'the prompt',
  promptTokens: { prompt: 100, method: 'estimate' },
  schema: true,
  latencyMs: 120,
  outcome: { status: 'ok', answer: { kind: 'response', value: { outcome: 'abandoned' } }, attempts, ...(repairs === undefined ? {} : { repairs }) },
});

const text = (record: RunRecord) => responseLines(record, undefined).map(lineText);

describe('the Response pane', () => {
  it('says the answer matched the schema, with no repair line, when it was accepted as it came', () => {
    const lines = text(run(1, []));
    expect(lines).toContain('schema   ✓ valid: the answer matches the response schema');
    expect(lines.some((line) => line.startsWith('repaired'))).toBe(false);
  });

  it('names each repair request and why, and credits the schema only with its own repair', () => {
    const schema = text(run(2, [{ reason: 'schema', problems: 'outcome: must be one of "converted", "abandoned"' }]));
    expect(schema).toContain('schema   ✓ valid after one repair retry');
    expect(schema).toContain('repaired ⚠ the answer before the repair request did not match the response schema: outcome: must be one of "converted", "abandoned"');
    // A grounding repair (llm.grounding: require) is not a schema repair: the first answer matched it.
    const grounding = text(run(2, [{ reason: 'grounding', problems: '- "#9": no event #9' }]));
    expect(grounding).toContain('schema   ✓ valid: the answer matches the response schema');
    expect(grounding).toContain('repaired ⚠ the answer before the repair request held claims the session does not support (llm.grounding: require): - "#9": no event #9');
  });

  it('reads a run saved before repairs were kept as it did then', () => {
    expect(text(run(2, undefined))).toContain('schema   ✓ valid after one repair retry');
  });
});
