// Custom property types (spec "Custom properties"): inference, declarations and v1 suffixes.

import { isIsoTimestamp } from '../../session/iso-timestamp.js';
import type { JsonValue } from '../store/records.js';

export const PROPERTY_TYPES = ['bool', 'date', 'int', 'real', 'str', 'bools', 'dates', 'ints', 'reals', 'strs'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

const SINGULAR: Record<PropertyType, PropertyType> = {
  bool: 'bool', date: 'date', int: 'int', real: 'real', str: 'str',
  bools: 'bool', dates: 'date', ints: 'int', reals: 'real', strs: 'str',
};
const PLURAL: Partial<Record<PropertyType, PropertyType>> = { bool: 'bools', date: 'dates', int: 'ints', real: 'reals', str: 'strs' };

export function isPropertyType(value: unknown): value is PropertyType {
  return typeof value === 'string' && (PROPERTY_TYPES as readonly string[]).includes(value);
}

export const isArrayType = (type: PropertyType): boolean => type.endsWith('s');

const DATE_ONLY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A date property is an ISO 8601 date (`2026-03-01`) or timestamp with a zone. */
export function isIsoDate(value: unknown): boolean {
  // A date alone is the timestamp of its midnight, with the same calendar checks (no 2026-02-31).
  return typeof value === 'string' && (DATE_ONLY.test(value) ? isIsoTimestamp(`${value}T00:00:00Z`) : isIsoTimestamp(value));
}

function fitsSingular(type: PropertyType, value: JsonValue): boolean {
  switch (type) {
    case 'bool':
      return typeof value === 'boolean';
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'real':
      return typeof value === 'number' && Number.isFinite(value);
    case 'str':
      return typeof value === 'string';
    case 'date':
      return isIsoDate(value);
    default:
      return false;
  }
}

/** True when `value` is a valid value of the declared `type`. */
export function fitsType(type: PropertyType, value: JsonValue): boolean {
  if (!isArrayType(type)) return fitsSingular(type, value);
  return Array.isArray(value) && value.every((item) => fitsSingular(SINGULAR[type], item));
}

/**
 * The inferred type of a primitive or an array of primitives: every number is real, booleans are
 * bool, strings are str (dates are strings unless declared). Undefined for anything else (objects,
 * arrays of objects, mixed arrays). An empty array takes `emptyArrayType`.
 */
export function inferType(value: JsonValue, emptyArrayType: PropertyType = 'strs'): PropertyType | undefined {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isFinite(value) ? 'real' : undefined;
  if (typeof value === 'string') return 'str';
  if (!Array.isArray(value)) return undefined;
  if (value.length === 0) return emptyArrayType;
  const types = new Set(value.map((item) => (Array.isArray(item) || (typeof item === 'object' && item !== null) ? undefined : inferType(item))));
  if (types.size !== 1) return undefined;
  const [type] = [...types];
  return type === undefined ? undefined : PLURAL[type];
}

/** v1 name suffixes → declared type: `plan_str` → str, `seats_ints` → ints. */
export const V1_SUFFIXES: Readonly<Record<string, PropertyType>> = Object.fromEntries(
  PROPERTY_TYPES.map((type) => [`_${type}`, type]),
);
