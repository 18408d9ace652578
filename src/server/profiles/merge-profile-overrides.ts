// One-request profile overrides (POST .../summary, .../context): non-array fields replace, array
// fields append, objects merge field by field. The merged profile is validated like any other.

import type { JsonValue } from '../store/records.js';

const isObject = (value: unknown): value is Record<string, JsonValue> => typeof value === 'object' && value !== null && !Array.isArray(value);

// The response schema is one value: an override replaces it whole rather than merging into it.
const REPLACED_WHOLE = new Set(['response_schema']);

/** `base` with `overrides` applied; neither is changed. */
export function mergeProfileOverrides(base: JsonValue, overrides: JsonValue): JsonValue {
  if (!isObject(base) || !isObject(overrides)) return overrides;
  const merged: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
  for (const [key, value] of Object.entries(base)) merged[key] = value;
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    if (Array.isArray(value) && Array.isArray(current)) merged[key] = [...current, ...value];
    else if (isObject(value) && isObject(current) && !REPLACED_WHOLE.has(key)) merged[key] = mergeProfileOverrides(current, value);
    else merged[key] = value;
  }
  return { ...merged };
}
