// The profile check of the common case, without zod. A command that reads a valid profile
// (`recap validate`, `recap run`) should not pay for loading zod, which costs more than the rest
// of the command; zod's schema (profile-schema.ts) stays the definition and words every problem.
// This check may refuse what zod would accept (then zod decides), but what it accepts, zod
// accepts too, with the same result, key order included: a property test holds the two together.

import { timestampProblem } from '../session/iso-timestamp.js';
import { MAX_NESTING, tooDeepAt } from '../session/nesting.js';
import { CONTEXT_ELEMENTS, SLICE_MODES } from './profile-terms.js';
import type { Profile } from './profile-schema.js';
import { formatProblem, RESPONSE_SCHEMA_KEYWORDS, RESPONSE_SCHEMA_TYPES, type ResponseSchema, type ResponseSchemaType } from './response-schema-terms.js';

type Plain = Record<string, unknown>;

/** Thrown inside the check to give up; never leaves this module. */
const NOT_VOUCHED = Symbol('not vouched');
const giveUp = (): never => {
  throw NOT_VOUCHED;
};

/** An object of JSON or YAML data with only `allowed` keys, none of them undefined or `__proto__`. */
function plain(value: unknown, allowed: ReadonlySet<string> | undefined): Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return giveUp();
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return giveUp();
  if (Object.hasOwn(value, '__proto__')) return giveUp();
  for (const key of Object.keys(value)) {
    if ((allowed !== undefined && !allowed.has(key)) || (value as Plain)[key] === undefined) return giveUp();
  }
  return value as Plain;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const string = (value: unknown): string => (isString(value) ? value : giveUp());
const boolean = (value: unknown): boolean => (typeof value === 'boolean' ? value : giveUp());
const count = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : giveUp());
const timestamp = (value: unknown): string => (isString(value) && timestampProblem(value) === undefined ? value : giveUp());

function list<T>(value: unknown, item: (element: unknown) => T): T[] {
  if (!Array.isArray(value)) return giveUp();
  const result: T[] = [];
  for (let index = 0; index < value.length; index++) result.push(item(value[index]));
  return result;
}

/** Sets `key` on `target` from `source` through `read`, when `source` has it. */
function copy<T>(target: Plain, source: Plain, key: string, read: (value: unknown) => T): void {
  if (Object.hasOwn(source, key)) target[key] = read(source[key]);
}

const RESPONSE_KEYWORDS: ReadonlySet<string> = new Set(RESPONSE_SCHEMA_KEYWORDS);
const TYPE_NAMES = new Map<string, ResponseSchemaType>(RESPONSE_SCHEMA_TYPES.flatMap((type) => [[type, type], [type.toLowerCase(), type]] as const));

function responseNode(value: unknown): ResponseSchema {
  const source = plain(value, RESPONSE_KEYWORDS);
  const type = TYPE_NAMES.get(string(source.type)) ?? giveUp();
  const node: Plain = { type };
  copy(node, source, 'format', string);
  copy(node, source, 'description', string);
  copy(node, source, 'title', string);
  copy(node, source, 'nullable', boolean);
  copy(node, source, 'enum', (entries) => (Array.isArray(entries) && entries.length > 0 ? list(entries, string) : giveUp()));
  copy(node, source, 'properties', (properties) => {
    const record = plain(properties, undefined);
    const result: Record<string, ResponseSchema> = {};
    for (const name of Object.keys(record)) result[name] = responseNode(record[name]);
    return result;
  });
  copy(node, source, 'required', (names) => list(names, string));
  copy(node, source, 'items', responseNode);
  copy(node, source, 'minItems', count);
  copy(node, source, 'maxItems', count);
  copy(node, source, 'propertyOrdering', (names) => list(names, string));
  checkKeywords(node as unknown as ResponseSchema);
  return node as unknown as ResponseSchema;
}

/** The rules between keywords (response-schema-field.ts words them when they fail). */
function checkKeywords(node: ResponseSchema): void {
  const names = new Set(Object.keys(node.properties ?? {}));
  const failed =
    (node.type === 'OBJECT' && names.size === 0) ||
    (node.type !== 'OBJECT' && (node.properties !== undefined || node.required !== undefined)) ||
    (node.type === 'ARRAY' && node.items === undefined) ||
    (node.type !== 'ARRAY' && (node.items !== undefined || node.minItems !== undefined || node.maxItems !== undefined)) ||
    (node.enum !== undefined && node.type !== 'STRING') ||
    (node.format !== undefined && formatProblem(node.type, node.format, node.enum !== undefined) !== undefined) ||
    (node.minItems !== undefined && node.maxItems !== undefined && node.minItems > node.maxItems) ||
    [node.required ?? [], node.propertyOrdering ?? []].some((listed) => listed.some((name) => !names.has(name)) || new Set(listed).size < listed.length);
  if (failed) giveUp();
}

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: unknown): T =>
    (allowed as readonly unknown[]).includes(value) ? (value as T) : giveUp();

const PROFILE_KEYS = new Set(['name', 'description', 'llm', 'slice', 'context', 'events']);
const LLM_KEYS = new Set(['pre_prompt', 'post_prompt', 'response_schema', 'temperature', 'model']);
const SLICE_KEYS = new Set(['mode', 'event_limit', 'duration_limit_ms', 'start_timestamp', 'end_timestamp']);
const CONTEXT_KEYS = new Set(['include', 'exclude', 'exclude_user_context', 'exclude_org_context']);
const EVENTS_KEYS = new Set(['include_types', 'exclude_types']);

function llm(value: unknown): Plain {
  const source = plain(value, LLM_KEYS);
  const result: Plain = {};
  copy(result, source, 'pre_prompt', string);
  copy(result, source, 'post_prompt', string);
  copy(result, source, 'response_schema', (schema) => {
    const root = responseNode(schema);
    return root.type === 'OBJECT' && root.nullable !== true ? root : giveUp();
  });
  copy(result, source, 'temperature', (temperature) => (typeof temperature === 'number' && temperature >= 0 && temperature <= 2 ? temperature : giveUp()));
  copy(result, source, 'model', (model) => (isString(model) && model.length > 0 ? model : giveUp()));
  return result;
}

function slice(value: unknown): Plain {
  const source = plain(value, SLICE_KEYS);
  const result: Plain = {};
  copy(result, source, 'mode', oneOf(SLICE_MODES));
  copy(result, source, 'event_limit', count);
  copy(result, source, 'duration_limit_ms', count);
  copy(result, source, 'start_timestamp', timestamp);
  copy(result, source, 'end_timestamp', timestamp);
  if (result.mode === 'TIMESTAMP' && result.start_timestamp === undefined) giveUp();
  return result;
}

function context(value: unknown): Plain {
  const source = plain(value, CONTEXT_KEYS);
  const result: Plain = {};
  copy(result, source, 'include', (elements) => list(elements, oneOf(CONTEXT_ELEMENTS)));
  copy(result, source, 'exclude', (elements) => list(elements, oneOf(CONTEXT_ELEMENTS)));
  copy(result, source, 'exclude_user_context', boolean);
  copy(result, source, 'exclude_org_context', boolean);
  return result;
}

function events(value: unknown): Plain {
  const source = plain(value, EVENTS_KEYS);
  if (Object.hasOwn(source, 'include_types') && Object.hasOwn(source, 'exclude_types')) giveUp();
  const key = (name: unknown): string => (isString(name) && name.length > 0 ? name : giveUp());
  const result: Plain = {};
  copy(result, source, 'include_types', (names) => list(names, key));
  copy(result, source, 'exclude_types', (names) => list(names, key));
  return result;
}

/**
 * The profile `data` (parsed YAML or JSON) stands for, exactly as the full check would return it,
 * when this check can vouch that it is valid; `undefined` when the full check must decide (an
 * invalid profile, or one this check does not follow).
 */
export function quickCheckProfile(data: unknown): Profile | undefined {
  try {
    // Too deep for the full check, which refuses it; this check's own walk must not overflow first.
    if (tooDeepAt(data, MAX_NESTING) !== undefined) giveUp();
    const source = plain(data ?? {}, PROFILE_KEYS);
    const profile: Plain = {};
    copy(profile, source, 'name', string);
    copy(profile, source, 'description', string);
    copy(profile, source, 'llm', llm);
    copy(profile, source, 'slice', slice);
    copy(profile, source, 'context', context);
    copy(profile, source, 'events', events);
    return profile as Profile;
  } catch (error) {
    if (error === NOT_VOUCHED) return undefined;
    throw error;
  }
}
