// One event as a short line for the Events pane: what happened, on what, with which value.

import type { SessionEvent } from '../index.js';

export interface EventDescription {
  /** The type, or `custom "Name"` for a custom event. */
  readonly label: string;
  /** The event's fields that tell it apart, on one line. */
  readonly detail: string;
}

const MAX_DETAIL = 400;

/** Texts are folded from no further than this: a recorded text can be megabytes, and a row shows a few hundred characters. */
const MAX_READ = 2 * MAX_DETAIL;

const oneLine = (text: string): string =>
  text.length > MAX_READ ? `${text.slice(0, MAX_READ).replace(/\s+/g, ' ').trim()}…` : text.replace(/\s+/g, ' ').trim();
const quoted = (text: string): string => `"${oneLine(text)}"`;

/** A compact, single-line description; page text is quoted, whitespace folded. */
export function describeEvent(event: SessionEvent): EventDescription {
  const label = event.type === 'custom' ? `custom ${quoted(event.name ?? '')}` : event.type;
  const parts: string[] = [];
  if (event.method !== undefined || event.status !== undefined) {
    parts.push(oneLine(`${event.method ?? ''} ${event.url ?? ''}${event.status === undefined ? '' : ` → ${event.status}`}`));
  } else if (event.url !== undefined) {
    parts.push(oneLine(event.url));
  }
  if (event.title !== undefined) parts.push(quoted(event.title));
  if (event.target?.text !== undefined) parts.push(quoted(event.target.text));
  if (event.target?.selector !== undefined) parts.push(oneLine(event.target.selector));
  if (event.value !== undefined) parts.push(`= ${JSON.stringify(event.value)}`);
  if (event.message !== undefined) parts.push(quoted(event.message));
  if (event.text !== undefined) parts.push(quoted(event.text));
  if (event.count !== undefined) parts.push(`×${event.count}`);
  if (event.properties !== undefined) parts.push(oneLine(JSON.stringify(event.properties)));
  const detail = parts.join('  ');
  return { label, detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail };
}
