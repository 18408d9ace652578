// Answer assertions (see docs/suites.md): checked on the model's answer (live or from a cassette).

import { isDeepStrictEqual } from 'node:util';
import { InvalidAnswerError } from '../models/model-errors.js';
import type { SummaryRepair, SummaryResult } from '../summarize.js';
import { failed, passed, type AssertionResult } from './assertion-result.js';
import type { Judge } from './judge.js';
import type { AnswerAssertions, FieldAssertion } from './suite-schema.js';
import { regexPattern, textPattern } from './text-pattern.js';
import { sighting, sightingNote } from './text-views.js';
import { valueAtPath } from './value-at-path.js';
import { inSuiteTerms } from './suite-terms.js';
import type { GroundingFinding, GroundingReport } from '../grounding/grounding-report.js';

/** What came back for one run: a result (with its grounding report when it was grounded), or the error that stopped it. */
export type AnswerUnderTest =
  | { readonly result: SummaryResult; readonly grounding?: GroundingReport | undefined; readonly repairs?: readonly SummaryRepair[] | undefined }
  | { readonly error: Error };

const claimList = (findings: readonly GroundingFinding[]) => findings.map((finding) => `${finding.text} (${finding.kind} at ${finding.path}: ${finding.reason ?? finding.verdict})`).join('; ');

/** expect.grounded and expect.grounding, naming the claims that fail them. */
function checkGrounding(report: GroundingReport | undefined, assertions: AnswerAssertions): AssertionResult[] {
  if (assertions.grounded === undefined && assertions.grounding === undefined) return [];
  if (report === undefined) return [failed('expect.grounding', "the answer was not grounded: the profile sets llm.grounding: off")];
  const results: AssertionResult[] = [];
  if (assertions.grounded === true) {
    const wrong = [...report.unsupported, ...report.dropped];
    const message =
      wrong.length === 0
        ? `every claim is supported by the prompt (${report.findings.length} checked)`
        : `${wrong.length} claim(s) not supported by the prompt (${report.unsupported.length} in no event of the session, ${report.dropped.length} about what the profile left out; score ${report.score}): ${claimList(wrong)}`;
    results.push(wrong.length === 0 ? passed('expect.grounded', message) : failed('expect.grounded', message, { actual: report.score }));
  }
  const bounds = assertions.grounding ?? {};
  if (bounds.min_score !== undefined) {
    const message = `grounding score ${report.score} (at least ${bounds.min_score})${report.unsupported.length + report.dropped.length > 0 ? `; not supported: ${claimList([...report.unsupported, ...report.dropped])}` : ''}`;
    results.push(report.score >= bounds.min_score ? passed('expect.grounding.min_score', message) : failed('expect.grounding.min_score', message, { expected: bounds.min_score, actual: report.score }));
  }
  for (const [key, list] of [
    ['max_unsupported', report.unsupported],
    ['max_dropped', report.dropped],
  ] as const) {
    const bound = bounds[key];
    if (bound === undefined) continue;
    const message = `${list.length} ${key === 'max_unsupported' ? 'unsupported' : 'dropped'} claim(s) (at most ${bound})${list.length > 0 ? `: ${claimList(list)}` : ''}`;
    results.push(list.length <= bound ? passed(`expect.grounding.${key}`, message) : failed(`expect.grounding.${key}`, message, { expected: bound, actual: list.length }));
  }
  return results;
}

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

function checkField(field: FieldAssertion, index: number, response: Record<string, unknown>): AssertionResult[] {
  const base = `expect.fields[${index}]`;
  const lookup = valueAtPath(response, field.path);
  if (!lookup.found) return [failed(`${base}.path`, `${field.path}: the answer has no ${lookup.missing}`, { expected: field.path })];
  const value = lookup.value;
  const results: AssertionResult[] = [];
  const check = (keyword: string, ok: boolean, expectation: string, expected: unknown): void => {
    const message = `${field.path} ${expectation}: got ${show(value)}`;
    results.push(ok ? passed(`${base}.${keyword}`, message) : failed(`${base}.${keyword}`, message, { expected, actual: value }));
  };
  if ('equals' in field) check('equals', isDeepStrictEqual(value, field.equals), `equals ${show(field.equals)}`, field.equals);
  if (field.one_of !== undefined) {
    check('one_of', field.one_of.some((option) => isDeepStrictEqual(value, option)), `is one of ${show(field.one_of)}`, field.one_of);
  }
  if ('contains' in field) {
    const needle = field.contains;
    const contains = Array.isArray(value)
      ? value.some((item) => isDeepStrictEqual(item, needle) || (typeof item === 'string' && typeof needle === 'string' && item.toLowerCase().includes(needle.toLowerCase())))
      : typeof value === 'string' && textPattern(String(needle), { ignoreCase: true }).test(value);
    check('contains', contains, `contains ${show(needle)}`, needle);
  }
  if (field.matches !== undefined) {
    const pattern = regexPattern(field.matches);
    check('matches', typeof value === 'string' && pattern.test(value), `matches ${field.matches}`, field.matches);
  }
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
  if (field.min_length !== undefined) {
    check('min_length', length !== undefined && length >= field.min_length, `has length ≥ ${field.min_length} (${length ?? 'no length'})`, field.min_length);
  }
  if (field.max_length !== undefined) {
    check('max_length', length !== undefined && length <= field.max_length, `has length ≤ ${field.max_length} (${length ?? 'no length'})`, field.max_length);
  }
  return results;
}

/** The text of an answer as shown: the summary, or the structured answer as JSON. */
export function answerText(result: SummaryResult): string {
  return 'summary' in result ? result.summary : JSON.stringify(result.response);
}

/** Every string, number and boolean of a structured answer, depth first: its values, not its field names. */
function* leafValues(value: unknown): Generator<string> {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') yield String(value);
  else if (Array.isArray(value)) for (const item of value) yield* leafValues(item);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) yield* leafValues(item);
}

/**
 * The text summary_contains and summary_not_contains read: the summary, or the values of a
 * structured answer one per line. Its field names are the schema's, in every answer: read as
 * JSON, `summary_contains: [severity]` passed on any answer and `summary_not_contains: [refund]`
 * failed on one with a `refund_requested` field.
 */
export function assertedText(result: SummaryResult): string {
  return 'summary' in result ? result.summary : [...leafValues(result.response)].join('\n');
}

/** Every answer assertion of a case for one run, in the order written. */
export async function checkAnswer(answer: AnswerUnderTest, assertions: AnswerAssertions, judge: Judge): Promise<AssertionResult[]> {
  if ('error' in answer) {
    const error = answer.error;
    if (error instanceof InvalidAnswerError && assertions.schema_valid === true) {
      const problems = error.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
      return [failed('expect.schema_valid', `the answer does not fit the response schema (after one repair retry): ${problems}`, { actual: error.rawText })];
    }
    return [failed('expect', `no answer: ${inSuiteTerms(error.message)}`)];
  }
  const result = answer.result;
  const results: AssertionResult[] = [];
  if (assertions.schema_valid === true) {
    // A pass after a repair is still a pass (the profile's contract holds), but not a clean one: it says so.
    const schemaRepair = answer.repairs?.find((repair) => repair.reason === 'schema');
    results.push(
      'response' in result
        ? passed('expect.schema_valid', schemaRepair === undefined ? 'the answer fits the response schema' : `the answer fits the response schema after a repair request (the first did not: ${schemaRepair.problems})`)
        : failed('expect.schema_valid', 'the profile has no response schema, so there is nothing to validate'),
    );
  }
  assertions.fields?.forEach((field, index) => {
    if (!('response' in result)) {
      results.push(failed(`expect.fields[${index}]`, `${field.path}: the answer is text, not a structured response`));
      return;
    }
    results.push(...checkField(field, index, result.response));
  });
  const text = assertedText(result);
  assertions.summary_contains?.forEach((source, index) => {
    const found = textPattern(source, { ignoreCase: true }).test(text);
    const message = `the answer ${found ? 'contains' : 'does not contain'} ${JSON.stringify(source)}`;
    results.push(found ? passed(`expect.summary_contains[${index}]`, message) : failed(`expect.summary_contains[${index}]`, message, { expected: source, actual: text }));
  });
  // Absent also as a reader takes it: full-width letters, invisible characters inside (text-views.ts).
  assertions.summary_not_contains?.forEach((source, index) => {
    const seen = sighting(source, text, { ignoreCase: true });
    const id = `expect.summary_not_contains[${index}]`;
    results.push(
      seen === undefined
        ? passed(id, `the answer does not contain ${JSON.stringify(source)}`)
        : failed(id, `the answer contains ${JSON.stringify(source)}${sightingNote(seen)}`, { expected: source, actual: text }),
    );
  });
  results.push(...checkGrounding(answer.grounding, assertions));
  if (assertions.judge !== undefined) {
    try {
      const verdict = await judge(assertions.judge, 'summary' in result ? result.summary : result.response);
      const message = `judge: ${verdict.pass ? 'pass' : 'fail'} — ${verdict.reason}`;
      results.push(verdict.pass ? passed('expect.judge', message) : failed('expect.judge', message, { expected: assertions.judge }));
    } catch (error) {
      const message = (error as Error).message;
      const reason = /extractive/.test(message)
        ? 'the judge needs a language model, and the extractive summariser is not one: set provider: gemini or openai in the suite (or replay recorded judge cassettes)'
        : inSuiteTerms(message);
      results.push(failed('expect.judge', `the judge could not grade the answer: ${reason}`));
    }
  }
  return results;
}
