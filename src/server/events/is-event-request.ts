// The rules of `eventRequestSchema`, hand-written: a batch of 50,000 events is checked item by
// item, and zod's parse (which also copies every item) is a large share of that work. A test
// holds the two to the same answer on every input; when this says no, zod is asked for the
// precise messages.

import type { EventRequest } from './record-events.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isIdentifier = (value: unknown): boolean => typeof value === 'string' && value.length >= 1 && value.length <= 256;

/** `{ "<key>": identifier }` and nothing else. */
function isReference(value: unknown, key: string): boolean {
  if (!isObject(value)) return false;
  let found = false;
  for (const name in value) {
    if (name !== key || !isIdentifier(value[name])) return false;
    found = true;
  }
  return found;
}

function isUseMostRecent(value: unknown): boolean {
  if (!isObject(value)) return false;
  let found = false;
  for (const name in value) {
    if (name !== 'use_most_recent' || value[name] !== true) return false;
    found = true;
  }
  return found;
}

/** True when `item` is a valid event request as it stands (a parsed JSON value, used as is). */
export function isEventRequest(item: unknown): item is EventRequest {
  if (!isObject(item)) return false;
  let named = false;
  for (const key in item) {
    const value = item[key];
    switch (key) {
      case 'name':
        if (typeof value !== 'string' || value.length < 1 || value.length > 256) return false;
        named = true;
        break;
      case 'timestamp':
        if (value !== undefined && typeof value !== 'string') return false;
        break;
      case 'user':
        if (value !== undefined && !isReference(value, 'uid') && !isReference(value, 'id')) return false;
        break;
      case 'session':
        if (value !== undefined && !isReference(value, 'id') && !isUseMostRecent(value)) return false;
        break;
      case 'properties':
        if (value !== undefined && value !== null && !isObject(value)) return false;
        break;
      case 'schema':
      case 'context':
        if (value !== undefined && !isObject(value)) return false;
        break;
      default:
        return false;
    }
  }
  return named;
}
