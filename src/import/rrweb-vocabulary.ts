// The numeric codes of rrweb recordings (rrweb 1.x and 2.x, @rrweb/types), written out from the
// format so that recap reads recordings without depending on rrweb itself.

/** `event.type` of a recorded event. */
export const RrwebEventType = {
  DomContentLoaded: 0,
  Load: 1,
  FullSnapshot: 2,
  IncrementalSnapshot: 3,
  Meta: 4,
  Custom: 5,
  Plugin: 6,
  Asset: 7,
} as const;

/** `event.data.source` of an IncrementalSnapshot event. */
export const IncrementalSource = {
  Mutation: 0,
  MouseMove: 1,
  MouseInteraction: 2,
  Scroll: 3,
  ViewportResize: 4,
  Input: 5,
  TouchMove: 6,
  MediaInteraction: 7,
  StyleSheetRule: 8,
  CanvasMutation: 9,
  Font: 10,
  /** Console messages of rrweb before 1.0 (later recorded by the console plugin). */
  Log: 11,
  Drag: 12,
  StyleDeclaration: 13,
  Selection: 14,
  AdoptedStyleSheet: 15,
  CustomElement: 16,
} as const;

/** Incremental sources after which the page looks different: they answer a click. */
export const VISIBLE_CHANGE_SOURCES: ReadonlySet<number> = new Set([
  IncrementalSource.Scroll,
  IncrementalSource.MediaInteraction,
  IncrementalSource.StyleSheetRule,
  IncrementalSource.CanvasMutation,
  IncrementalSource.Font,
  IncrementalSource.StyleDeclaration,
  IncrementalSource.AdoptedStyleSheet,
  IncrementalSource.CustomElement,
]);

/** Incremental sources that carry nothing recap reports, and answer no click. */
export const IGNORED_SOURCES: ReadonlySet<number> = new Set([IncrementalSource.ViewportResize, IncrementalSource.TouchMove, IncrementalSource.Drag]);

/** `event.data.type` of a MouseInteraction. */
export const MouseInteraction = {
  MouseUp: 0,
  MouseDown: 1,
  Click: 2,
  ContextMenu: 3,
  DblClick: 4,
  Focus: 5,
  Blur: 6,
  TouchStart: 7,
  TouchMoveDeparted: 8,
  TouchEnd: 9,
  TouchCancel: 10,
} as const;

/** `type` of a serialized node (rrweb-snapshot). */
export const SerializedNodeType = {
  Document: 0,
  DocumentType: 1,
  Element: 2,
  Text: 3,
  CDATA: 4,
  Comment: 5,
} as const;

/** Plugin names as rrweb's record plugins write them in `data.plugin`. */
export const CONSOLE_PLUGIN = 'rrweb/console@1';
export const NETWORK_PLUGIN = 'rrweb/network@1';

/** One recorded event as read from the file: only `type` and `timestamp` are checked up front. */
export interface RrwebEvent {
  readonly type: number;
  readonly timestamp: number;
  readonly data?: unknown;
}

/** Where an event sits in the recording, for messages: its index and, for exports, its window. */
export interface EventPosition {
  /** 0-based index of the event in its list (the file's array or its window's array). */
  readonly index: number;
  /** The window id of a `snapshot_data_by_window_id` export. */
  readonly window?: string | undefined;
}

/** `event #12` or `window "w1" event #12`. */
export function describePosition(position: EventPosition): string {
  return position.window === undefined ? `event #${position.index}` : `window "${position.window}" event #${position.index}`;
}
