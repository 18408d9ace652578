// The JSON text a job's items are stored as. JSON.parse reads a number beyond ±1.8e308 (`1e400`)
// as Infinity, which JSON.stringify writes as null: a batch item's property would then read as
// "remove this property" and the item be applied, where the same request alone is a 400. Written
// `1e999`, the number is read back as the Infinity it was, and the item is refused as a request
// alone would be ("the number is too large to be stored").

import { randomUUID } from 'node:crypto';

const isInfinite = (value: unknown): value is number => value === Infinity || value === -Infinity;

/** `items` as JSON, an infinite number written `1e999` or `-1e999` (JSON.stringify would write null). */
export function jobItemsText(items: readonly unknown[]): string {
  if (!holdsInfinity(items)) return JSON.stringify(items);
  // A mark no string of the items can be: made for this call.
  const mark = randomUUID();
  const text = JSON.stringify(items, (_key, value: unknown) => (isInfinite(value) ? `${mark}${value > 0 ? '+' : '-'}` : value));
  return text.replaceAll(`"${mark}+"`, '1e999').replaceAll(`"${mark}-"`, '-1e999');
}

/** Whether an infinite number is anywhere in `value` (walked without recursion). */
function holdsInfinity(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'number') {
      if (isInfinite(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) stack.push((current as Record<string, unknown>)[key]);
    }
  }
  return false;
}
