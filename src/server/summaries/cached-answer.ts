// A summary as the cache keeps it: the result's JSON, as it always was, or, for an answer that
// needed a repair request, `{ "result", "repairs" }`, so that an answer read from the cache still
// says it was repaired. A result is `{ summary }` or `{ response, response_schema }`: never an
// object with `result` and `repairs`, so the two forms cannot be mistaken for each other.

import type { SummaryRepair, SummaryResult } from '../../summarize.js';

/** The cache's text of `result` and the repairs it needed. */
export function cachedAnswerText(result: SummaryResult, repairs: readonly SummaryRepair[]): string {
  return JSON.stringify(repairs.length === 0 ? result : { result, repairs });
}

/** What cachedAnswerText wrote (or an entry from before repairs were kept: no repairs). */
export function readCachedAnswer(text: string): { readonly result: SummaryResult; readonly repairs: readonly SummaryRepair[] } {
  const value = JSON.parse(text) as SummaryResult | { result: SummaryResult; repairs: SummaryRepair[] };
  return 'result' in value && 'repairs' in value ? { result: value.result, repairs: value.repairs } : { result: value, repairs: [] };
}
