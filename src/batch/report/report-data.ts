// The data of a many-session report (`recap report`, buildReport): what the Markdown and HTML
// renderers show. Plain JSON, so that it can also be printed with --json.

import type { ReportSetup } from './report-setups.js';

/**
 * A session behind a number of the report, with where to find it: `app_url` when the results
 * carry one (server results), else the fixture file.
 *
 * @category Reports
 */
export interface SessionRef {
  readonly session_id: string;
  readonly file: string;
  /** The session on the server, when the line carries one. */
  readonly app_url?: string;
}

/**
 * One value and the sessions that have it.
 *
 * @category Reports
 */
export interface ValueCount {
  readonly value: string;
  readonly count: number;
  readonly sessions: readonly SessionRef[];
}

/**
 * One bar of a histogram: values from `from` (inclusive) to `to` (exclusive, inclusive for the last bar).
 *
 * @category Reports
 */
export interface HistogramBin {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly sessions: readonly SessionRef[];
}

/**
 * One field of the structured responses, by its path in the response (`friction[].kind`):
 * - `enum`: an enum string (or a boolean, or an enum string array's items): every value's count;
 * - `text`: a free string (or a string array's items): the most frequent values and how many differ;
 * - `number`: a histogram, with min, max and mean.
 * `answered` counts the sessions whose response has the field.
 *
 * @category Reports
 */
export type ReportField =
  | { readonly path: string; readonly kind: 'enum'; readonly answered: number; readonly values: readonly ValueCount[] }
  | { readonly path: string; readonly kind: 'text'; readonly answered: number; readonly distinct: number; readonly top: readonly ValueCount[] }
  | {
      readonly path: string;
      readonly kind: 'number';
      readonly answered: number;
      readonly min: number;
      readonly max: number;
      readonly mean: number;
      readonly bins: readonly HistogramBin[];
    };

/**
 * Something that recurs across sessions, found in the sessions' events (not in the model's
 * answers): `label` is the element's selector, the request, the message or the page; `count` how
 * many times it happened in all; `sessions` the distinct sessions it happened in.
 *
 * @category Reports
 */
export interface Pattern {
  readonly label: string;
  readonly count: number;
  readonly sessions: readonly SessionRef[];
}

/**
 * The kinds of pattern, in the order the report shows them.
 *
 * @category Reports
 */
export const PATTERN_KINDS = ['rage_clicks', 'dead_clicks', 'error_clicks', 'failing_requests', 'console_errors', 'exit_pages'] as const;

/**
 * One of {@link PATTERN_KINDS}.
 *
 * @category Reports
 */
export type PatternKind = (typeof PATTERN_KINDS)[number];

/**
 * How grounding scores spread: `buckets` from the best (`1`) down.
 *
 * @category Reports
 */
export interface GroundingDistribution {
  /** Sessions whose result carries a grounding report. */
  readonly scored: number;
  readonly mean: number;
  readonly buckets: readonly { readonly label: string; readonly count: number; readonly sessions: readonly SessionRef[] }[];
  /** Unsupported claims over all sessions. */
  readonly unsupported: number;
  /** Claims true of the session but dropped by the profile, over all sessions. */
  readonly dropped: number;
}

/**
 * What {@link buildReport} returns: totals, the structured fields' distributions and the
 * patterns that recur in the sessions.
 *
 * @category Reports
 */
export interface ReportData {
  readonly totals: {
    /** Sessions (the last line of each file). */
    readonly sessions: number;
    readonly ok: number;
    readonly failed: number;
    /** Failures by error code, most frequent first. */
    readonly failures: readonly ValueCount[];
    /** Of the ok sessions, those whose answer came after a repair request (`repairs` in their line). */
    readonly repaired: number;
    /** Tokens of every session's last line, failed sessions' answers included. */
    readonly tokens: { readonly prompt: number; readonly output: number; readonly total: number; readonly estimated: boolean };
    /** US dollars from the price table; null when a model is not in it (`unpriced`). */
    readonly cost: { readonly usd: number | null; readonly models: readonly string[]; readonly unpriced: readonly string[] };
    /** Milliseconds of model time: sum and median per session. */
    readonly ms: { readonly total: number; readonly median: number };
  };
  /** Undefined when no result was grounded. */
  readonly grounding: GroundingDistribution | undefined;
  /** Sessions with a structured response (the rest are plain summaries). */
  readonly structured: number;
  readonly fields: readonly ReportField[];
  /** Patterns of each kind, most sessions first; only those in at least `minSessions` sessions (exit pages: all). */
  readonly patterns: Readonly<Record<PatternKind, readonly Pattern[]>>;
  /** The least number of sessions a pattern must recur in to be shown. */
  readonly minSessions: number;
  /** Sessions whose events could not be read for the patterns (file moved, not valid), with why. */
  readonly unread: readonly { readonly file: string; readonly message: string }[];
  /** Sessions whose events the patterns were computed from. */
  readonly read: number;
  /**
   * The setups (profile, provider, model, privacy rules) that made the sessions' last lines, as
   * their `run` records them, in the order first met; lines that record none are left out.
   * More than one: the report adds up the results of several setups.
   */
  readonly setups?: readonly ReportSetup[];
}
