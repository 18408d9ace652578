// The longest wait for one model request in `recap run`: a model that accepts a request and never
// answers would otherwise hang the run for good. The request is abandoned and retried as a 5xx is;
// when the retries run out, that session fails (model_error). RECAP_MODEL_TIMEOUT_MS changes it.

import { plainWholeNumber } from './plain-whole-number.js';
import { UsageError } from './usage-error.js';

/** Default longest wait for one model request's whole answer, in ms. */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** The wait RECAP_MODEL_TIMEOUT_MS asks for, else the default; a value that is not a whole number of ms is a usage error. */
export function modelTimeoutMs(env: Readonly<Record<string, string | undefined>>): number {
  const value = env.RECAP_MODEL_TIMEOUT_MS;
  if (value === undefined || value.trim() === '') return DEFAULT_MODEL_TIMEOUT_MS;
  const parsed = plainWholeNumber(value.trim());
  if (parsed === undefined || parsed < 1) throw new UsageError(`RECAP_MODEL_TIMEOUT_MS: expected a whole number of milliseconds of at least 1, got ${JSON.stringify(value)}`);
  return parsed;
}
