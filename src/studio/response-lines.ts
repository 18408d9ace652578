// The Response pane as lines: the latest run's facts (model, latency, tokens, schema check) and
// its answer, pretty-printed.

import { describeRepair } from '../index.js';
import { formatCount, formatDuration } from './format-count.js';
import { groundingLines, markedAnswerLines } from './grounding-lines.js';
import { jsonLines } from './json-lines.js';
import { runLabel } from './run-labels.js';
import type { RunRecord } from './run-record.js';
import { plainLine, segment, type StyledLine } from './styled-line.js';

function tokensLine(run: RunRecord): StyledLine {
  const outcome = run.outcome;
  if (outcome.status === 'ok' && outcome.usage !== undefined) {
    const usage = outcome.usage;
    return [segment('tokens   ', 'dim'), segment(`${formatCount(usage.promptTokens)} prompt + ${formatCount(usage.outputTokens)} output`), segment(' (reported by the vendor)', 'dim')];
  }
  const estimate = run.promptTokens.method === 'estimate';
  return [
    segment('tokens   ', 'dim'),
    segment(`${estimate ? '~' : ''}${formatCount(run.promptTokens.prompt)} prompt`),
    segment(estimate ? ' (estimate; no usage reported)' : ' (counted)', 'dim'),
  ];
}

type OkOutcome = Extract<RunRecord['outcome'], { status: 'ok' }>;

/** Whether the answer needed a schema repair (a run from before repairs were kept: whether it needed any). */
const schemaRepaired = (outcome: OkOutcome): boolean => (outcome.repairs === undefined ? outcome.attempts > 1 : outcome.repairs.some((repair) => repair.reason === 'schema'));

/** A line per repair request the answer needed: the answer shown is not the model's first. */
function repairLines(outcome: OkOutcome): StyledLine[] {
  return (outcome.repairs ?? []).map((repair) => [segment('repaired ', 'dim'), segment(`⚠ ${describeRepair(repair)}`, 'warn')]);
}

function schemaLines(run: RunRecord): StyledLine[] {
  const outcome = run.outcome;
  switch (outcome.status) {
    case 'ok':
      if (!run.schema) return [[segment('schema   ', 'dim'), segment('– none: the profile asks for a plain summary', 'dim')]];
      return [[segment('schema   ', 'dim'), segment('✓ valid', 'ok'), segment(schemaRepaired(outcome) ? ' after one repair retry' : ': the answer matches the response schema')]];
    case 'invalid-answer':
      return [
        [segment('schema   ', 'dim'), segment('✗ invalid', 'error'), segment(' after one repair retry:')],
        ...outcome.problems.map((problem) => [segment(`         ${problem.path}: `, 'dim'), segment(problem.message, 'error')]),
      ];
    case 'failed':
      return [[segment('error    ', 'dim'), segment(`✗ ${outcome.code}: `, 'error'), segment(outcome.message)]];
  }
}

/** Every line of the Response pane for `run`; `currentPrompt` flags a run of an older prompt. */
export function responseLines(run: RunRecord, currentPrompt: string | undefined): StyledLine[] {
  const outcome = run.outcome;
  const attempts = outcome.status === 'ok' ? `, ${outcome.attempts} attempt${outcome.attempts === 1 ? '' : 's'}` : '';
  const lines: StyledLine[] = [
    [segment(runLabel(run), 'heading'), segment(`  ${run.provider} / ${run.model}  ${formatDuration(run.latencyMs)}${attempts}`)],
    tokensLine(run),
    ...schemaLines(run),
    ...(outcome.status === 'ok' ? repairLines(outcome) : []),
  ];
  if ((outcome.status === 'ok' || outcome.status === 'failed') && outcome.grounding !== undefined) lines.push(...groundingLines(outcome.grounding));
  if (currentPrompt !== undefined && currentPrompt !== run.prompt) {
    lines.push([segment('⚠ the prompt changed since this run: press r to run it again', 'warn')]);
  }
  lines.push(plainLine(''));
  if (outcome.status === 'ok') {
    if (outcome.answer.kind === 'response') lines.push(...jsonLines(outcome.answer.value, outcome.grounding?.findings ?? []));
    else lines.push(...markedAnswerLines(outcome.answer.text, outcome.grounding?.findings ?? []));
  } else if (outcome.status === 'invalid-answer') {
    lines.push(plainLine('raw answer:', 'dim'), ...outcome.rawText.split('\n').map((text) => plainLine(text)));
  }
  return lines;
}
