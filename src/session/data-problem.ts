// What a recorded value may be: JSON data, which the prompt can show as it is. A JavaScript caller
// can pass what JSON cannot hold (NaN, a function, a Map, a bigint) and JSON.parse itself reads
// 1e400 as Infinity; the prompt would show null, {} or nothing in their place, so the loader
// refuses them by path. A valid Date is let through (it is shown as its ISO text, as
// JSON.stringify writes it); undefined is an absent field in an object (as JSON.stringify leaves
// it out) but refused as a list item, which would show as null.

import { MAX_NESTING, TOO_DEEP_MESSAGE } from './nesting.js';

/** A value that is not session data: where it is below the value walked, and why. */
export interface DataProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

/** `Infinity`, `-Infinity` or `NaN`, in words a person can act on. */
function notFiniteMessage(value: number): string {
  if (Number.isNaN(value)) return 'expected a finite number, got NaN';
  return `expected a finite number, got ${value > 0 ? '' : '-'}Infinity (JSON numbers beyond ±1.8e308, such as 1e400, cannot be held)`;
}

/** An object of another realm's Object.prototype (a vm context's) is as plain as one of ours. */
const isPlainPrototype = (prototype: object): boolean => Object.getPrototypeOf(prototype) === null && Object.hasOwn(prototype, 'isPrototypeOf');

/** What an object that is not plain data is, for a message: `a Map`, `an instance of Order`. */
function kindOf(value: object): string {
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof name !== 'string' || name === '') return 'an object that is not plain data';
  if (['Map', 'Set', 'WeakMap', 'WeakSet', 'RegExp', 'Promise', 'Boolean', 'Number', 'String'].includes(name) || name.endsWith('Array') || name.endsWith('Error')) return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
  return `an instance of ${name}`;
}

/**
 * The first place in `value` that is not session data (see the top of this file), or undefined.
 * Objects and lists may nest `limit` levels (see nesting.ts).
 */
export function dataProblemAt(value: unknown, limit = MAX_NESTING): DataProblem | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { path: [], message: notFiniteMessage(value) };
    case 'object':
      break;
    case 'bigint':
      return { path: [], message: 'expected JSON data, got a bigint: pass it as a number or a string' };
    default:
      return { path: [], message: `expected JSON data, got a ${typeof value}` };
  }
  if (value === null) return undefined;
  if (limit === 0) return { path: [], message: TOO_DEEP_MESSAGE };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === undefined) return { path: [index], message: 'expected JSON data, got undefined (or a hole in the list): use null' };
      const below = dataProblemAt(item, limit - 1);
      if (below !== undefined) return { path: [index, ...below.path], message: below.message };
    }
    return undefined;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null && !isPlainPrototype(prototype as object)) {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? { path: [], message: 'expected JSON data, got an invalid Date' } : undefined;
    return { path: [], message: `expected JSON data, got ${kindOf(value)}: pass a plain object or a list` };
  }
  for (const key in value) {
    const below = dataProblemAt((value as Record<string, unknown>)[key], limit - 1);
    if (below !== undefined) return { path: [key, ...below.path], message: below.message };
  }
  return undefined;
}

/** Whether `value` is a plain object (of this realm or another), as zod's record() requires. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || isPlainPrototype(prototype as object);
}
