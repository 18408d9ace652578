// One kept event as one compact line of the session block.

import type { SessionEvent } from '../session/session-schema.js';
import { quoteKey, quoteValue } from './quote-page-text.js';

// Fields in the order a reader wants them; anything else the event carries follows.
const KNOWN_FIELDS = ['url', 'title', 'method', 'status', 'message', 'value', 'text', 'count', 'properties'] as const;
const NOT_RENDERED = new Set<string>(['type', 'timestamp', 'time', 'name', 'target', ...KNOWN_FIELDS]);

/** `+3.1s` — seconds since the first kept event, to the millisecond, without trailing zeros. */
export function formatOffset(milliseconds: number): string {
  const seconds = (milliseconds / 1000).toFixed(3).replace(/\.?0+$/, '');
  return `+${seconds}s`;
}

/**
 * `+3.1s click target="button#apply" text="Apply coupon"`. Every value that comes from the
 * page (selectors, texts, URLs, messages, input values, custom names and properties) is quoted.
 */
export function renderEvent(event: SessionEvent, offset: number): string {
  const parts = [formatOffset(offset), event.type];
  if (event.type === 'custom') parts.push(`name=${quoteValue(event.name ?? '')}`);
  const target = event.target;
  if (target !== undefined) {
    if (target.selector !== undefined) parts.push(`target=${quoteValue(target.selector)}`);
    if (target.text !== undefined) parts.push(`target_text=${quoteValue(target.text)}`);
    for (const [key, value] of Object.entries(target)) {
      if (key !== 'selector' && key !== 'text' && value !== undefined) parts.push(`target.${quoteKey(key)}=${quoteValue(value)}`);
    }
  }
  for (const field of KNOWN_FIELDS) {
    const value = event[field];
    if (value !== undefined) parts.push(`${field}=${quoteValue(value)}`);
  }
  for (const [key, value] of Object.entries(event)) {
    if (!NOT_RENDERED.has(key) && value !== undefined) parts.push(`${quoteKey(key)}=${quoteValue(value)}`);
  }
  return parts.join(' ');
}
