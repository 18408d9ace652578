// Each provider's default model, in a module light enough to import without any vendor SDK.

import type { Provider } from './summary-model.js';

/**
 * The model the gemini (and replay) provider uses when neither the flags nor the profile name one.
 *
 * @category Models
 */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';
/**
 * The model the openai provider uses when neither the flags, the profile nor OPENAI_MODEL name one.
 *
 * @category Models
 */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
/**
 * The name the extractive (rule-based, offline) summariser answers under.
 *
 * @category Models
 */
export const EXTRACTIVE_MODEL = 'extractive-v1';

/** The model a provider uses when neither the flags nor the profile name one. */
export function defaultModelFor(provider: Provider): string {
  switch (provider) {
    case 'gemini':
    case 'replay':
      return DEFAULT_GEMINI_MODEL;
    case 'openai':
      return DEFAULT_OPENAI_MODEL;
    case 'extractive':
      return EXTRACTIVE_MODEL;
  }
}
