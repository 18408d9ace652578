// The leaves of a response schema the report counts, and their values in one response:
// `friction[].kind` is the `kind` of every item of the `friction` array.

import type { ResponseSchema } from '../profile/response-schema-terms.js';

/** A countable leaf: an enum (or boolean), free text, or a number. */
export interface FieldLeaf {
  readonly path: string;
  readonly kind: 'enum' | 'text' | 'number';
  /** The enum's values in schema order (booleans: true, false). */
  readonly values?: readonly string[];
}

/** Every countable leaf of `schema`, depth first in property order. */
export function fieldLeaves(schema: ResponseSchema, path = ''): FieldLeaf[] {
  switch (schema.type) {
    case 'OBJECT':
      return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => fieldLeaves(property, path === '' ? name : `${path}.${name}`));
    case 'ARRAY':
      return schema.items === undefined ? [] : fieldLeaves(schema.items, `${path}[]`);
    case 'STRING':
      return [schema.enum === undefined ? { path, kind: 'text' } : { path, kind: 'enum', values: schema.enum }];
    case 'BOOLEAN':
      return [{ path, kind: 'enum', values: ['true', 'false'] }];
    case 'NUMBER':
    case 'INTEGER':
      return [{ path, kind: 'number' }];
    default:
      return [];
  }
}

/** The values at `path` in `value` (`a[].b` walks every item of `a`); absent and null give none. */
export function valuesAt(value: unknown, path: string): unknown[] {
  const steps = path === '' ? [] : path.split('.');
  let current: unknown[] = [value];
  for (const step of steps) {
    const array = step.endsWith('[]');
    const name = array ? step.slice(0, -2) : step;
    const next: unknown[] = [];
    for (const item of current) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
      const child = (item as Record<string, unknown>)[name];
      if (array) {
        if (Array.isArray(child)) next.push(...child);
      } else next.push(child);
    }
    current = next;
  }
  // A path ending in [] (an array of scalars at the top) has no name step for the last [].
  return current.filter((item) => item !== undefined && item !== null);
}
