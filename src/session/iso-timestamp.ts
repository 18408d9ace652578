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

// A digit's value, or a large negative number that fails every range check below.
function digit(value: string, index: number): number {
  const code = value.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -100_000;
}

// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil): plain
// arithmetic, a few times faster than Date.UTC.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

// `2026-03-01T10:00:00.000Z`, the form JavaScript and most recorders write, read without a
// regular expression or a Date: sessions hold up to millions of these.
function parseCanonical(value: string): number | undefined {
  if (
    value.charCodeAt(4) !== 45 || // -
    value.charCodeAt(7) !== 45 ||
    value.charCodeAt(10) !== 84 || // T
    value.charCodeAt(13) !== 58 || // :
    value.charCodeAt(16) !== 58 ||
    value.charCodeAt(19) !== 46 || // .
    value.charCodeAt(23) !== 90 // Z
  ) {
    return undefined;
  }
  const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const month = digit(value, 5) * 10 + digit(value, 6);
  const day = digit(value, 8) * 10 + digit(value, 9);
  const hour = digit(value, 11) * 10 + digit(value, 12);
  const minute = digit(value, 14) * 10 + digit(value, 15);
  const second = digit(value, 17) * 10 + digit(value, 18);
  const millisecond = digit(value, 20) * 100 + digit(value, 21) * 10 + digit(value, 22);
  // Years 0–99 take the general path (the arithmetic would do, but Date.parse is the reference).
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || millisecond < 0) return undefined;
  return ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond;
}

// The instants ISO 8601 writes with four-digit years: a timestamp whose zone carries it past
// them (9999-12-31T23:59-23:59) could not be written back as one (it would need year +010000).
const EARLIEST = daysFromCivil(0, 1, 1) * 86_400_000;
const LATEST = daysFromCivil(10_000, 1, 1) * 86_400_000 - 1;

/** Whether `time` (milliseconds since 1970) can be written as a timestamp a fixture accepts. */
export function isWritableInstant(time: number): boolean {
  return time >= EARLIEST && time <= LATEST;
}

/** The instant `value` names, in or out of the four-digit years; undefined when it is no timestamp. */
function anyInstant(value: string): number | undefined {
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

/** Milliseconds since the epoch for an ISO 8601 timestamp with a zone, or `undefined`. */
export function parseIsoTimestamp(value: string): number | undefined {
  const time = anyInstant(value);
  return time === undefined || time < EARLIEST || time > LATEST ? undefined : time;
}

/** True when `value` is an ISO 8601 timestamp with a time zone, e.g. `2026-03-01T10:00:00.000Z`. */
export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && parseIsoTimestamp(value) !== undefined;
}

// A date alone (ISO 8601 too): which instant of the day, in whose time?
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// A date and time written without a zone: readable, but in whose time?
const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

/** Why `value` is not a timestamp, in words for an error message (when it is one: undefined). */
export function timestampProblem(value: string): string | undefined {
  if (parseIsoTimestamp(value) !== undefined) return undefined;
  if (anyInstant(value) !== undefined) return 'falls outside the years 0000–9999 in UTC (its zone carries it past them)';
  if (WITHOUT_ZONE.test(value)) return 'needs a time zone (Z or ±hh:mm), e.g. 2026-03-01T10:00:00Z';
  if (DATE_ONLY.test(value)) return `is a date without a time: a timestamp needs a time and a time zone, e.g. ${value}T00:00:00Z`;
  return 'not an ISO 8601 date';
}
