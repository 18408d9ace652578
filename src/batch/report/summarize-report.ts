// `recap report --summarize`: one model call over the per-session results that writes the
// recurring patterns in words, citing sessions as [<session id>]; every cited id is checked to
// exist in the results.

import type { SummaryModel } from '../../models/summary-model.js';
import { isResultLine, type ResultLine } from '../result-line.js';
import { PATTERN_KINDS, type ReportData } from './report-data.js';
import { PATTERN_TITLES } from './render-report-markdown.js';

/** Characters of one session's result in the prompt; longer results are cut. */
const RESULT_CHARS = 600;
/** Characters of all sessions' results in the prompt; sessions beyond are left out and counted. */
const PROMPT_CHARS = 120_000;

/**
 * The prompt of the summary: the results (each cut to a few hundred characters, as many as fit),
 * the totals and the patterns read from the sessions, and how to cite.
 */
export function reportSummaryPrompt(lines: readonly ResultLine[], data: ReportData): string {
  const results = lines.filter(isResultLine);
  const parts: string[] = [];
  let used = 0;
  let left = 0;
  for (const line of results) {
    const body = 'summary' in line.result ? line.result.summary : JSON.stringify(line.result.response);
    const text = `[${line.session_id}] ${body.length > RESULT_CHARS ? `${body.slice(0, RESULT_CHARS)}…` : body}`.replace(/\s+/g, ' ');
    if (used + text.length > PROMPT_CHARS) {
      left++;
      continue;
    }
    used += text.length;
    parts.push(text);
  }
  const patterns = PATTERN_KINDS.flatMap((kind) =>
    data.patterns[kind].slice(0, 8).map((pattern) => `- ${PATTERN_TITLES[kind]}: ${pattern.label} (${pattern.count} times in ${pattern.sessions.length} sessions: ${pattern.sessions.slice(0, 6).map((ref) => `[${ref.session_id}]`).join(' ')})`),
  );
  return [
    `You read the summaries of ${results.length} recorded user sessions, made with the same summary profile, and the patterns counted in the sessions' events.`,
    'Write a short report (at most 8 short paragraphs or bullets) of what recurs across sessions: where users struggle, what fails, where they leave.',
    'Cite the sessions behind every statement by their id in square brackets exactly as given, e.g. [u-1:s-1]. Cite only ids that appear below; never invent one. Say how many sessions a pattern concerns.',
    '',
    `Patterns counted in the sessions' events (facts, not opinions):`,
    ...(patterns.length === 0 ? ['- none recurs'] : patterns),
    '',
    `Per-session results${left > 0 ? ` (${left} more sessions left out for length)` : ''}:`,
    ...parts,
  ].join('\n');
}

/**
 * Session ids cited in `text`, in order of first citation: `[id]`, and every id of a bracket that
 * holds several (`[u-1:s-1, u-2:s-2]`, `[u-1:s-1; u-2:s-2]`), as models write them whatever the
 * prompt asks. An id is a word with a colon inside (`<user_id>:<session_id>`).
 */
export function citedSessions(text: string): string[] {
  const cited = new Set<string>();
  for (const match of text.matchAll(/\[([^\][]+)\]/g)) {
    for (const word of (match[1] as string).split(/[\s,;]+/)) {
      if (/^[^:]+:.*[^:]$/.test(word)) cited.add(word);
    }
  }
  return [...cited];
}

/** The summary and the cited ids not in the results. */
export interface ReportSummary {
  readonly text: string;
  readonly model: string;
  readonly cited: readonly string[];
  readonly unknownSessions: readonly string[];
}

/**
 * Asks `model` for the summary of the results and checks every session it cites.
 *
 * @throws whatever the model's `generate` throws; an Error when the model is rule-based (it cannot write such a summary).
 */
export async function summarizeReport(model: SummaryModel, lines: readonly ResultLine[], data: ReportData, signal?: AbortSignal): Promise<ReportSummary> {
  if (model.kind === 'rule-based') {
    throw new Error(`--summarize needs a language model; ${model.provider} is rule-based (set GEMINI_API_KEY, or use --provider openai or --provider replay)`);
  }
  const answer = await model.generate({ prompt: reportSummaryPrompt(lines, data), temperature: 0.2, signal });
  const known = new Set(lines.flatMap((line) => (line.session_id === undefined ? [] : [line.session_id])));
  const cited = citedSessions(answer.text);
  return { text: answer.text.trim(), model: answer.model, cited, unknownSessions: cited.filter((id) => !known.has(id)) };
}
