// Which values the prompt writer can write as JSON itself, the way JSON.stringify would.

// Deeper values are left to JSON.stringify, which also reports cycles.
const MAX_JSON_DEPTH = 64;

/** Values JSON.stringify leaves out of an object and writes as null in an array. */
export const isLeftOut = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Whether `value` is plain data that JSON.stringify writes by its own enumerable keys: numbers,
 * booleans, null, and plain objects and arrays of those and of strings, not too deep. The rest
 * (objects with toJSON or a prototype of their own, boxed primitives, bigints, cycles) is left to
 * JSON.stringify.
 */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object') return typeof value === 'number' || typeof value === 'boolean';
  if (value === null) return true;
  if (depth >= MAX_JSON_DEPTH || 'toJSON' in value) return false;
  if (Array.isArray(value)) return value.every((item: unknown) => typeof item === 'string' || isLeftOut(item) || isPlainJson(item, depth + 1));
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'string' && !isLeftOut(item) && !isPlainJson(item, depth + 1)) return false;
  }
  return true;
}
