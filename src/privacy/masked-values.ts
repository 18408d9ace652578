// The values a session holds at the property paths of `mask_properties`, found where redactSession
// masks them (see redactObject there): the session's context from the session, each event's fields
// from the event, a list skipped or indexed. echoes.ts looks for them in the rest of the session.
// Every event of a session is read, so the walk goes only below paths a glob may lie under, and
// judges each path once: a session repeats the same few on every event.

import type { Session, SessionEvent } from '../session/session-schema.js';
import type { PrivacyRules } from './privacy-rules.js';

/** Fields redactSession never masks: an event's type and time, the session's identity and creation time (and its events, walked apart). */
const EVENT_FIELDS_KEPT = new Set(['type', 'timestamp', 'time']);
const SESSION_FIELDS_KEPT = new Set(['id', 'created_time', 'events']);

/**
 * Every string at a masked path of `session` (a number as the text it is written as; a masked
 * object's or list's strings and numbers all), in the session's context and in its events.
 */
export function maskedValuesOf(session: Session, rules: PrivacyRules): string[] {
  const values: string[] = [];
  const root = new PathNode(rules, '');
  visitObject(values, session as unknown as Record<string, unknown>, root, root, SESSION_FIELDS_KEPT);
  for (const event of session.events as readonly SessionEvent[]) visitObject(values, event as unknown as Record<string, unknown>, root, root, EVENT_FIELDS_KEPT);
  return values;
}

/** A property path, judged once: whether it is masked, and whether a masked path may lie below it. */
class PathNode {
  readonly masked: boolean;
  readonly holds: boolean;
  readonly #children = new Map<string, PathNode>();

  constructor(
    private readonly rules: PrivacyRules,
    readonly path: string,
  ) {
    this.masked = path !== '' && rules.isMaskedPath(path);
    this.holds = path === '' || rules.holdsMaskedPath(path);
  }

  child(step: string): PathNode {
    let child = this.#children.get(step);
    if (child === undefined) this.#children.set(step, (child = new PathNode(this.rules, this.path === '' ? step : `${this.path}.${step}`)));
    return child;
  }
}

/**
 * The fields of `object`, at `path` (lists as no step) and `indexed` (each list's index a step):
 * the same node outside lists.
 */
function visitObject(values: string[], object: Record<string, unknown>, path: PathNode, indexed: PathNode, kept?: ReadonlySet<string>): void {
  for (const key in object) {
    if (!Object.hasOwn(object, key) || kept?.has(key) === true) continue;
    const value = object[key];
    if (value === undefined || value === null) continue;
    const childPath = path.child(key);
    const childIndexed = indexed === path ? childPath : indexed.child(key);
    if (childPath.masked || childIndexed.masked) collect(values, value);
    else if (typeof value === 'object' && (childPath.holds || childIndexed.holds)) visitValue(values, value, childPath, childIndexed);
  }
}

function visitValue(values: string[], value: object, path: PathNode, indexed: PathNode): void {
  if (!Array.isArray(value)) {
    visitObject(values, value as Record<string, unknown>, path, indexed);
    return;
  }
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    const itemIndexed = indexed.child(String(index));
    if (itemIndexed.masked) collect(values, item);
    else if (item !== null && typeof item === 'object') visitValue(values, item, path, itemIndexed);
  }
}

/** The strings and numbers of a masked value. */
function collect(values: string[], value: unknown): void {
  if (typeof value === 'string') values.push(value);
  else if (typeof value === 'number' && Number.isFinite(value)) values.push(String(value));
  else if (Array.isArray(value)) for (const item of value) collect(values, item);
  else if (value !== null && typeof value === 'object') for (const key in value) if (Object.hasOwn(value, key)) collect(values, (value as Record<string, unknown>)[key]);
}
