// Counts model calls and tokens over a test run, separating live calls from replayed ones. A call
// whose usage is unknown is counted as such, never as zero tokens.

import type { TokenUsage } from '../models/summary-model.js';

export interface ModelTotals {
  calls: number;
  promptTokens: number;
  outputTokens: number;
  /** Calls whose answer came without token usage: the token sums leave them out. */
  callsWithoutUsage: number;
}

export interface UsageMeter {
  /** Per model name, calls that reached a model. */
  readonly live: Map<string, ModelTotals>;
  /** Per model name, calls answered from cassettes (their recorded usage). */
  readonly replayed: Map<string, ModelTotals>;
  add(origin: 'live' | 'replayed', model: string, usage: TokenUsage | undefined): void;
}

export function createUsageMeter(): UsageMeter {
  const live = new Map<string, ModelTotals>();
  const replayed = new Map<string, ModelTotals>();
  return {
    live,
    replayed,
    add(origin, model, usage) {
      const totals = origin === 'live' ? live : replayed;
      const entry = totals.get(model) ?? { calls: 0, promptTokens: 0, outputTokens: 0, callsWithoutUsage: 0 };
      entry.calls++;
      if (usage === undefined) entry.callsWithoutUsage++;
      else {
        entry.promptTokens += usage.promptTokens;
        entry.outputTokens += usage.outputTokens;
      }
      totals.set(model, entry);
    },
  };
}
