// The summary a many-session run ends with: lines of text, or with --json one object
// (docs/many-sessions.md), also when the run stopped early or had nothing to run.

import { estimateCost } from '../models/prices.js';
import { formatDuration } from '../batch/report/report-format.js';
import type { CliIo } from './cli-io.js';
import { terminalJson } from './terminal-json.js';

/** What a many-session run did. */
export interface ManyRunFacts {
  readonly output: string;
  readonly profileFile: string;
  /** Ctrl-C, or a failure of the model that stopped the run. */
  readonly interrupted: boolean;
  /** Sessions this run set out to summarise (those without a result). */
  readonly sessions: number;
  readonly ran: number;
  readonly failed: number;
  readonly failures: ReadonlyMap<string, number>;
  /** Summarised sessions whose answer needed a repair request, by its reason (schema, grounding). */
  readonly repaired: { readonly sessions: number; readonly reasons: ReadonlyMap<string, number> };
  readonly skipped: number;
  readonly prompt: number;
  readonly outputTokens: number;
  readonly estimated: boolean;
  /** The model that answered, else the one asked for. */
  readonly model: string;
  readonly ms: number;
  /** Sessions at once: the limit, and where the run backed off to. */
  readonly concurrency: { readonly max: number; readonly limit: number };
}

export const count = (value: number) => value.toLocaleString('en-US');

/** `≈ $0.12 on gemini-2.5-flash (note)`, or why the cost is not known. */
export function costLine(model: string, cost: number | undefined, note: string): string {
  if (cost === undefined) return `unknown: ${model} is not in the price table (docs/models.md#prices)`;
  return `≈ $${cost < 0.01 && cost > 0 ? cost.toFixed(4) : cost.toFixed(2)} on ${model} (${note})`;
}

/** Failures of the input, not of the model: a rerun meets them again until the files are fixed or left out. */
const INPUT_FAILURES = new Set(['unreadable_file', 'invalid_session', 'duplicate_session']);

function failureHint(failures: ReadonlyMap<string, number>): string {
  const codes = [...failures.keys()];
  const input = codes.filter((code) => INPUT_FAILURES.has(code));
  if (input.length === 0) return 'rerun to retry them';
  const files = `fix or leave out the files behind ${input.join(' and ')}`;
  return input.length === codes.length ? `${files}: a rerun meets them again` : `rerun to retry the others; ${files}`;
}

/** Writes the summary on stdout: the JSON object with `json`, else lines of text. */
export function writeManySummary(io: CliIo, facts: ManyRunFacts, json: boolean): void {
  const { output, prompt, outputTokens, estimated } = facts;
  const cost = estimateCost(facts.model, prompt, outputTokens);
  if (json) {
    const summary = {
      output,
      interrupted: facts.interrupted,
      sessions: facts.sessions,
      ran: facts.ran,
      ok: facts.ran - facts.failed,
      failed: facts.failed,
      failures: Object.fromEntries(facts.failures),
      repaired: { sessions: facts.repaired.sessions, reasons: Object.fromEntries(facts.repaired.reasons) },
      skipped: facts.skipped,
      tokens: { prompt, output: outputTokens, total: prompt + outputTokens, estimated },
      cost_usd: cost ?? null,
      model: facts.model,
      ms: facts.ms,
    };
    io.stdout.write(`${terminalJson(summary, 2)}\n`);
    return;
  }
  const lines = [
    `${facts.interrupted ? 'interrupted after' : 'ran'} ${facts.ran} of ${facts.sessions} session(s) with ${facts.profileFile} → ${output}`,
    `ok        ${facts.ran - facts.failed}`,
    `failed    ${facts.failed}${facts.failed > 0 ? ` (${[...facts.failures].map(([code, n]) => `${code} ${n}`).join(', ')}; ${failureHint(facts.failures)})` : ''}`,
  ];
  if (facts.repaired.sessions > 0) {
    const reasons = [...facts.repaired.reasons].map(([reason, n]) => `${reason} ${n}`).join(', ');
    lines.push(`repaired  ${facts.repaired.sessions} of the ok (${reasons}): their answers came after a repair request; "repairs" in their lines says why`);
  }
  if (facts.skipped > 0) lines.push(`skipped   ${facts.skipped} (already summarized in ${output})`);
  const { max, limit } = facts.concurrency;
  lines.push(
    `tokens    ${estimated ? '~' : ''}${count(prompt + outputTokens)} (${count(prompt)} prompt + ${count(outputTokens)} output${estimated ? '; estimated where the model reported none' : ''})`,
    `cost      ${costLine(facts.model, cost, 'price table estimate')}`,
    `time      ${formatDuration(facts.ms)} (${((facts.ran * 1000) / Math.max(1, facts.ms)).toFixed(1)} sessions/s, concurrency ${max}${limit < max ? `, backed off to ${limit}` : ''})`,
  );
  io.stdout.write(`${lines.join('\n')}\n`);
}
