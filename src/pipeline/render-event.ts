// One kept event as one compact line of the session block.

import type { SessionEvent } from '../session/session-schema.js';
import { quoteKey, quoteValue } from './quote-page-text.js';

// Fields the line starts with, or that only serve the loader.
const NOT_RENDERED: Readonly<Record<string, true>> = Object.assign(Object.create(null) as Record<string, true>, {
  type: true,
  timestamp: true,
  time: true,
  name: true,
});

// `.1`, `.25`, `.005`, ... for every millisecond: converting a fraction to text is the slow part
// of printing a number, and every event line starts with one.
const FRACTIONS = Array.from({ length: 1000 }, (_, millisecond) =>
  millisecond === 0 ? '' : `.${String(millisecond).padStart(3, '0').replace(/0+$/, '')}`,
);

/** `+3.1s` — seconds since the first kept event, to the millisecond, without trailing zeros. */
export function formatOffset(milliseconds: number): string {
  const whole = Math.round(milliseconds);
  if (whole < 0 || !Number.isSafeInteger(whole)) return `+${whole / 1000}s`;
  return `+${Math.floor(whole / 1000)}${FRACTIONS[whole % 1000] as string}s`;
}

/**
 * `+3.1s click target="button#apply" target_text="Apply coupon"`: the offset, the type (and a
 * custom event's name), then the event's fields in the fixture's order. Every value that comes
 * from the page (selectors, texts, URLs, messages, input values, custom properties) is quoted.
 */
export function renderEvent(event: SessionEvent, offset: number, quote: (value: unknown) => string = quoteValue): string {
  return `${formatOffset(offset)} ${renderEventBody(event, quote)}`;
}

/** The line of `renderEvent` after the offset and its space: the same for every offset. */
export function renderEventBody(event: SessionEvent, quote: (value: unknown) => string = quoteValue): string {
  // One pass over the event's own keys, built by concatenation: this runs once per kept event,
  // up to millions of times, and events come in many shapes.
  let line: string = event.type;
  if (event.type === 'custom') line += ` name=${quote(event.name ?? '')}`;
  for (const key in event) {
    if (NOT_RENDERED[key] === true) continue;
    const value = event[key];
    if (value === undefined) continue;
    if (key === 'target' && typeof value === 'object' && value !== null) line += renderTarget(value as Record<string, unknown>, quote);
    else line += ` ${quoteKey(key)}=${quote(value)}`;
  }
  return line;
}

function renderTarget(target: Record<string, unknown>, quote: (value: unknown) => string): string {
  let out = '';
  for (const key in target) {
    const value = target[key];
    if (value === undefined) continue;
    if (key === 'selector') out += ` target=${quote(value)}`;
    else if (key === 'text') out += ` target_text=${quote(value)}`;
    else out += ` target.${quoteKey(key)}=${quote(value)}`;
  }
  return out;
}
