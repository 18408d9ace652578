// Custom properties and other JSON values written straight into the prompt, without a string
// from JSON.stringify for each.

import type { TextWriter } from './text-writer.js';

// Deeper values are left to JSON.stringify, which also reports cycles.
const MAX_JSON_DEPTH = 64;

/** Values JSON.stringify leaves out of an object and writes as null in an array. */
const isLeftOut = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Writes plain data as JSON.stringify would, strings quoted as by `writeQuoted` (which is what
 * quoteValue's escaping of the whole JSON text amounts to, since `<`, `>`, U+2028 and U+2029 only
 * occur inside strings). False, part-way through, at what only JSON.stringify knows how to write:
 * objects with toJSON or a prototype of their own (boxed primitives among them), bigints, values
 * nested too deep (cycles among them); the caller takes the text back.
 */
export function writeJson(writer: TextWriter, value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
      writer.writeQuoted(value);
      return true;
    case 'number':
      if (writer.probe !== undefined && writer.probe.number(value)) writer.suspect = true;
      writer.write(Number.isFinite(value) ? String(value) : 'null');
      return true;
    case 'boolean':
      writer.write(value ? 'true' : 'false');
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) {
    writer.write('null');
    return true;
  }
  if (depth >= MAX_JSON_DEPTH || 'toJSON' in value) return false;
  // The items of a list are under the list's property, for the privacy probe.
  const key = writer.probeKey;
  if (Array.isArray(value)) {
    writer.writeAscii(0x5b);
    for (let index = 0; index < value.length; index++) {
      writer.probeKey = key;
      if (index > 0) writer.writeAscii(0x2c);
      const item: unknown = value[index];
      // undefined, functions and symbols are null in an array...
      if (isLeftOut(item)) writer.write('null');
      else if (!writeJson(writer, item, depth + 1)) return false;
    }
    writer.writeAscii(0x5d);
    return true;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const object = value as Record<string, unknown>;
  writer.writeAscii(0x7b);
  let first = true;
  for (const name of Object.keys(object)) {
    const item = object[name];
    // ...and left out of an object.
    if (isLeftOut(item)) continue;
    if (!first) writer.writeAscii(0x2c);
    first = false;
    // A name is redacted like a text, and a secret's name has its whole value replaced.
    if (writer.probe !== undefined && writer.probe.key(name)) writer.suspect = true;
    writer.probeKey = '';
    writer.writeQuoted(name);
    writer.writeAscii(0x3a);
    writer.probeKey = name;
    if (!writeJson(writer, item, depth + 1)) return false;
  }
  writer.probeKey = key;
  writer.writeAscii(0x7d);
  return true;
}
