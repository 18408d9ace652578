// ISO 8601 timestamps as fixtures and profiles write them: a date and a time with a zone.

// A date, `T`, a time with optional seconds and fraction, and a zone (Z or ±hh:mm). A timestamp
// without a zone would be read in the reader's local time, so it is refused rather than guessed.
const ISO_TIMESTAMP =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
}

/** Milliseconds since the epoch for an ISO 8601 timestamp with a zone, or `undefined`. */
export function parseIsoTimestamp(value: string): number | undefined {
  const match = ISO_TIMESTAMP.exec(value);
  if (match === null) return undefined;
  // Date.parse rolls 2026-02-31 over into March; a fixture with that date is wrong, not March.
  if (Number(match[3]) > daysInMonth(Number(match[1]), Number(match[2]))) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** True when `value` is an ISO 8601 timestamp with a time zone, e.g. `2026-03-01T10:00:00.000Z`. */
export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && parseIsoTimestamp(value) !== undefined;
}
