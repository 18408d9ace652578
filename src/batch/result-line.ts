// The line format of a many-session run (docs/many-sessions.md#the-jsonl-line-format), a contract:
// one JSON object per session, a result or an error.

import type { GroundingReport } from '../grounding/grounding-report.js';
import type { SummaryResult } from '../summarize.js';

/**
 * Tokens of one summary: the vendor's counts when it reported them, else recap's estimate of the
 * prompt (`estimated: true`, output 0).
 *
 * @category Many sessions
 */
export interface LineTokens {
  readonly prompt: number;
  readonly output: number;
  readonly total: number;
  /** Present (true) when the prompt count is recap's estimate, not the vendor's. */
  readonly estimated?: true;
}

/**
 * What a line was made with, so that a resumed run never mixes setups: the profile (as the run
 * named it, and the SHA-256 of its bytes), the provider and the model asked for. Absent in lines
 * written before recap recorded it.
 *
 * @category Many sessions
 */
export interface LineRun {
  readonly profile: string;
  /** Hex SHA-256 of the profile file's bytes. */
  readonly profile_sha256: string;
  readonly provider: string;
  /** The model asked for (`--model`, else the profile's `llm.model`, else the provider's default). */
  readonly model: string;
  /** Hex SHA-256 of the privacy rules file's bytes, null when no rules applied; absent in lines of versions that did not record it. */
  readonly privacy_sha256?: string | null;
  /**
   * Where the run ran (what `file` is relative to), as a path from the results file's folder: `.`
   * when it ran there, `..` from the folder above. A run resumed from another folder finds the
   * files of earlier lines with it. Absent in lines of versions that did not record it.
   */
  readonly cwd?: string;
}

/**
 * A repair request a session's answer needed: `schema` (it did not match the response schema) or
 * `grounding` (it held unsupported claims under `llm.grounding: require`), with the problems named.
 *
 * @category Many sessions
 */
export interface LineRepair {
  readonly reason: 'schema' | 'grounding';
  readonly problems: string;
}

const isRepair = (repair: unknown): boolean =>
  typeof repair === 'object' && repair !== null && ((repair as LineRepair).reason === 'schema' || (repair as LineRepair).reason === 'grounding') && typeof (repair as LineRepair).problems === 'string';

/**
 * A session that was summarized: `{ session_id, file, result, grounding?, tokens, model, ms, run? }`.
 *
 * @category Many sessions
 */
export interface SessionResultLine {
  /** The session's `<user_id>:<session_id>`. */
  readonly session_id: string;
  /** The fixture file, as the run named it (relative to where it ran). */
  readonly file: string;
  /** `{ summary }` or `{ response, response_schema }`, as `recap run --json` prints it. */
  readonly result: SummaryResult;
  /** The grounding report, unless the profile turns grounding off. */
  readonly grounding?: GroundingReport;
  /**
   * The repair requests the answer needed (see SummaryRepair), present only when it needed one:
   * the result is valid, but it is not what the model first said.
   */
  readonly repairs?: readonly LineRepair[];
  readonly tokens: LineTokens;
  /** The model that answered. */
  readonly model: string;
  /** Milliseconds from the first model request to the accepted answer. */
  readonly ms: number;
  /** What made the line (`recap run --output` writes it). */
  readonly run?: LineRun;
}

/**
 * Codes of a failed session's line: the file could not be read (`unreadable_file`), is not a
 * valid fixture (`invalid_session`), holds a session already summarized in this run
 * (`duplicate_session`), or a model failure's code (`model_error`, `model_unavailable`,
 * `invalid_answer`, `unsupported_request`, `cassette_miss`), `grounding` (llm.grounding: require),
 * `privacy` (the rules could not be applied) or `internal`; a server's summary batch lines may
 * also have `not_found` and `deleted` (a user deletion replaced the line).
 *
 * @category Many sessions
 */
export type LineErrorCode = string;

/**
 * A session that failed: `{ session_id?, file, error: { code, message }, tokens?, model?, run? }`.
 *
 * @category Many sessions
 */
export interface SessionErrorLine {
  /** Absent when the file could not be read as a session. */
  readonly session_id?: string;
  readonly file: string;
  readonly error: { readonly code: LineErrorCode; readonly message: string };
  /** Tokens of the answers the model gave before the session failed (an invalid or ungrounded answer); absent when none came. */
  readonly tokens?: LineTokens;
  /** The model that gave those answers; present with `tokens`. */
  readonly model?: string;
  /** What made the line (`recap run --output` writes it). */
  readonly run?: LineRun;
}

/**
 * One line of a many-session results file.
 *
 * @category Many sessions
 */
export type ResultLine = SessionResultLine | SessionErrorLine;

/**
 * True when the line holds a result (not an error).
 *
 * @category Many sessions
 */
export function isResultLine(line: ResultLine): line is SessionResultLine {
  return 'result' in line && !('error' in line);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A whole number of at least 0 and at most 2^53 − 1 (JSON has no infinity, but 1e400 reads as
 * one): no run counts that many tokens, and the totals of a report of any number of lines stay
 * finite (two lines of 1e308 tokens would add up to Infinity).
 */
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/** Milliseconds of a run: a number of at least 0 and at most 2^53 − 1 (about 285,000 years), for the same reason. */
const isDuration = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= Number.MAX_SAFE_INTEGER;

/** The parts of a grounding report the report reads: a score from 0 to 1 (kept of all checked claims) and the lists of claims. */
const isGroundingReport = (value: unknown): boolean =>
  isObject(value) && typeof value.score === 'number' && value.score >= 0 && value.score <= 1 && Array.isArray(value.unsupported) && Array.isArray(value.dropped);

/**
 * Why `value` is not a {@link ResultLine}, or undefined when it is one (checks the fields the
 * format fixes, not the result's content).
 */
export function resultLineProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'expected a JSON object';
  if (typeof value.file !== 'string') return '"file" must be a string';
  if (value.session_id !== undefined && typeof value.session_id !== 'string') return '"session_id" must be a string';
  const run = value.run;
  if (run !== undefined && (!isObject(run) || !['profile', 'profile_sha256', 'provider', 'model'].every((key) => typeof run[key] === 'string'))) {
    return '"run" must be { profile, profile_sha256, provider, model }';
  }
  if (run !== undefined && 'privacy_sha256' in run && run.privacy_sha256 !== null && typeof run.privacy_sha256 !== 'string') return '"run.privacy_sha256" must be a string or null';
  if (run !== undefined && run.cwd !== undefined && typeof run.cwd !== 'string') return '"run.cwd" must be a string';
  const tokensProblem = (tokens: unknown) =>
    !isObject(tokens) || ![tokens.prompt, tokens.output, tokens.total].every(isCount) ? '"tokens" must be { prompt, output, total }, each a whole number from 0 to 2^53 − 1' : undefined;
  // Read as an error line it would escape the result checks, read as a result line it would hide
  // a failure: a line is one or the other.
  if ('error' in value && 'result' in value) return 'a line holds "result" or "error", not both';
  if ('error' in value) {
    const error = value.error;
    if (!isObject(error) || typeof error.code !== 'string' || typeof error.message !== 'string') return '"error" must be { code, message }';
    if (value.tokens === undefined) return undefined;
    return tokensProblem(value.tokens) ?? (typeof value.model === 'string' ? undefined : 'an error line with "tokens" needs "model"');
  }
  if (!('result' in value)) return 'expected "result" or "error"';
  if (typeof value.session_id !== 'string') return 'a result line needs "session_id"';
  const result = value.result;
  if (!isObject(result) || (typeof result.summary !== 'string' && !(isObject(result.response) && isObject(result.response_schema)))) {
    return '"result" must be { summary } or { response, response_schema }';
  }
  const problem = tokensProblem(value.tokens);
  if (problem !== undefined) return problem;
  if (typeof value.model !== 'string') return '"model" must be a string';
  if (!isDuration(value.ms)) return '"ms" must be a number from 0 to 2^53 − 1';
  if (value.grounding !== undefined && !isGroundingReport(value.grounding)) {
    return '"grounding" must be { score, findings, unsupported, dropped } with a score from 0 to 1 and lists of claims';
  }
  if (value.repairs !== undefined && !(Array.isArray(value.repairs) && value.repairs.length > 0 && value.repairs.every(isRepair))) {
    return '"repairs" must be a non-empty list of { reason: "schema" | "grounding", problems }';
  }
  return undefined;
}
