// The event vocabulary of recorded sessions: the spec's 13 built-in types plus `custom`.

/** The 13 built-in event types of the server API spec, in the spec's order. */
export const BUILT_IN_EVENT_TYPES = [
  'navigate',
  'click',
  'dead-click',
  'error-click',
  'rage-click',
  'input-change',
  'network-error',
  'console-error',
  'mouse-thrash',
  'highlight',
  'copy',
  'paste',
  'element-seen',
] as const;

export type BuiltInEventType = (typeof BUILT_IN_EVENT_TYPES)[number];

/** Every value a fixture event's `type` may take. A `custom` event also carries `name`. */
export const EVENT_TYPES = [...BUILT_IN_EVENT_TYPES, 'custom'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

const builtInSet: ReadonlySet<string> = new Set(BUILT_IN_EVENT_TYPES);

/** True when `value` names one of the 13 built-in event types. */
export function isBuiltInEventType(value: string): value is BuiltInEventType {
  return builtInSet.has(value);
}
