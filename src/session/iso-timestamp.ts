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

const digit = (value: string, index: number): number => value.charCodeAt(index) - 48;
const isDigit = (value: string, index: number): boolean => {
  const code = value.charCodeAt(index);
  return code >= 48 && code <= 57;
};

// `2026-03-01T10:00:00.000Z`, the form JavaScript and most recorders write, read without a
// regular expression: sessions hold up to millions of these.
const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];

function parseCanonical(value: string): number | undefined {
  for (const index of DIGIT_POSITIONS) {
    if (!isDigit(value, index)) return undefined;
  }
  if (value[4] !== '-' || value[7] !== '-' || value[10] !== 'T' || value[13] !== ':' || value[16] !== ':') return undefined;
  if (value[19] !== '.' || value[23] !== 'Z') return undefined;
  const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const month = digit(value, 5) * 10 + digit(value, 6);
  const day = digit(value, 8) * 10 + digit(value, 9);
  const hour = digit(value, 11) * 10 + digit(value, 12);
  const minute = digit(value, 14) * 10 + digit(value, 15);
  const second = digit(value, 17) * 10 + digit(value, 18);
  const millisecond = digit(value, 20) * 100 + digit(value, 21) * 10 + digit(value, 22);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  // Date.UTC maps years 0–99 to 1900–1999; ISO 8601 does not.
  return year < 100 ? Date.parse(value) : time;
}

/** Milliseconds since the epoch for an ISO 8601 timestamp with a zone, or `undefined`. */
export function parseIsoTimestamp(value: string): number | undefined {
  if (value.length === 24) {
    const time = parseCanonical(value);
    if (time !== undefined) return time;
  }
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
