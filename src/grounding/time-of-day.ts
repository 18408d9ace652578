// Whether a clock reading in an answer (`10:01`, `1:51`) is a time of day, which is no claim, or
// an amount of time, which is a duration claim.

// A clock reading next to another one ("10:00–10:02", "10:00 to 10:02", "between 10:00 and
// 10:02") or after a date ("2026-03-01 10:00", "March 1, 10:00") is a time of day.
const CLOCK_BEFORE = /(?:\b\d{1,2}:[0-5]\d\s*(?:[-–—]|to|and|until|till)\s*|\d{4}-\d{2}-\d{2}[t,\s]*|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:\d{4},?\s+)?|\b(?:between|start(?:ed|ing|s)?|began|begins|end(?:ed|ing|s)?|timestamp|logged|recorded)\s*:?\s+)$/i;
const CLOCK_AFTER = /^\s*(?:[-–—]|to|and|until|till)\s*\d{1,2}:[0-5]\d\b/i;
// What makes a reading with a two-digit first part ("10:30") elapsed time rather than a time of
// day: a word for a span before it ("lasted 10:30", "after 12:05") or after it ("the 10:30 mark").
const ELAPSED_BEFORE = /\b(?:lasted|lasting|lasts|took|taking|takes|for|after|in|spent|duration|elapsed|length|runtime|run time|time on (?:page|site|task))[:\s]+(?:(?:about|around|roughly|nearly|almost|approximately|just|only|over|under)\s+|~\s*)?(?:the\s+)?$/i;
const ELAPSED_AFTER = /^\s*(?:mark|into|in\b|later|long|elapsed|of (?:the )?(?:session|recording|visit))/i;

/**
 * Whether `minutes:seconds` at [start, end) reads as a time of day, not an amount of time: next to
 * another clock reading or after a date, or, with two digits before the colon ("10:01"), without
 * a word that makes it elapsed time (the prompt gives the session's start as a time of day, and
 * models name the times of events from it).
 */
export function isTimeOfDay(text: string, start: number, end: number, firstPart: string): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 24);
  if (CLOCK_BEFORE.test(before) || CLOCK_AFTER.test(after)) return true;
  return firstPart.length === 2 && !ELAPSED_BEFORE.test(before) && !ELAPSED_AFTER.test(after);
}
