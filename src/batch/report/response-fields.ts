// The leaves of a response schema the report counts, and their values in one response:
// `friction[].kind` is the `kind` of every item of the `friction` array.

import type { ResponseSchema } from '../../profile/response-schema-terms.js';

/** One step from a response to a leaf: a field of an object, or every item of an array. */
export type FieldStep = { readonly field: string } | { readonly items: true };

/** A countable leaf: an enum (or boolean), free text, or a number. */
export interface FieldLeaf {
  /** `friction[].kind`, for people; the steps are what is read. */
  readonly path: string;
  /** How to reach the leaf: a field name may hold a dot or brackets, so the path is not parsed back. */
  readonly steps: readonly FieldStep[];
  readonly kind: 'enum' | 'text' | 'number';
  /** The enum's values in schema order (booleans: true, false). */
  readonly values?: readonly string[];
}

/** Every countable leaf of `schema`, depth first in property order. */
export function fieldLeaves(schema: ResponseSchema, path = '', steps: readonly FieldStep[] = []): FieldLeaf[] {
  // A results line may come from another program: what is not a schema has no leaves.
  if (typeof schema !== 'object' || schema === null) return [];
  switch (schema.type) {
    case 'OBJECT':
      return typeof schema.properties !== 'object' || schema.properties === null ? [] : Object.entries(schema.properties).flatMap(([name, property]) => fieldLeaves(property, path === '' ? name : `${path}.${name}`, [...steps, { field: name }]));
    case 'ARRAY':
      return schema.items === undefined ? [] : fieldLeaves(schema.items, `${path}[]`, [...steps, { items: true }]);
    case 'STRING':
      return [Array.isArray(schema.enum) ? { path, steps, kind: 'enum', values: schema.enum.map(String) } : { path, steps, kind: 'text' }];
    case 'BOOLEAN':
      return [{ path, steps, kind: 'enum', values: ['true', 'false'] }];
    case 'NUMBER':
    case 'INTEGER':
      return [{ path, steps, kind: 'number' }];
    default:
      return [];
  }
}

/** The values of `leaf` in `value` (`a[].b` walks every item of `a`); absent and null give none. */
export function valuesAt(value: unknown, leaf: Pick<FieldLeaf, 'steps'>): unknown[] {
  let current: unknown[] = [value];
  for (const step of leaf.steps) {
    const next: unknown[] = [];
    for (const item of current) {
      if ('items' in step) {
        // One by one: spread as arguments, an answer's array of 200,000 items overflows the stack.
        if (Array.isArray(item)) for (const element of item as unknown[]) next.push(element);
      } else if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.hasOwn(item, step.field)) {
        // Own fields only: `constructor` is not a field of every answer.
        next.push((item as Record<string, unknown>)[step.field]);
      }
    }
    current = next;
  }
  return current.filter((item) => item !== undefined && item !== null);
}
