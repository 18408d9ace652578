// rrweb Custom events (`rrweb.record.addCustomEvent(tag, payload)`) become recap custom events:
// the tag is the name, the payload the properties. Three tags stand for built-in types that rrweb
// cannot observe on its own: `copy`, `paste` and `element-seen`.

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

export type CustomEventResult =
  | { readonly success: true; readonly type: EventType; readonly fields: DerivedFields }
  | { readonly success: false; readonly problem: string };

function payloadTarget(payload: Record<string, unknown>, resolveNode: (nodeId: number) => DerivedTarget | undefined): DerivedTarget | undefined {
  if (typeof payload.nodeId === 'number') {
    const resolved = resolveNode(payload.nodeId);
    if (resolved !== undefined) return resolved;
  }
  if (isObject(payload.target)) {
    const { selector, text } = payload.target;
    return { selector: typeof selector === 'string' ? selector : undefined, text: typeof text === 'string' ? clipText(text) : undefined };
  }
  return typeof payload.selector === 'string' ? { selector: payload.selector } : undefined;
}

/** The fixture fields of a Custom event's data `{ tag, payload }`. */
export function customEventFields(data: unknown, resolveNode: (nodeId: number) => DerivedTarget | undefined): CustomEventResult {
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
    if (typeof details.text === 'string') fields.text = clipText(details.text, MAX_HIGHLIGHT_TEXT_LENGTH);
    const target = targetFields(payloadTarget(details, resolveNode));
    if (target !== undefined) fields.target = target;
    return { success: true, type: builtIn, fields };
  }
  const fields: Record<string, unknown> = { name: tag };
  if (isObject(payload)) fields.properties = payload;
  else if (payload !== undefined && payload !== null) fields.properties = { value: payload };
  return { success: true, type: 'custom', fields };
}
