// Turns the rrweb events of one window (one tab) into recap events, one recorded event at a time:
// it keeps the DOM mirror current and feeds clicks, inputs, selections, mouse moves and plugin
// events to the detectors. Pure: no IO, no clock; time is the recording's.

import type { FieldPreset } from '../privacy/field-values.js';
import { ClickClassifier, DEAD_CLICK_WINDOW_MS } from './click-classifier.js';
import { customEventFields } from './custom-event-fields.js';
import { BLOCKED_PLACEHOLDER, compareDerived, withBlockedFields, type DerivedEvent, type DerivedTarget } from './derived-event.js';
import { elementsMatching, type DomBlockMatcher } from './dom-block-selectors.js';
import { DomMirror, type MirrorNode } from './dom-mirror.js';
import { elementOf, selectorFor } from './element-selector.js';
import { interactiveTarget, isEditable, visibleText } from './element-text.js';
import { HighlightTracker } from './highlight-tracker.js';
import type { ImportWarnings } from './import-warnings.js';
import { clipInputValue, InputDebouncer } from './input-debouncer.js';
import { MouseThrashDetector } from './mouse-thrash-detector.js';
import { hasTypedValue, PasswordSweep } from './password-sweep.js';
import { consoleErrorMessage, failedRequests } from './plugin-events.js';
import {
  CONSOLE_PLUGIN,
  IGNORED_SOURCES,
  IncrementalSource,
  MouseInteraction,
  NETWORK_PLUGIN,
  RrwebEventType,
  VISIBLE_CHANGE_SOURCES,
  type EventPosition,
  type RrwebEvent,
} from './rrweb-vocabulary.js';
import { isCollapsed, isSelectionRange, selectedText } from './selection-text.js';

/** What one window of a recording became. */
export interface DerivedRecording {
  /** Sorted by time, then recording order. */
  readonly events: readonly DerivedEvent[];
  readonly firstTime: number | undefined;
  readonly lastTime: number | undefined;
  /** Width and height of the first Meta event. */
  readonly viewport: { readonly width: number; readonly height: number } | undefined;
}

export interface EventDeriverOptions {
  /** The window id of a `snapshot_data_by_window_id` export, written on every derived event. */
  readonly window?: string | undefined;
  /** Block selectors matched against the mirror (`--privacy`): events on blocked elements become `[blocked]`. */
  readonly block?: DomBlockMatcher | undefined;
  /**
   * The preset whose placeholder replaces a value typed into a mirrored element (`--privacy`):
   * the element with all its attributes, as a selector path never shows them.
   */
  readonly field?: ((element: MirrorNode, value: string) => FieldPreset | undefined) | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export class EventDeriver {
  readonly #events: DerivedEvent[] = [];
  readonly #emit = (event: DerivedEvent): void => void this.#events.push(withBlockedFields(event));
  readonly #mirror: DomMirror;
  readonly #clicks = new ClickClassifier(this.#emit);
  readonly #inputs = new InputDebouncer((event, input) => this.#emitTyped(event, input.isPassword));
  /** Input-changes and pastes whose field may still become a password field (a "show password" toggle switched back). */
  readonly #passwords = new PasswordSweep();
  readonly #highlights = new HighlightTracker(this.#emit);
  readonly #thrash: MouseThrashDetector;
  #order = 0;
  #firstTime: number | undefined;
  #now: number | undefined;
  #viewport: { width: number; height: number } | undefined;
  #href: string | undefined;
  /** The navigate whose page's title the next snapshot gives, and its place among the events. */
  #untitled: { readonly event: DerivedEvent; readonly at: number } | undefined;
  #lastResponse = -Infinity;
  #mouseDown: number | undefined;
  #sawMeta = false;
  #sawSnapshot = false;

  constructor(
    private readonly warnings: ImportWarnings,
    private readonly options: EventDeriverOptions = {},
  ) {
    this.#mirror = new DomMirror(warnings, { keepAttributes: options.block?.attributes });
    this.#thrash = new MouseThrashDetector(this.#emit, (nodeId) => {
      const node = this.#mirror.get(nodeId);
      const selector = selectorFor(node);
      return selector === undefined ? undefined : { selector, blocked: this.#isBlocked(node) };
    });
  }

  /** Whether a block selector matches the node or an ancestor of it, now. */
  #isBlocked(node: MirrorNode | undefined): boolean {
    return this.options.block?.isBlocked(node) === true;
  }

  /** `{ selector, text, blocked }` of an element; it is blocked when `hit` (itself, or a node inside it) is. */
  #targetOf(element: MirrorNode | undefined, hit: MirrorNode | undefined = element): DerivedTarget | undefined {
    if (element === undefined) return undefined;
    const blocked = this.#isBlocked(hit);
    // A blocked element's text is read whole (it becomes [blocked]); else blocked elements inside it are left out.
    return { selector: selectorFor(element), text: visibleText(element, blocked ? undefined : this.options.block?.matches), blocked };
  }

  push(event: RrwebEvent, position: EventPosition): void {
    const time = event.timestamp;
    const order = this.#order++;
    if (this.#now !== undefined && time < this.#now) {
      this.warnings.add('out-of-order', 'events earlier than an event before them (derived in recording order, written in time order)', position);
    }
    this.#firstTime = this.#firstTime === undefined ? time : Math.min(this.#firstTime, time);
    this.#now = this.#now === undefined ? time : Math.max(this.#now, time);
    this.#clicks.advance(this.#now);
    this.#inputs.advance(this.#now);
    this.#highlights.advance(this.#now);
    const data = isObject(event.data) ? event.data : {};
    switch (event.type) {
      case RrwebEventType.DomContentLoaded:
      case RrwebEventType.Load:
        return this.#pageChange(time);
      case RrwebEventType.Meta:
        return this.#meta(data, time, order, position);
      case RrwebEventType.FullSnapshot:
        return this.#snapshot(data, position);
      case RrwebEventType.IncrementalSnapshot:
        return this.#incremental(data, time, order, position);
      case RrwebEventType.Custom:
        return this.#custom(data, time, order, position);
      case RrwebEventType.Plugin:
        return this.#plugin(data, time, order, position);
      case RrwebEventType.Asset:
        return;
      default:
        this.warnings.add(`unknown-event-type:${event.type}`, `events of unknown type ${event.type} ignored`, position);
    }
  }

  finish(): DerivedRecording {
    this.#inputs.flush();
    this.#highlights.flush();
    this.#clicks.finish(this.#now ?? 0);
    this.#passwords.sweep(this.#events);
    if (!this.#sawMeta) this.warnings.add('no-meta', 'no Meta event: no navigate events and no viewport');
    if (!this.#sawSnapshot) this.warnings.add('no-full-snapshot', 'no full snapshot: clicks, inputs and highlights have no selectors or texts');
    const window = this.options.window;
    const events = window === undefined ? this.#events : this.#events.map((event) => ({ ...event, fields: { ...event.fields, window } }));
    return { events: events.sort(compareDerived), firstTime: this.#firstTime, lastTime: this.#now, viewport: this.#viewport };
  }

  /** Emits an event that holds what was typed or pasted into a field, and watches the field until the page changes. */
  #emitTyped(event: DerivedEvent, isPassword: (() => boolean) | undefined): void {
    this.#emit(event);
    if (isPassword !== undefined && hasTypedValue(event)) this.#passwords.watch(this.#events.length - 1, isPassword);
  }

  /** Whether the element typed into, or the node its id names now (after a new snapshot), is or has been a password field. */
  #isPasswordField(element: MirrorNode | undefined, nodeId: number): () => boolean {
    return () => element?.password === true || this.#mirror.get(nodeId)?.password === true;
  }

  #respond(time: number): void {
    this.#lastResponse = time;
    this.#clicks.response(time);
  }

  #pageChange(time: number): void {
    this.#respond(time);
    this.#inputs.flush();
    this.#highlights.flush();
    this.#thrash.reset();
    // Node ids restart with the new page: the fields of this one are settled as it leaves them.
    this.#passwords.sweep(this.#events);
    this.#passwords.forget();
  }

  #meta(data: Record<string, unknown>, time: number, order: number, position: EventPosition): void {
    this.#sawMeta = true;
    const width = numberOrUndefined(data.width);
    const height = numberOrUndefined(data.height);
    if (this.#viewport === undefined && width !== undefined && height !== undefined && width >= 0 && height >= 0) this.#viewport = { width, height };
    if (typeof data.href !== 'string' || data.href === '') {
      this.warnings.add('meta-without-href', 'Meta events without an href (no navigate)', position);
      return;
    }
    // A Meta with the same href is a periodic re-snapshot (or a reload), not a navigation.
    if (data.href === this.#href) return;
    this.#href = data.href;
    this.#pageChange(time);
    const navigate: DerivedEvent = { type: 'navigate', time, order, fields: { url: data.href } };
    this.#emit(navigate);
    this.#untitled = { event: navigate, at: this.#events.length - 1 };
  }

  #snapshot(data: Record<string, unknown>, position: EventPosition): void {
    this.#sawSnapshot = true;
    this.#mirror.loadSnapshot(data.node, position);
    this.#passwords.sweep(this.#events);
    const title = this.#mirror.title();
    if (this.#untitled !== undefined && title !== undefined) {
      const { event, at } = this.#untitled;
      // A block selector that matches the page's <title> (`title`, `head *`) blocks the title the navigate shows.
      if (this.#isBlocked(this.#mirror.titleElement())) this.#events[at] = { ...event, fields: { ...event.fields, title: BLOCKED_PLACEHOLDER }, blocked: true, protects: [{ value: title, rule: 'blocked' }] };
      else event.fields.title = title;
    }
    this.#untitled = undefined;
  }

  #target(nodeId: number | undefined, position: EventPosition, what: string): ReturnType<DomMirror['get']> {
    if (!this.#mirror.hasSnapshot) {
      this.warnings.add('before-snapshot', 'interactions before any full snapshot: their targets are unknown', position);
      return undefined;
    }
    const node = this.#mirror.get(nodeId);
    if (node === undefined) this.warnings.add('unknown-target', `${what} on nodes that are not in the page: targets unknown`, position);
    return node;
  }

  #incremental(data: Record<string, unknown>, time: number, order: number, position: EventPosition): void {
    const source = data.source;
    if (typeof source !== 'number') {
      this.warnings.add('invalid-incremental', 'incremental snapshots without a numeric source ignored', position);
      return;
    }
    if (source === IncrementalSource.Mutation) {
      if (this.#mirror.hasSnapshot) {
        this.#mirror.applyMutation(data, position);
        this.#passwords.sweep(this.#events);
      } else this.warnings.add('before-snapshot', 'interactions before any full snapshot: their targets are unknown', position);
      const changed = ['adds', 'removes', 'texts', 'attributes'].some((key) => Array.isArray(data[key]) && (data[key] as unknown[]).length > 0);
      if (changed) this.#respond(time);
    } else if (source === IncrementalSource.MouseMove) {
      if (!Array.isArray(data.positions)) return;
      for (const point of data.positions) {
        if (!isObject(point) || typeof point.x !== 'number' || typeof point.y !== 'number') continue;
        this.#thrash.move(point.x, point.y, time + (numberOrUndefined(point.timeOffset) ?? 0), numberOrUndefined(point.id), order);
      }
    } else if (source === IncrementalSource.MouseInteraction) {
      this.#mouseInteraction(data, time, order, position);
    } else if (source === IncrementalSource.Input) {
      this.#input(data, time, order, position);
    } else if (source === IncrementalSource.Selection) {
      this.#selection(data, time, order);
    } else if (source === IncrementalSource.Log) {
      this.#consoleMessage(data, time, order);
    } else if (VISIBLE_CHANGE_SOURCES.has(source)) {
      this.#respond(time);
    } else if (!IGNORED_SOURCES.has(source)) {
      this.warnings.add(`unknown-source:${source}`, `incremental snapshots of unknown source ${source} ignored`, position);
    }
  }

  #mouseInteraction(data: Record<string, unknown>, time: number, order: number, position: EventPosition): void {
    const nodeId = numberOrUndefined(data.id);
    if (data.type === MouseInteraction.MouseDown) this.#mouseDown = time;
    else if (data.type === MouseInteraction.Blur) this.#inputs.blur(nodeId);
    if (data.type !== MouseInteraction.Click) return;
    const hit = this.#target(nodeId, position, 'clicks');
    const element = interactiveTarget(hit);
    const target = this.#targetOf(element, hit);
    // A handler that reacts on mouse-down answers the click before rrweb records it.
    const pressed = this.#mouseDown;
    const respondedEarly = pressed !== undefined && time - pressed <= DEAD_CLICK_WINDOW_MS && this.#lastResponse >= pressed;
    this.#mouseDown = undefined;
    this.#inputs.click(nodeId);
    this.#clicks.click({
      time,
      order,
      nodeId,
      x: numberOrUndefined(data.x),
      y: numberOrUndefined(data.y),
      target,
      editable: isEditable(element),
      respondedEarly,
    });
  }

  #input(data: Record<string, unknown>, time: number, order: number, position: EventPosition): void {
    this.#respond(time);
    const nodeId = numberOrUndefined(data.id);
    // Changes made by the page itself (userTriggered: false) answer a click but are not user input.
    if (nodeId === undefined || data.userTriggered === false) return;
    const element = elementOf(this.#target(nodeId, position, 'inputs'));
    const type = element?.attributes.get('type')?.toLowerCase();
    let value: string | boolean | undefined;
    if (element?.password === true) value = undefined;
    else if (type === 'checkbox') value = data.isChecked === true;
    else if (type === 'radio') {
      if (data.isChecked !== true) return;
      value = typeof data.text === 'string' ? clipInputValue(data.text) : true;
    } else value = typeof data.text === 'string' ? clipInputValue(data.text) : undefined;
    const selector = selectorFor(element);
    const field = element !== undefined && typeof value === 'string' && value !== '' ? this.options.field?.(element, value) : undefined;
    const typed = element?.password !== true && typeof data.text === 'string' ? data.text : undefined;
    const target = selector === undefined ? undefined : { selector, blocked: this.#isBlocked(element) };
    this.#inputs.input({ time, order, nodeId, target, value, typed, field, isPassword: this.#isPasswordField(element, nodeId) });
  }

  #selection(data: Record<string, unknown>, time: number, order: number): void {
    const ranges = Array.isArray(data.ranges) ? data.ranges.filter(isSelectionRange) : [];
    const range = ranges.find((candidate) => !isCollapsed(candidate));
    if (range === undefined) {
      this.#highlights.change({ time, order, nonEmpty: false, text: undefined, target: undefined });
      return;
    }
    this.#respond(time);
    this.#clicks.textSelected(time);
    const { text, container } = selectedText(range, (id) => this.#mirror.get(id), this.options.block?.matches);
    // A selection that starts or ends inside a blocked element shows part of its text.
    const blocked = [container, this.#mirror.get(range.start), this.#mirror.get(range.end)].some((node) => this.#isBlocked(node));
    this.#highlights.change({ time, order, nonEmpty: true, text, target: { selector: selectorFor(container), blocked } });
  }

  #consoleMessage(payload: unknown, time: number, order: number): void {
    const message = consoleErrorMessage(payload);
    if (message === undefined) return;
    this.#clicks.consoleError(time);
    this.#emit({ type: 'console-error', time, order, fields: { message } });
  }

  #plugin(data: Record<string, unknown>, time: number, order: number, position: EventPosition): void {
    if (data.plugin === CONSOLE_PLUGIN) return this.#consoleMessage(data.payload, time, order);
    if (data.plugin === NETWORK_PLUGIN) {
      for (const request of failedRequests(data.payload)) {
        const fields: Record<string, unknown> = { url: request.url };
        if (request.method !== undefined) fields.method = request.method;
        if (request.status !== undefined) fields.status = request.status;
        this.#emit({ type: 'network-error', time, order, fields });
      }
      return;
    }
    const name = typeof data.plugin === 'string' ? data.plugin : '(unnamed)';
    this.warnings.add(`unknown-plugin:${name}`, `events of plugin ${JSON.stringify(name)} ignored`, position);
  }

  #custom(data: Record<string, unknown>, time: number, order: number, position: EventPosition): void {
    const resolve = (nodeId: number) => {
      const element = elementOf(this.#mirror.get(nodeId));
      const target = this.#targetOf(element);
      return target === undefined ? undefined : { ...target, password: element?.password === true };
    };
    // Fields only: a selector naming a box holds no typed text of its own.
    const fieldsMatching = (selector: string) =>
      elementsMatching(selector, this.#mirror.root)
        .filter((element) => isEditable(element) || element.password)
        .map((element) => element.id);
    const result = customEventFields(data, { byId: resolve, fieldsMatching });
    if (!result.success) this.warnings.add('invalid-custom', result.problem, position);
    else {
      const { nodeId } = result;
      const isPassword = nodeId === undefined ? undefined : this.#isPasswordField(elementOf(this.#mirror.get(nodeId)), nodeId);
      this.#emitTyped({ type: result.type, time, order, fields: result.fields }, isPassword);
    }
  }
}
