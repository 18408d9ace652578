// The strings of an event that grounding reads: those a quote may come from (texts, values,
// messages, names, titles, properties, and fields with their values) and the URLs and paths it holds.

import type { SessionEvent } from '../session/session-schema.js';
import { normalText } from './normal-text.js';

/** Calls `visit` with each string, number and boolean (as a string) of `value`, nested ones too. */
function visitValue(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (typeof value === 'number' || typeof value === 'boolean') visit(String(value));
  else if (Array.isArray(value)) for (const item of value) visitValue(item, visit);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) visitValue(item, visit);
}

const TEXT_FIELDS = ['name', 'title', 'value', 'message', 'text', 'url', 'method', 'status'] as const;

/** Calls `visit` with each string of an event a quote may come from: type, texts, values, messages, names, titles, properties. */
export function visitEventTexts(event: SessionEvent, visit: (text: string) => void): void {
  visit(event.type);
  for (const key of TEXT_FIELDS) visitValue(event[key], visit);
  visitValue(event.target?.text, visit);
  visitValue(event.target?.selector, visit);
  visitValue(event.properties, visit);
  // `failed_submissions: 4`, `status: 500`: a field or property with its value, as the prompt showed it.
  for (const key of PAIR_FIELDS) visitPairs(key, event[key], visit);
  visitPairs('', event.properties, visit);
}

const PAIR_FIELDS = ['method', 'status', 'count'] as const;

/** Calls `visit` with `key: value` for each scalar of `value` under its own key (nested ones too). */
function visitPairs(key: string, value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (key !== '') visit(`${key}: ${String(value)}`);
  } else if (Array.isArray(value)) for (const item of value) visitPairs(key, item, visit);
  else if (value !== null && typeof value === 'object') for (const [child, item] of Object.entries(value)) visitPairs(child, item, visit);
}

/** A quote of a field with its value (`failed_submissions=4`, `"status": 500`) as the prompt's texts hold it: `failed_submissions: 4`. */
export function pairText(quote: string): string | undefined {
  const pair = /^["']?([\w.$-]+)["']?\s*(?:=|:)\s*["']?([^"'\n]*?)["']?$/.exec(quote.trim());
  return pair === null ? undefined : `${pair[1]}: ${pair[2]}`;
}

/** Whether `event` records the field with its value that `quote` writes (`attempt=3` for `attempt: 3`), as its own finding reads it. */
export function holdsPair(event: SessionEvent, quote: string): boolean {
  const pair = pairText(quote);
  if (pair === undefined) return false;
  const wanted = normalText(pair);
  return eventTexts(event).some((text) => normalText(text) === wanted);
}

/** The strings of an event a quote may come from, in {@link visitEventTexts} order. */
export function eventTexts(event: SessionEvent): string[] {
  const texts: string[] = [];
  visitEventTexts(event, (text) => texts.push(text));
  return texts;
}

/** Whether `text` starts as a URL or a path does: `http://`, `https://` (any case) or `/`. */
function isUrlLike(text: string): boolean {
  const head = text.charCodeAt(0);
  if (head === 47) return true;
  return (head === 104 || head === 72) && /^https?:\/\//i.test(text);
}

/** Calls `visit` with each URL-like string of `value`, nested ones too. */
function visitUrls(value: unknown, visit: (url: string) => void): void {
  if (typeof value === 'string') {
    if (isUrlLike(value)) visit(value);
  } else if (Array.isArray(value)) for (const item of value) visitUrls(item, visit);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) visitUrls(item, visit);
}

/** Calls `visit` with each URL and path an event holds: its URL, href, referrer, and URL-like texts, values and property values (a copied invite link). */
export function visitEventUrls(event: SessionEvent, visit: (url: string) => void): void {
  visitUrls(event.url, visit);
  visitUrls((event as { href?: unknown }).href, visit);
  visitUrls((event as { referrer?: unknown }).referrer, visit);
  visitUrls(event.text, visit);
  visitUrls(event.value, visit);
  visitUrls(event.properties, visit);
}

/** The URLs and paths an event holds, in {@link visitEventUrls} order. */
export function eventUrls(event: SessionEvent): string[] {
  const urls: string[] = [];
  visitEventUrls(event, (url) => urls.push(url));
  return urls;
}
