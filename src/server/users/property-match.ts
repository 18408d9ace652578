// A session search's `user_properties` entry as a condition on the stored property state
// (property-state.ts: `{ "<path>": { "last", "types": { "<type>": { "v", "at" } } } }`): the
// user's property at the dotted path reads as the value, so it was captured with one type only (a
// path with a type conflict reads as null), a type the value can have.

import type { StoredJsonMatch } from '../store/session-search.js';
import type { PropertyType } from './property-types.js';

export type PropertyScalar = string | number | boolean;

const TYPES_OF: Record<'string' | 'number' | 'boolean', readonly PropertyType[]> = {
  string: ['str', 'date'],
  number: ['int', 'real'],
  boolean: ['bool'],
};

export function propertyMatch(path: string, value: PropertyScalar): StoredJsonMatch {
  const types = TYPES_OF[typeof value as 'string' | 'number' | 'boolean'];
  return { valueAt: types.map((type) => [path, 'types', type, 'v']), value, singleKeyAt: [path, 'types'] };
}
