// What the server remembers of a user's properties: per flattened path, the latest value captured
// with each type. A path captured with more than one type reads back as null, with every type's
// latest value under `type_conflicts`. Kept in Maps and null-prototype objects: a property named
// `__proto__` or `constructor` is plain data and can never reach an object's prototype.

import type { JsonObject, JsonValue } from '../store/records.js';
import { isPropertyType, type PropertyType } from './property-types.js';
import type { PropertyWrite } from './validate-properties.js';

interface Captured {
  readonly value: JsonValue;
  /** When it was captured (ISO); the newer capture wins a merge. */
  readonly at: string;
}

export interface PathState {
  /** Every type the path was captured with, and its latest value. */
  readonly types: ReadonlyMap<PropertyType, Captured>;
  /** The type of the newest capture. */
  readonly last: PropertyType;
  readonly lastAt: string;
}

export type PropertyState = ReadonlyMap<string, PathState>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the stored JSON form `{ "<path>": { "last": type, "types": { "<type>": { "v", "at" } } } }`. */
export function propertyStateFromJson(json: JsonObject): PropertyState {
  const state = new Map<string, PathState>();
  for (const [path, entry] of Object.entries(json)) {
    if (!isObject(entry) || !isObject(entry.types) || !isPropertyType(entry.last)) continue;
    const types = new Map<PropertyType, Captured>();
    let lastAt = '';
    for (const [type, captured] of Object.entries(entry.types)) {
      if (!isPropertyType(type) || !isObject(captured) || typeof captured.at !== 'string') continue;
      types.set(type, { value: captured.v as JsonValue, at: captured.at });
      if (type === entry.last) lastAt = captured.at;
    }
    if (types.size > 0) state.set(path, { types, last: entry.last, lastAt });
  }
  return state;
}

/** The stored JSON form. Object.fromEntries defines own properties, so any path is safe. */
export function propertyStateToJson(state: PropertyState): JsonObject {
  return Object.fromEntries(
    [...state].map(([path, entry]) => [
      path,
      { last: entry.last, types: Object.fromEntries([...entry.types].map(([type, captured]) => [type, { v: captured.value, at: captured.at }])) },
    ]),
  );
}

// A path and its ancestors or descendants cannot all hold values: the newest write replaces them.
function removeOverlapping(state: Map<string, PathState>, path: string): void {
  for (const existing of [...state.keys()]) {
    if (existing !== path && (existing.startsWith(`${path}.`) || path.startsWith(`${existing}.`))) state.delete(existing);
  }
}

/** The state after writes (newest value wins per path and type) and removals, captured at `at`. */
export function applyWrites(state: PropertyState, writes: readonly PropertyWrite[], removals: readonly string[], at: string): PropertyState {
  const next = new Map(state);
  for (const path of removals) {
    next.delete(path);
    removeOverlapping(next, path);
  }
  for (const write of writes) {
    removeOverlapping(next, write.path);
    const types = new Map(next.get(write.path)?.types ?? []);
    types.set(write.type, { value: write.value, at });
    next.set(write.path, { types, last: write.type, lastAt: at });
  }
  return next;
}

/** Merges `from` into `into` path by path and type by type; the newer capture wins. */
export function mergeStates(into: PropertyState, from: PropertyState): PropertyState {
  const next = new Map(into);
  for (const [path, incoming] of from) {
    const current = next.get(path);
    if (current === undefined) {
      removeOverlapping(next, path);
      next.set(path, incoming);
      continue;
    }
    const types = new Map(current.types);
    for (const [type, captured] of incoming.types) {
      const existing = types.get(type);
      if (existing === undefined || captured.at > existing.at) types.set(type, captured);
    }
    const newer = incoming.lastAt > current.lastAt;
    next.set(path, { types, last: newer ? incoming.last : current.last, lastAt: newer ? incoming.lastAt : current.lastAt });
  }
  return next;
}

type Tree = { [key: string]: JsonValue | Tree };

function setAt(tree: Tree, path: string, value: JsonValue): void {
  const segments = path.split('.');
  let node = tree;
  for (const segment of segments.slice(0, -1)) {
    const child = node[segment];
    if (child === undefined || child === null || typeof child !== 'object' || Array.isArray(child)) {
      const created: Tree = Object.create(null) as Tree;
      node[segment] = created;
      node = created;
    } else {
      node = child as Tree;
    }
  }
  node[segments.at(-1) as string] = value;
}

/** What a read returns: nested properties (conflicts as null) and, when any, `type_conflicts`. */
export function readProperties(state: PropertyState): { properties: JsonObject; typeConflicts: JsonObject | undefined } {
  const properties: Tree = Object.create(null) as Tree;
  const conflicts: Tree = Object.create(null) as Tree;
  let conflicted = false;
  for (const [path, entry] of [...state].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (entry.types.size > 1) {
      conflicted = true;
      setAt(properties, path, null);
      const byType: Tree = Object.create(null) as Tree;
      for (const [type, captured] of entry.types) byType[type] = captured.value;
      conflicts[path] = byType;
    } else {
      setAt(properties, path, entry.types.get(entry.last)?.value ?? null);
    }
  }
  return { properties: properties as JsonObject, typeConflicts: conflicted ? ({ properties: conflicts } as JsonObject) : undefined };
}

/** The type a path was last captured with. */
export function lastType(state: PropertyState, path: string): PropertyType | undefined {
  return state.get(path)?.last;
}
