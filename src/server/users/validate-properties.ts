// Checks `properties` (and `schema`) of a request against every rule of the spec and flattens
// them into typed writes by dotted path. Problems become 400 details naming the path.

import { invalidRequest, type ErrorDetail } from '../http/api-error.js';
import type { JsonValue } from '../store/records.js';
import { fitsType, inferType, isArrayType, isPropertyType, type PropertyType } from './property-types.js';

/** One property to write: a flattened path, its type and value. */
export interface PropertyWrite {
  readonly path: string;
  readonly type: PropertyType;
  readonly value: JsonValue;
}

export interface ValidatedProperties {
  readonly writes: readonly PropertyWrite[];
  /** Paths sent as null: removed. */
  readonly removals: readonly string[];
}

export const NAME = /^[A-Za-z0-9_]+$/;
/** The spec: a property name has at most 512 characters... */
export const MAX_NAME_LENGTH = 512;
/** ...and a nested property's dotted path (parents' names, dots and its name) stays under 512. */
export const MAX_PATH_LENGTH = 511;
export const MAX_VALUE_BYTES = 8192;

/** The length problem of a top-level name or nested dotted path, or undefined. */
function lengthProblem(path: string, nested: boolean): string | undefined {
  if (!nested) return path.length > MAX_NAME_LENGTH ? `the name has ${path.length} characters; at most ${MAX_NAME_LENGTH} are allowed` : undefined;
  return path.length > MAX_PATH_LENGTH ? `the dotted path has ${path.length} characters; it must stay under ${MAX_PATH_LENGTH + 1}` : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A problem with a dotted property path (names and length), or undefined. */
function pathProblem(path: string): string | undefined {
  if (!path.split('.').every((name) => NAME.test(name))) return 'property names may only contain A-Z, a-z, 0-9 and _ (a nested name is written parent.child)';
  return lengthProblem(path, path.includes('.'));
}

/** The declarations of `schema.properties`, checked: `properties` is the only field, every path a valid one. */
export function readDeclarations(schema: unknown, field = 'schema'): Map<string, PropertyType> {
  const declarations = new Map<string, PropertyType>();
  if (schema === undefined || schema === null) return declarations;
  const details: ErrorDetail[] = [];
  if (!isPlainObject(schema) || (schema.properties !== undefined && !isPlainObject(schema.properties))) {
    throw invalidRequest('invalid schema', [{ path: field, message: 'expected { "properties": { "<path>": "<type>" } }' }]);
  }
  for (const name of Object.keys(schema)) {
    if (name !== 'properties') details.push({ path: `${field}.${name}`, message: 'unknown field (a schema has only "properties")' });
  }
  for (const [path, declared] of Object.entries((schema.properties as Record<string, JsonValue> | undefined) ?? {})) {
    const where = `${field}.properties.${path.length > 80 ? `${path.slice(0, 80)}…` : path}`;
    const problem = pathProblem(path);
    if (problem !== undefined) details.push({ path: where, message: problem });
    else if (isPropertyType(declared)) declarations.set(path, declared);
    else details.push({ path: where, message: `unknown type ${JSON.stringify(declared)} (expected bool, date, int, real, str, bools, dates, ints, reals or strs)` });
  }
  if (details.length > 0) throw invalidRequest('invalid schema', details);
  return declarations;
}

const outOfRange = (value: JsonValue): boolean =>
  (typeof value === 'number' && !Number.isFinite(value)) || (Array.isArray(value) && value.some((item) => typeof item === 'number' && !Number.isFinite(item)));

/**
 * Validates and flattens properties. `previousTypes` gives the last type of a path, so that an
 * empty list keeps the list type it had. Throws a 400 ApiError listing every problem.
 */
export function validateProperties(
  properties: unknown,
  declarations: ReadonlyMap<string, PropertyType>,
  options: { readonly field?: string; readonly previousType?: (path: string) => PropertyType | undefined } = {},
): ValidatedProperties {
  const field = options.field ?? 'properties';
  if (properties === undefined || properties === null) return { writes: [], removals: [] };
  if (!isPlainObject(properties)) throw invalidRequest('invalid properties', [{ path: field, message: 'expected an object' }]);
  const writes: PropertyWrite[] = [];
  const removals: string[] = [];
  const details: ErrorDetail[] = [];

  const visit = (object: Record<string, JsonValue>, prefix: string): void => {
    for (const name of Object.keys(object)) {
      const value = object[name] as JsonValue;
      const path = prefix === '' ? name : `${prefix}.${name}`;
      const where = `${field}.${path}`;
      if (!NAME.test(name)) {
        details.push({ path: where, message: 'property names may only contain A-Z, a-z, 0-9 and _' });
        continue;
      }
      const tooLong = lengthProblem(path, prefix !== '');
      if (tooLong !== undefined) {
        details.push({ path: where.slice(0, 80) + '…', message: tooLong });
        continue;
      }
      if (value === null) {
        removals.push(path);
        continue;
      }
      if (isPlainObject(value)) {
        const declared = declarations.get(path);
        if (declared !== undefined) details.push({ path: where, message: `declared ${declared}, but the value is an object` });
        else visit(value, path);
        continue;
      }
      if (outOfRange(value)) {
        details.push({ path: where, message: 'the number is too large to be stored (beyond ±1.8e308)' });
        continue;
      }
      const bytes = Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));
      if (bytes > 8192) {
        details.push({ path: where, message: `the value has ${bytes} bytes; at most 8192 are allowed` });
        continue;
      }
      if (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)) {
        details.push({ path: where, message: 'arrays of objects (or of arrays) are not supported' });
        continue;
      }
      const declared = declarations.get(path);
      if (declared !== undefined) {
        if (!fitsType(declared, value)) details.push({ path: where, message: `declared ${declared}, but the value ${JSON.stringify(value).slice(0, 60)} is not one` });
        else writes.push({ path, type: declared, value });
        continue;
      }
      const previous = options.previousType?.(path);
      const inferred = inferType(value, previous !== undefined && isArrayType(previous) ? previous : 'strs');
      if (inferred === undefined) details.push({ path: where, message: 'the elements of a list must all be strings, all numbers or all booleans' });
      else writes.push({ path, type: inferred, value });
    }
  };
  visit(properties, '');
  if (details.length > 0) throw invalidRequest('invalid properties', details);
  return { writes, removals };
}
