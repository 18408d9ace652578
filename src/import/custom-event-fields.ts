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

/** The payload's target: the element its `nodeId` names in the page (with that id), else the selector and text it gives. */
function payloadTarget(payload: Record<string, unknown>, resolveNode: (nodeId: number) => ResolvedNode | undefined): { readonly target?: ResolvedNode; readonly nodeId?: number } {
  if (typeof payload.nodeId === 'number') {
    const resolved = resolveNode(payload.nodeId);
    if (resolved !== undefined) return { target: resolved, nodeId: payload.nodeId };
  }
  if (isObject(payload.target)) {
    const { selector, text } = payload.target;
    return { target: { selector: typeof selector === 'string' ? selector : undefined, text: typeof text === 'string' ? clipText(text) : undefined } };
  }
  return typeof payload.selector === 'string' ? { target: { selector: payload.selector } } : {};
}

/** The fixture fields of a Custom event's data `{ tag, payload }`. */
export function customEventFields(data: unknown, resolveNode: (nodeId: number) => ResolvedNode | undefined): CustomEventResult {
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
    const { target: resolved, nodeId } = payloadTarget(details, resolveNode);
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
