// The event vocabulary of recorded sessions: the spec's 13 built-in types plus `custom`.

/**
 * The 13 built-in event types of the server API spec, in the spec's order.
 *
 * @category Sessions
 */
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

/**
 * One of {@link BUILT_IN_EVENT_TYPES}.
 *
 * @category Sessions
 */
export type BuiltInEventType = (typeof BUILT_IN_EVENT_TYPES)[number];

/**
 * Every value a fixture event's `type` may take: the built-in types and `custom`. A `custom`
 * event also carries `name`.
 *
 * @category Sessions
 */
export const EVENT_TYPES = [...BUILT_IN_EVENT_TYPES, 'custom'] as const;

/**
 * One of {@link EVENT_TYPES}.
 *
 * @category Sessions
 */
export type EventType = (typeof EVENT_TYPES)[number];

const builtInSet: ReadonlySet<string> = new Set(BUILT_IN_EVENT_TYPES);

/**
 * True when `value` names one of the 13 built-in event types (`custom` is not one).
 *
 * @category Sessions
 */
export function isBuiltInEventType(value: string): value is BuiltInEventType {
  return builtInSet.has(value);
}
