// rrweb Custom events (`rrweb.record.addCustomEvent(tag, payload)`) become recap custom events:
// the tag is the name, the payload the properties. Three tags stand for built-in types that rrweb
// cannot observe on its own: `copy`, `paste` and `element-seen`. What is pasted into (or copied
// from) a field that is, or has been, a password field is not kept, as a value typed there is not.

import type { EventType } from '../session/event-types.js';
import { targetFields, type DerivedFields, type DerivedTarget } from './derived-event.js';
import { clipText } from './element-text.js';
import { MAX_HIGHLIGHT_TEXT_LENGTH } from './selection-text.js';

/** Custom-event tags that map to built-in event types. */
export const BUILT_IN_CUSTOM_TAGS: Readonly<Record<string, EventType>> = {
  copy: 'copy',
  paste: 'paste',
  'element-seen': 'element-seen',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An element of the mirrored page a payload's `nodeId` names; `password` when it is, or has been, a password field. */
export type ResolvedNode = DerivedTarget & { readonly password?: boolean };

export type CustomEventResult =
  | {
      readonly success: true;
      readonly type: EventType;
      readonly fields: DerivedFields;
      /** The payload's `nodeId`, when it named an element of the page: the field may still become a password field. */
      readonly nodeId?: number;
    }
  | { readonly success: false; readonly problem: string };

/** How a payload's element is found in the mirrored page: by its `nodeId`, or by a selector (the ids of the fields it matches). */
export interface NodeResolver {
  readonly byId: (nodeId: number) => ResolvedNode | undefined;
  readonly fieldsMatching: (selector: string) => readonly number[];
}

/**
 * The payload's target: the element its `nodeId` names in the page (with that id), else the
 * selector and text it gives. A target named only by its selector is looked up in the page: when
 * it matches a field that is, or has been, a password field, the target says so (and its id is
 * watched, so a field that becomes one later is settled too).
 */
function payloadTarget(payload: Record<string, unknown>, resolver: NodeResolver): { readonly target?: ResolvedNode; readonly nodeId?: number } {
  if (typeof payload.nodeId === 'number') {
    const resolved = resolver.byId(payload.nodeId);
    if (resolved !== undefined) return { target: resolved, nodeId: payload.nodeId };
  }
  const given = isObject(payload.target) ? payload.target : payload;
  const selector = typeof given.selector === 'string' ? given.selector : undefined;
  const text = given !== payload && typeof given.text === 'string' ? clipText(given.text) : undefined;
  if (selector === undefined && text === undefined) return {};
  const target: ResolvedNode = { selector, text };
  if (selector === undefined) return { target };
  const fields = resolver.fieldsMatching(selector);
  // A password field among the matches wins; else the one field the selector names, if it names one.
  const nodeId = fields.find((id) => resolver.byId(id)?.password === true) ?? (fields.length === 1 ? fields[0] : undefined);
  const found = nodeId === undefined ? undefined : resolver.byId(nodeId);
  if (found === undefined) return { target };
  return { target: { ...target, password: found.password === true, blocked: found.blocked === true }, nodeId };
}

/** The fixture fields of a Custom event's data `{ tag, payload }`. */
export function customEventFields(data: unknown, resolver: NodeResolver): CustomEventResult {
  if (!isObject(data) || typeof data.tag !== 'string' || data.tag.trim() === '') {
    return { success: false, problem: 'custom events without a tag skipped' };
  }
  const { tag, payload } = data;
  // Own keys only: a tag such as `constructor` or `__proto__` is an ordinary event name.
  const key = tag.toLowerCase();
  const builtIn = Object.hasOwn(BUILT_IN_CUSTOM_TAGS, key) ? BUILT_IN_CUSTOM_TAGS[key] : undefined;
  if (builtIn !== undefined) {
    const fields: Record<string, unknown> = {};
    const details = isObject(payload) ? payload : {};
    const { target: resolved, nodeId } = payloadTarget(details, resolver);
    if (typeof details.text === 'string' && resolved?.password !== true) fields.text = clipText(details.text, MAX_HIGHLIGHT_TEXT_LENGTH);
    const target = targetFields(resolved);
    if (target !== undefined) fields.target = target;
    return { success: true, type: builtIn, fields, ...(nodeId === undefined ? {} : { nodeId }) };
  }
  const fields: Record<string, unknown> = { name: tag };
  if (isObject(payload)) fields.properties = payload;
  else if (payload !== undefined && payload !== null) fields.properties = { value: payload };
  return { success: true, type: 'custom', fields };
}
