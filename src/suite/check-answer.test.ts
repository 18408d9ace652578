import { describe, expect, it } from 'vitest';
import { InvalidAnswerError } from '../models/model-errors.js';
import { checkAnswer } from './check-answer.js';
import type { Judge } from './judge.js';

const schema = { type: 'OBJECT' as const, properties: { outcome: { type: 'STRING' as const } } };
const structured = {
  result: {
    response: { outcome: 'abandoned', friction: [{ kind: 'coupon', count: 5 }], severity: 'High', notes: 'Coupon SPRING24 failed' },
    response_schema: schema,
  },
};
const noJudge: Judge = async () => {
  throw new Error('no judge here');
};
const verdicts = async (assertions: Parameters<typeof checkAnswer>[1], answer: Parameters<typeof checkAnswer>[0] = structured, judge = noJudge) =>
  (await checkAnswer(answer, assertions, judge)).map(({ id, passed }) => [id, passed]);

describe('checkAnswer', () => {
  it('checks fields by dotted path with indices', async () => {
    expect(
      await verdicts({
        fields: [
          { path: 'outcome', equals: 'abandoned' },
          { path: 'outcome', one_of: ['completed'] },
          { path: 'friction[0].kind', contains: 'COUP' },
          { path: 'friction', min_length: 1, max_length: 1 },
          { path: 'severity', matches: '^(high|medium)$' },
          { path: 'severity', matches: '/^(high|medium)$/i' },
          { path: 'friction[0].count', equals: 5 },
          { path: 'friction[1].kind', equals: 'x' },
        ],
      }),
    ).toEqual([
      ['expect.fields[0].equals', true],
      ['expect.fields[1].one_of', false],
      ['expect.fields[2].contains', true],
      ['expect.fields[3].min_length', true],
      ['expect.fields[3].max_length', true],
      ['expect.fields[4].matches', false],
      ['expect.fields[5].matches', true],
      ['expect.fields[6].equals', true],
      ['expect.fields[7].path', false],
    ]);
  });

  it('contains on a list looks for an element', async () => {
    const answer = { result: { response: { tags: ['coupon', 'checkout'] }, response_schema: schema } };
    expect(await verdicts({ fields: [{ path: 'tags', contains: 'checkout' }, { path: 'tags', contains: 'refund' }] }, answer)).toEqual([
      ['expect.fields[0].contains', true],
      ['expect.fields[1].contains', false],
    ]);
  });

  it('summary_contains and summary_not_contains ignore case and accept /regex/', async () => {
    const answer = { result: { summary: 'The user could not apply the Coupon.' } };
    expect(await verdicts({ summary_contains: ['coupon', '/could not \\w+/'], summary_not_contains: ['refund', 'COUPON'] }, answer)).toEqual([
      ['expect.summary_contains[0]', true],
      ['expect.summary_contains[1]', true],
      ['expect.summary_not_contains[0]', true],
      ['expect.summary_not_contains[1]', false],
    ]);
  });

  it('schema_valid passes for a validated answer and fails with the problems after the repair retry', async () => {
    expect(await verdicts({ schema_valid: true })).toEqual([['expect.schema_valid', true]]);
    const invalid = new InvalidAnswerError('invalid', { provider: 'gemini', rawText: '{"outcome":1}', problems: [{ path: 'outcome', message: 'must be string' }] });
    const [result] = await checkAnswer({ error: invalid }, { schema_valid: true }, noJudge);
    expect(result).toMatchObject({ passed: false, actual: '{"outcome":1}' });
    expect(result?.message).toContain('outcome: must be string');
    expect(await verdicts({ schema_valid: true }, { result: { summary: 'text' } })).toEqual([['expect.schema_valid', false]]);
  });

  it('schema_valid says when the answer fits only after a repair request, and not for a grounding repair', async () => {
    const [clean] = await checkAnswer(structured, { schema_valid: true }, noJudge);
    expect(clean?.message).toBe('the answer fits the response schema');
    const repairs = [{ reason: 'schema' as const, problems: 'outcome: must be one of "converted", "abandoned"' }];
    const [repaired] = await checkAnswer({ ...structured, repairs }, { schema_valid: true }, noJudge);
    expect(repaired).toMatchObject({ passed: true, message: 'the answer fits the response schema after a repair request (the first did not: outcome: must be one of "converted", "abandoned")' });
    const [grounded] = await checkAnswer({ ...structured, repairs: [{ reason: 'grounding', problems: '- "#9"' }] }, { schema_valid: true }, noJudge);
    expect(grounded?.message).toBe('the answer fits the response schema');
  });

  it('runs the judge and reports its reason', async () => {
    const seen: unknown[] = [];
    const judge: Judge = async (rubric, answer) => {
      seen.push(rubric, answer);
      return { pass: false, reason: 'it never mentions the coupon' };
    };
    const [result] = await checkAnswer({ result: { summary: 'ok' } }, { judge: 'Mentions the coupon.' }, judge);
    expect(result).toMatchObject({ id: 'expect.judge', passed: false, message: 'judge: fail — it never mentions the coupon' });
    expect(seen).toEqual(['Mentions the coupon.', 'ok']);
  });

  it('fails every expectation when there is no answer', async () => {
    expect(await verdicts({ summary_contains: ['x'] }, { error: new Error('model down') })).toEqual([['expect', false]]);
  });
});
