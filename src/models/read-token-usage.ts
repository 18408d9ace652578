// The tokens a vendor reported for one call, checked: a count that is missing, negative, not a
// whole number or not a number at all makes the usage unknown, never a zero or a wrong sum.

import { z } from 'zod';
import type { TokenUsage } from './summary-model.js';

const tokenCountSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** What a vendor's usage block says, as raw values from its JSON. */
export interface ReportedUsage {
  readonly prompt: unknown;
  /** The output count, or counts to add up (Gemini bills thinking tokens as output). */
  readonly output: unknown;
  /** Optional: the sum of prompt and output when absent. */
  readonly total?: unknown;
}

/** The usage when every count is a whole number of tokens, else undefined (unknown). */
export function readTokenUsage(reported: ReportedUsage): TokenUsage | undefined {
  const outputs = Array.isArray(reported.output) ? (reported.output as unknown[]) : [reported.output];
  const counts = [reported.prompt, ...outputs].map((count) => tokenCountSchema.safeParse(count));
  if (counts.some((count) => !count.success)) return undefined;
  const [promptTokens = 0, ...outputTokens] = counts.map((count) => count.data as number);
  const output = outputTokens.reduce((sum, count) => sum + count, 0);
  const total = reported.total === undefined || reported.total === null ? promptTokens + output : tokenCountSchema.safeParse(reported.total).data;
  if (total === undefined || !Number.isSafeInteger(promptTokens + output)) return undefined;
  return { promptTokens, outputTokens: output, totalTokens: total };
}
