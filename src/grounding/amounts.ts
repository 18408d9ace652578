// Amounts of money an answer states without quotes: "the total was €150.00", "paid $1,299",
// "129 EUR", "A$359.10", "AUD 999", "R$ 1.290,00" (the Brazilian real). Each is a text claim checked against the session's texts and values, written any of
// the ways a session may hold the same amount (`€129.00`, `price: 129`, `cart_value: 138.9`,
// `1.299,00 €`, and in cents under a name that says so, `amount_cents: 12900`). An amount the answer works out (`saved €25.98`, `about €150`, `over $100`) is not
// claimed to be in the session, and is no claim.

import { isNegatedBefore } from './denial.js';

/**
 * A currency sign or code, then or after a number: group 1 the number after a sign, group 2 the
 * number before one. Thousands are parted by `,` `.` or a no-break space, and by a plain space
 * before a decimal comma, as French writes them (`1 204,50 €`).
 */
const AMOUNT =
  /(?<![\w.,])(?:(?:(?:A|AU|C|CA|NZ|US|HK|S|R)?\$|[€£¥₹]|\b(?:EUR|USD|GBP|CHF|JPY|INR|AUD|CAD|NZD|SGD|HKD|SEK|NOK|DKK|PLN|BRL|MXN|ZAR)\s)\s?(\d{1,3}(?: \d{3})+,\d{1,2}|\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)|(\d{1,3}(?: \d{3})+,\d{1,2}|\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?(?:[€£]|\b(?:EUR|USD|GBP|CHF|JPY|INR|AUD|CAD|NZD|SGD|HKD|SEK|NOK|DKK|PLN|BRL|MXN|ZAR)\b))(?![\w]|[.,]\d)/g;

/** The currency codes AMOUNT reads. */
const CURRENCY_CODE = /EUR|USD|GBP|CHF|JPY|INR|AUD|CAD|NZD|SGD|HKD|SEK|NOK|DKK|PLN|BRL|MXN|ZAR/;

/**
 * Whether `text` holds a piece every amount holds: a currency sign or code. The signs are looked
 * for one by one: one regular expression with them and the codes took six times as long on an
 * answer without either (V8 reads a class of characters above U+00FF slowly).
 */
export function mayHoldAmount(text: string): boolean {
  return text.includes('$') || text.includes('€') || text.includes('£') || text.includes('¥') || text.includes('₹') || CURRENCY_CODE.test(text);
}

/** Words before an amount that make it worked out or approximate, not one the session holds. */
const WORKED_OUT =
  /\b(?:sav(?:e|ed|es|ing|ings)|discount(?:ed)?(?:\s+of)?|off|difference(?:\s+of)?|more|less|extra|additional|combined|altogether|in\s+total|total(?:ling|ing)?\s+of|sum(?:\s+of)?|roughly|about|approximately|around|almost|nearly|over|under|above|below|at\s+least|at\s+most|up\s+to|more\s+than|less\s+than|worth\s+of|estimated|projected|lost|losing|potential(?:ly)?)\s*$|~\s*$/i;

/** "nicht 9.060,00 €", "y no 1.402,50 €", "pas 1 240,50 €": an amount denied in German, French, Spanish or Portuguese, at most two words before. */
const NEGATED_ELSEWHERE = /(?:\b(?:nicht|kein(?:e[mnrs]?)?|nie|niemals|pas|jamais|nunca|jamás|nem)|(?<!\p{L})não)\s+(?:[\p{L}\d-]+\s+){0,2}$/iu;

/** An amount of money found in a text. */
export interface Amount {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The ways a session may write it: `129`, `129.00`, `129,00`, `1,299`, `1.299,00`… */
  readonly forms: readonly string[];
}

/** The amounts of `text` that claim a value the session holds. */
export function amountsIn(text: string): Amount[] {
  const amounts: Amount[] = [];
  AMOUNT.lastIndex = 0;
  for (let match = AMOUNT.exec(text); match !== null; match = AMOUNT.exec(text)) {
    const start = match.index;
    const before = text.slice(Math.max(0, start - 30), start);
    if (WORKED_OUT.test(before) || isNegatedBefore(text, start) || NEGATED_ELSEWHERE.test(before)) continue;
    const value = valueOf((match[1] ?? match[2]) as string);
    if (value === undefined) continue;
    amounts.push({ start, end: start + match[0].length, text: match[0], forms: formsOf(value) });
  }
  AMOUNT.lastIndex = 0;
  return amounts;
}

/** The value of a written number: `1,299.00` and `1.299,00` are 1299; a last separator before 1 or 2 digits is the decimal one. */
function valueOf(written: string): number | undefined {
  const decimal = /[.,](\d{1,2})$/.exec(written);
  const whole = (decimal === null ? written : written.slice(0, decimal.index)).replace(/[^\d]/g, '');
  const value = Number(`${whole}.${decimal?.[1] ?? '0'}`);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Names of properties that hold an amount in minor units (cents, pence): `amount_cents`,
 * `price_in_cents`, `amount_minor`, and Stripe's `amount`, `amount_total`, `unit_amount`... As
 * the prompt's texts hold them (`unit_amount: 13890`, whole words: `_` parts them).
 */
const MINOR_UNIT_KEYS = ['cents', 'minor', 'amount', 'amount_total', 'amount_subtotal', 'amount_due', 'amount_paid', 'amount_received', 'amount_captured'];

/** The ways of writing `value` that a session's texts and values may hold. */
function formsOf(value: number): string[] {
  const cents = Math.round(value * 100);
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  const grouped = whole.toLocaleString('en-US');
  const dotted = grouped.replace(/,/g, '.');
  const forms = new Set<string>([`${whole}.${fraction}`, `${whole},${fraction}`, `${grouped}.${fraction}`, `${dotted},${fraction}`]);
  if (fraction === '00') {
    forms.add(String(whole));
    forms.add(grouped);
    forms.add(dotted);
  } else if (fraction.endsWith('0')) forms.add(`${whole}.${fraction.charAt(0)}`);
  // In minor units under a name that says so: €138.90 is `amount: 13890`, `total_cents: 13890`.
  if (cents >= 100) for (const key of MINOR_UNIT_KEYS) forms.add(`${key}: ${cents}`);
  return [...forms];
}
