// zod passes over keys named `__proto__` when it builds the objects it parses (assigning one would
// set the new object's prototype), so a context element would lose such a key without a word while
// an event, which the loader keeps as recorded, holds it. These put the keys zod passed over back,
// as own data properties (never a prototype), where the input had them.

import { isObject } from './event-time.js';
import {
  sessionDeviceSchema,
  sessionFixtureSchema,
  sessionLocationSchema,
  sessionOrgSchema,
  sessionUserSchema,
} from './session-schema.js';

/** The fields a zod object schema builds first (in this order), and the ones it builds below them. */
interface Built {
  readonly known: ReadonlySet<string>;
  readonly below: Readonly<Record<string, Built>>;
}

const built = (shape: object, below: Record<string, Built> = {}): Built => ({ known: new Set(Object.keys(shape)), below });
/** A record: every key is the input's, in its order. */
const RECORD = built({});
const HEADER = built(sessionFixtureSchema.shape, {
  user: built(sessionUserSchema.shape, { properties: RECORD }),
  org: built(sessionOrgSchema.shape, { properties: RECORD }),
  location: built(sessionLocationSchema.shape),
  device: built(sessionDeviceSchema.shape, { viewport: built(sessionDeviceSchema.shape.viewport.unwrap().shape) }),
});

const PROTO = '__proto__';

/**
 * `parsed` (zod's output for `input`) with the `__proto__` keys of `input` zod passed over, here and
 * in the objects it built below; `parsed` itself when there were none.
 */
function restore(input: unknown, parsed: unknown, shape: Built): unknown {
  if (!isObject(input) || !isObject(parsed)) return parsed;
  let result = parsed;
  for (const [key, below] of Object.entries(shape.below)) {
    if (!Object.hasOwn(parsed, key)) continue;
    const restored = restore(input[key], parsed[key], below);
    // `key` is a field of the schema, never `__proto__`: a plain assignment is safe.
    if (restored !== parsed[key]) (result === parsed ? (result = { ...parsed }) : result)[key] = restored;
  }
  if (!Object.hasOwn(input, PROTO)) return result;
  // zod writes the schema's fields first, then the others in the input's order: the key goes
  // before the first of those others that followed it in the input.
  const inputKeys = Object.keys(input);
  const next = inputKeys.slice(inputKeys.indexOf(PROTO) + 1).find((key) => !shape.known.has(key) && Object.hasOwn(result, key));
  const entries: [string, unknown][] = Object.entries(result);
  const at = next === undefined ? entries.length : entries.findIndex(([key]) => key === next);
  // An own data property `__proto__` is read as any other (it shadows Object.prototype's accessor).
  entries.splice(at, 0, [PROTO, input[PROTO]]);
  // Object.fromEntries defines each key as an own data property: `__proto__` sets no prototype.
  return Object.fromEntries(entries);
}

/** The session header zod parsed (`parsed`) with the `__proto__` keys of `input` it passed over. */
export function withProtoKeys<T>(input: Record<string, unknown>, parsed: T): T {
  return restore(input, parsed, HEADER) as T;
}
