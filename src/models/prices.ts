// What model calls cost: US dollars per million tokens, from the vendors' public price lists
// (standard tier, prompts under 200k tokens; checked 2026-11). An estimate for planning, not a bill.

/**
 * Prices of one model, in US dollars per million tokens.
 *
 * @category Models
 */
export interface ModelPrice {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
}

/**
 * The price table: model name → price. Models not listed have no cost estimate (say so, do not
 * guess); the offline extractive model costs nothing.
 *
 * @category Models
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gemini-2.5-pro': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gemini-2.5-flash': { inputPerMillion: 0.3, outputPerMillion: 2.5 },
  'gemini-2.5-flash-lite': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gemini-2.0-flash': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gemini-2.0-flash-lite': { inputPerMillion: 0.075, outputPerMillion: 0.3 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'extractive-v1': { inputPerMillion: 0, outputPerMillion: 0 },
};

/**
 * The name `model` is listed under in `listed`: its own, without a `models/` prefix, or else the
 * longest listed name it starts with before a `-` (a versioned name such as
 * `gemini-2.5-flash-001` finds `gemini-2.5-flash`, `gemini-2.5-flash-lite-001` finds
 * `gemini-2.5-flash-lite`).
 *
 * @param model - a model's name as the vendor or the caller gave it.
 * @param listed - the names of a price table.
 */
export function listedModelName(model: string, listed: readonly string[]): string | undefined {
  const name = model.replace(/^models\//, '');
  if (listed.includes(name)) return name;
  return listed.filter((entry) => name.startsWith(`${entry}-`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * The price of `model` (a versioned name such as `gemini-2.5-flash-001` or `models/…` finds its
 * family), or undefined when the table does not list it.
 *
 * @category Models
 */
export function modelPrice(model: string): ModelPrice | undefined {
  const name = listedModelName(model, Object.keys(MODEL_PRICES));
  return name === undefined ? undefined : MODEL_PRICES[name];
}

/**
 * The cost in US dollars of `prompt` input and `output` output tokens on `model`, or undefined
 * when the table does not list it.
 *
 * @category Models
 */
export function estimateCost(model: string, prompt: number, output: number): number | undefined {
  const price = modelPrice(model);
  if (price === undefined) return undefined;
  return (prompt * price.inputPerMillion + output * price.outputPerMillion) / 1_000_000;
}
