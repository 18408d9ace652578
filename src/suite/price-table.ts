// What model calls cost, per model, in US dollars per million tokens. Override with --prices FILE.

import { z } from 'zod';
import { parseYamlSource } from '../profile/yaml-source.js';
import { describeIssue } from '../session/describe-issue.js';
import { formatJsonPath } from '../session/json-path.js';
import { readFailure } from '../session/read-failure.js';
import { readUtf8File } from '../session/read-utf8-file.js';
import { listedModelName, MODEL_PRICES } from '../models/prices.js';
import type { ModelTotals } from './usage-meter.js';

export const priceSchema = z.strictObject({
  /** USD per million prompt (input) tokens. */
  input: z.number().nonnegative(),
  /** USD per million output tokens (thinking included). */
  output: z.number().nonnegative(),
});

export type Price = z.infer<typeof priceSchema>;
export type PriceTable = Readonly<Record<string, Price>>;

/**
 * The built-in prices: the library's table (`MODEL_PRICES`, vendors' list prices, standard tier,
 * prompts under 200k tokens), so that `recap test` and many-session runs estimate alike; check
 * your contract and pass --prices for your own. Rule-based models cost nothing.
 */
export const DEFAULT_PRICES: PriceTable = Object.fromEntries(
  Object.entries(MODEL_PRICES).map(([model, price]) => [model, { input: price.inputPerMillion, output: price.outputPerMillion }]),
);

/**
 * Reads a JSON or YAML file `{ "<model>": { "input": usd, "output": usd } }` over the defaults;
 * errors name it as `shown` (default `file`) with the line and column of the problem.
 */
export async function loadPriceTable(file: string | undefined, shown = file): Promise<PriceTable> {
  if (file === undefined) return DEFAULT_PRICES;
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (error) {
    throw new Error(`${shown}: cannot read the price table: ${readFailure(error)}`);
  }
  const source = parseYamlSource(text);
  if (!source.success) throw new Error(`${shown}:${source.syntaxErrors[0]?.line}:${source.syntaxErrors[0]?.column} ${source.syntaxErrors[0]?.message}`);
  // An empty file is an empty table: the defaults stand.
  const result = z.record(z.string(), priceSchema).safeParse(source.data ?? {}, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0];
    const issuePath = issue?.path.map((key) => (typeof key === 'number' ? key : String(key))) ?? [];
    const at = source.position(issuePath);
    const field = issuePath.length === 0 ? '' : ` ${formatJsonPath(issuePath)}:`;
    throw new Error(`${shown}:${at.line}:${at.column}${field} ${issue === undefined ? 'invalid price table' : describeIssue(issue)} (expected { "<model>": { "input": usd, "output": usd } })`);
  }
  return { ...DEFAULT_PRICES, ...result.data };
}

/** USD for the totals, or undefined when a model has no price or a call's tokens are unknown. */
export function costOf(model: string, totals: ModelTotals, prices: PriceTable): number | undefined {
  // An own entry only (a model named `constructor` has no price); a versioned name finds its family.
  const name = listedModelName(model, Object.keys(prices));
  const price = name === undefined ? undefined : prices[name];
  if (price === undefined || totals.callsWithoutUsage > 0) return undefined;
  return (totals.promptTokens * price.input + totals.outputTokens * price.output) / 1_000_000;
}
