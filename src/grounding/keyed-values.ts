// Numbers whose key says what they are in a structured response: an amount of money under a key
// that names its currency (`"total_eur": 305.4`, `"payable_eur": 255.4`, `"refundUsd": 12`) is
// claimed as the same amount written with its currency in a text is (`€305.40`, in any of the ways
// a session writes it: see amounts.ts), and an HTTP error status under a key of a status
// (`"http_status": 415`, `"statusCode": 503`) as `returned a 415` is.

import { amountsIn } from './amounts.js';
import { firstFound, type Checker, type Side } from './checker.js';
import type { GroundingFinding } from './grounding-report.js';
import { normalText } from './normal-text.js';
import { childPath, keyWords, objectsOf } from './walk-answer.js';

/** A key whose last word is a currency code: `total_eur`, `payable EUR`, `amountUsd`, `fee_gbp`. */
const CURRENCY_KEY = /(?:^|\s)(eur|usd|gbp|chf|jpy|inr|aud|cad|nzd|sgd|hkd|sek|nok|dkk|pln|brl|mxn|zar)$/;
/** A key of an HTTP status: `status`, `http_status`, `status_code`, `statusCode`, `response status`. */
const STATUS_KEY = /^(?:(?:http|response|error|request) )?status(?: code)?$|^http (?:status )?code$/;
/** What each side holds the amount as: its text, or a value or amount of a text. */
const holding = (checker: Checker, side: Side, forms: readonly string[]): number | undefined =>
  firstFound(forms, (form) => checker.textEqual(side, form) ?? checker.amountHolding(side, form));

/** The ways a session may hold the number under `key`, when its key says it is an amount or a status. */
function formsOf(key: string, amount: number): readonly string[] | undefined {
  const words = keyWords(key);
  if (Number.isInteger(amount) && amount >= 400 && amount < 600 && STATUS_KEY.test(words)) return [String(amount)];
  const currency = CURRENCY_KEY.exec(words)?.[1];
  return currency === undefined ? undefined : amountsIn(`${amount} ${currency.toUpperCase()}`)[0]?.forms.map(normalText);
}

/**
 * Adds to `findings` (a structured response's, by JSON path) a `text` finding for each positive
 * number under a key that names a currency or a status: `kept` when an event the prompt shows
 * holds that amount or status, `dropped` when only one it left out does, else `unsupported`.
 */
export function checkKeyedValues(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  for (const place of objectsOf(value)) {
    for (const [key, amount] of place.entries) {
      if (typeof amount !== 'number' || !(amount > 0)) continue;
      const forms = formsOf(key, amount);
      if (forms === undefined) continue;
      const text = `${key}: ${amount}`;
      const path = childPath(place.path, key);
      const kept = holding(checker, 'kept', forms);
      const dropped = kept === undefined ? holding(checker, 'dropped', forms) : undefined;
      if (kept !== undefined) findings.push({ kind: 'text', text, path, verdict: 'kept', ...(kept >= 0 ? { event: kept } : {}) });
      else if (dropped === undefined) findings.push({ kind: 'text', text, path, verdict: 'unsupported', reason: `no event of the session has this ${STATUS_KEY.test(keyWords(key)) ? 'status' : 'amount'}` });
      else if (dropped < 0) findings.push({ kind: 'text', text, path, verdict: 'dropped', reason: "the session's context holds it, but the profile's context settings leave that element out" });
      else findings.push({ kind: 'text', text, path, verdict: 'dropped', event: dropped, reason: `#${dropped} holds it, but ${checker.reasonOf(dropped) ?? 'the prompt left it out'}` });
    }
  }
}
