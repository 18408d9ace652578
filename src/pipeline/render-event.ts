// One kept event as one compact line of the session block.

import type { SessionEvent } from '../session/session-schema.js';
import { quoteKey } from './quote-page-text.js';
import { TextWriter } from './text-writer.js';

// Fields the line starts with (a custom event's name comes right after its type), or that only
// serve the loader. Compared one by one: field names from `for...in` are internalized strings,
// which compare by reference, at a fraction of the cost of a lookup by a changing key. A `name` on
// an event of another type is one of its fields like any other.
function isRendered(key: string, custom: boolean): boolean {
  return key !== 'type' && key !== 'timestamp' && key !== 'time' && (key !== 'name' || !custom);
}

/**
 * Field names of the session format that no privacy preset changes and none of which names a
 * secret: the privacy probe is not asked about them (it is asked about every other name, and a
 * test holds its answer false for these). Compared by reference, as in isRendered.
 */
export function isFormatFieldName(key: string): boolean {
  return key === 'target' || key === 'url' || key === 'title' || key === 'selector' || key === 'text' || key === 'properties' || key === 'message' || key === 'value';
}

// ` url=`, ` "cart value"=`, ` target.role=`...: how each field name is written before its value,
// remembered because the same few names come back on every line.
const MAX_REMEMBERED_NAMES = 10_000;
const fieldPrefixes = new Map<string, string>();
const targetPrefixes = new Map<string, string>([
  ['selector', ' target='],
  ['text', ' target_text='],
]);

function prefixOf(prefixes: Map<string, string>, key: string, before: string): string {
  let prefix = prefixes.get(key);
  if (prefix === undefined) {
    prefix = `${before}${quoteKey(key)}=`;
    if (prefixes.size < MAX_REMEMBERED_NAMES) prefixes.set(key, prefix);
  }
  return prefix;
}

/** `+3.1s` — seconds since the first kept event, to the millisecond, without trailing zeros. */
export function formatOffset(milliseconds: number): string {
  const writer = new TextWriter(24);
  writer.writeOffset(milliseconds);
  return writer.toString();
}

/**
 * `+3.1s click target="button#apply" target_text="Apply coupon"`: the offset, the type (and a
 * custom event's name), then the event's fields in the fixture's order. Every value that comes
 * from the page (selectors, texts, URLs, messages, input values, custom properties) is quoted.
 */
export function renderEvent(event: SessionEvent, offset: number): string {
  const writer = new TextWriter();
  writeEvent(writer, event, offset);
  return writer.toString();
}

/** Writes the line of `renderEvent`, without a line break. */
export function writeEvent(writer: TextWriter, event: SessionEvent, offset: number): void {
  writer.writeOffset(offset);
  writer.writeAscii(0x20);
  writeEventBody(writer, event);
}

/** Writes the line of `renderEvent` after the offset and its space: the same for every offset. */
export function writeEventBody(writer: TextWriter, event: SessionEvent): void {
  // One pass over the event's own keys: this runs once per kept event, up to millions of times,
  // and events come in many shapes.
  const type = event.type;
  const custom = type === 'custom';
  writer.write(type);
  if (custom) {
    writer.write(' name=');
    writer.probeKey = 'name';
    writer.writeValue(event.name ?? '');
  }
  for (const key in event) {
    if (!isRendered(key, custom)) continue;
    const value = event[key];
    if (value === undefined) continue;
    // A name is redacted like a text, and a secret's name has its whole value replaced; so has a
    // phone number typed into a phone field.
    if (writer.probe !== undefined && (isFormatFieldName(key) ? (key === 'value' || (key === 'text' && type === 'paste')) && writer.probe.fieldValue(event, value) : writer.probe.key(key))) writer.suspect = true;
    if (key === 'target' && typeof value === 'object' && value !== null) {
      writeTarget(writer, value as Record<string, unknown>);
    } else {
      writer.write(prefixOf(fieldPrefixes, key, ' '));
      writer.probeKey = key;
      writer.writeValue(value);
    }
  }
}

function writeTarget(writer: TextWriter, target: Record<string, unknown>): void {
  for (const key in target) {
    const value = target[key];
    if (value === undefined) continue;
    if (writer.probe !== undefined && !isFormatFieldName(key) && writer.probe.key(key)) writer.suspect = true;
    writer.write(prefixOf(targetPrefixes, key, ' target.'));
    writer.probeKey = key;
    writer.writeValue(value);
  }
}
