// Model flags the chosen provider ignores: `--model gemini-2.5-pro` without a key runs the offline
// extractive model, which has no models, and the user should hear it rather than guess.

import type { Provider, SummaryModel } from '../models/summary-model.js';

/** The model flags of run and report, as given (`--cassettes` has a default, so it is not judged). */
export interface ModelFlags {
  readonly provider?: string | undefined;
  readonly model?: string | undefined;
  readonly baseUrl?: string | undefined;
}

const READERS: Record<'model' | 'baseUrl', readonly Provider[]> = {
  model: ['gemini', 'openai', 'replay'],
  baseUrl: ['gemini', 'openai'],
};
const FLAG_NAMES = { model: '--model', baseUrl: '--base-url' } as const;

/** A warning naming the flags `provider` does not read, or undefined when it reads them all. */
export function unusedModelFlags(provider: SummaryModel['provider'], flags: ModelFlags): string | undefined {
  const unused = (Object.keys(READERS) as (keyof typeof READERS)[])
    .filter((key) => flags[key] !== undefined && !(READERS[key] as readonly string[]).includes(provider))
    .map((key) => `${FLAG_NAMES[key]} ${flags[key] ?? ''}`);
  if (unused.length === 0) return undefined;
  const why =
    flags.provider === undefined && provider === 'extractive'
      ? ', chosen because no API key is set (set GEMINI_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL, or pass --provider)'
      : '';
  return `warning: ${unused.join(' and ')} ${unused.length === 1 ? 'is' : 'are'} not used by the ${provider} provider${why}`;
}
