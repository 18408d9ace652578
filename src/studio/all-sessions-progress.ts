// The words of an all-sessions run (`A`) in one line: its progress while it runs, how it ended after.

import { formatCount } from './format-count.js';
import type { AllSessionsRun } from './studio-state.js';

/** `all sessions: 37/120 done, 2 failed, 12,345 tokens`. */
export function allSessionsProgress(run: AllSessionsRun): string {
  return `all sessions: ${formatCount(run.done)}/${formatCount(run.total)} done, ${formatCount(run.failed)} failed, ${formatCount(run.tokens)} tokens`;
}

/** How the run ended (`cancelled after 37 of 120 sessions`), or undefined while it runs; a stopped run's reason is its `message`. */
export function allSessionsOutcome(run: AllSessionsRun): string | undefined {
  const after = `after ${formatCount(run.done)} of ${formatCount(run.total)} sessions`;
  switch (run.status) {
    case 'running':
      return undefined;
    case 'finished':
      return 'finished';
    case 'cancelled':
      return `cancelled ${after}`;
    case 'stopped':
      return `stopped ${after}`;
  }
}
