// What the Diff pane compares, and its lines. After an edit, the prompt as it is now against the
// last run; right after a run, that run against the one before it.

import { diffText } from './diff-lines.js';
import { answerText, type RunRecord } from './run-record.js';
import { runLabel } from './run-labels.js';
import { plainLine, segment, type StyledLine } from './styled-line.js';

export interface DiffSide {
  readonly label: string;
  readonly prompt: string;
  /** Undefined for a prompt that has not been run. */
  readonly answer: string | undefined;
}

export type DiffPlan =
  | { readonly kind: 'compare'; readonly before: DiffSide; readonly after: DiffSide }
  | { readonly kind: 'nothing'; readonly message: string };

const side = (run: RunRecord): DiffSide => ({ label: runLabel(run), prompt: run.prompt, answer: answerText(run) });

export function diffPlan(history: readonly RunRecord[], currentPrompt: string | undefined): DiffPlan {
  const latest = history.at(-1);
  const previous = history.at(-2);
  if (latest === undefined) {
    return { kind: 'nothing', message: 'No run yet for this profile and session. Press r to run it; after a change, run again to see what moved.' };
  }
  if (currentPrompt !== undefined && currentPrompt !== latest.prompt) {
    return { kind: 'compare', before: side(latest), after: { label: 'now (not run yet)', prompt: currentPrompt, answer: undefined } };
  }
  if (previous === undefined) {
    return { kind: 'nothing', message: `Only one run so far (${runLabel(latest)}). Change the profile or press r again to compare.` };
  }
  return { kind: 'compare', before: side(previous), after: side(latest) };
}

function section(title: string, before: string, after: string): StyledLine[] {
  const diff = diffText(before, after);
  const summary = diff.tooLarge ? 'too many changes to show' : diff.added + diff.removed === 0 ? 'identical' : `+${diff.added} −${diff.removed} lines`;
  return [[segment(title, 'heading'), segment(`  ${summary}`, 'dim')], ...diff.lines];
}

export function diffViewLines(plan: DiffPlan): StyledLine[] {
  if (plan.kind === 'nothing') return [plainLine(plan.message, 'dim')];
  const { before, after } = plan;
  const lines: StyledLine[] = [[segment('- ', 'removed'), segment(before.label), segment('   + ', 'added'), segment(after.label)], plainLine('')];
  lines.push(...section('Prompt', before.prompt, after.prompt), plainLine(''));
  if (after.answer === undefined) {
    lines.push(plainLine('Answer', 'heading'), plainLine('  no answer for the current prompt yet: press r to run it', 'dim'));
  } else {
    lines.push(...section('Answer', before.answer ?? '', after.answer));
  }
  return lines;
}
