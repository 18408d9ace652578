// Builds small rrweb recordings for tests, event by event, in the shapes rrweb 2 writes them:
// pages (Meta + FullSnapshot), clicks, inputs, mutations, selections, mouse moves, plugin and
// custom events. Elements are named by a key (their id or name attribute, or an explicit key).

import { CONSOLE_PLUGIN, NETWORK_PLUGIN, type RrwebEvent } from '../rrweb-vocabulary.js';

export const START = Date.parse('2026-03-01T10:00:00.000Z');

/** The ISO timestamp `offset` ms after START. */
export const iso = (offset: number): string => new Date(START + offset).toISOString();

export interface NodeSpec {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly Child[];
  readonly key?: string;
}
export type Child = NodeSpec | string;

/** `<tag attributes>children</tag>`; strings are text nodes. */
export const el = (tag: string, attributes: Record<string, string> = {}, ...children: Child[]): NodeSpec => ({ tag, attributes, children });

/** An element named `key` in the builder, for elements without an id or name. */
export const keyed = (key: string, spec: NodeSpec): NodeSpec => ({ ...spec, key });

export interface PageOptions {
  readonly href: string;
  readonly title?: string;
  readonly width?: number;
  readonly height?: number;
  readonly body: readonly Child[];
  /** Milliseconds between the Meta and the FullSnapshot (default 0). */
  readonly snapshotAfter?: number;
}

type Json = Record<string, unknown>;

export class RecordingBuilder {
  readonly events: RrwebEvent[] = [];
  #nextId = 1;
  readonly #ids = new Map<string, number>();
  readonly #textIds = new Map<string, number>();

  /** Node id of the element named `key`. */
  id(key: string): number {
    const id = this.#ids.get(key);
    if (id === undefined) throw new Error(`no element named ${key}`);
    return id;
  }

  /** Node id of the first text node inside the element named `key`. */
  textId(key: string): number {
    const id = this.#textIds.get(key);
    if (id === undefined) throw new Error(`element ${key} has no text`);
    return id;
  }

  raw(event: { type: number; timestamp: number; data?: unknown }): this {
    this.events.push(event);
    return this;
  }

  #push(offset: number, type: number, data: unknown): this {
    return this.raw({ type, data, timestamp: START + offset });
  }

  #incremental(offset: number, data: Json): this {
    return this.#push(offset, 3, data);
  }

  /** A new page: Meta then FullSnapshot at `offset`; node ids restart, as with a real page load. */
  page(offset: number, options: PageOptions): this {
    this.#nextId = 1;
    this.#ids.clear();
    this.#textIds.clear();
    const documentId = this.#nextId++;
    const doctype = { type: 1, name: 'html', publicId: '', systemId: '', id: this.#nextId++ };
    const head = el('head', {}, ...(options.title === undefined ? [] : [el('title', {}, options.title)]));
    const html = this.#serialize(el('html', { lang: 'en' }, head, el('body', {}, ...options.body)));
    this.#push(offset, 4, { href: options.href, width: options.width ?? 1280, height: options.height ?? 800 });
    return this.#push(offset + (options.snapshotAfter ?? 0), 2, { node: { type: 0, childNodes: [doctype, html], id: documentId }, initialOffset: { top: 0, left: 0 } });
  }

  /** Serializes a subtree as rrweb-snapshot does, giving ids in document order. */
  #serialize(child: Child, parentKey?: string): Json {
    const id = this.#nextId++;
    if (typeof child === 'string') {
      if (parentKey !== undefined && !this.#textIds.has(parentKey)) this.#textIds.set(parentKey, id);
      return { type: 3, textContent: child, id };
    }
    const key = child.key ?? child.attributes.id ?? child.attributes.name;
    if (key !== undefined && !this.#ids.has(key)) this.#ids.set(key, id);
    const node: Json = { type: 2, tagName: child.tag, attributes: { ...child.attributes }, childNodes: [], id };
    node.childNodes = child.children.map((grandchild) => this.#serialize(grandchild, key));
    return node;
  }

  /** A click on `key` at (x, y); with `press`, a MouseDown this many ms before it. */
  click(offset: number, key: string, options: { x?: number; y?: number; press?: number } = {}): this {
    const id = this.id(key);
    const x = options.x ?? 100;
    const y = options.y ?? 100;
    if (options.press !== undefined) this.#incremental(offset - options.press, { source: 2, type: 1, id, x, y });
    return this.#incremental(offset, { source: 2, type: 2, id, x, y, pointerType: 0 });
  }

  /** Any MouseInteraction (`type` from MouseInteraction) on `key`. */
  interaction(offset: number, key: string, type: number): this {
    return this.#incremental(offset, { source: 2, type, id: this.id(key) });
  }

  input(offset: number, key: string, text: string, extra: Json = {}): this {
    return this.#incremental(offset, { source: 5, text, isChecked: false, id: this.id(key), ...extra });
  }

  /** Typing `text` one character every `every` ms, as rrweb records it (the whole value each time). */
  type(offset: number, key: string, text: string, every = 250): this {
    for (let index = 1; index <= text.length; index++) this.input(offset + (index - 1) * every, key, text.slice(0, index));
    return this;
  }

  /** Appends `spec` under `parentKey` (a Mutation with one add). */
  add(offset: number, parentKey: string, spec: Child): this {
    const node = this.#serialize(spec);
    return this.mutation(offset, { adds: [{ parentId: this.id(parentKey), nextId: null, node }] });
  }

  mutation(offset: number, changes: Json): this {
    return this.#incremental(offset, { source: 0, texts: [], attributes: [], removes: [], adds: [], ...changes });
  }

  scroll(offset: number, y = 200): this {
    return this.#incremental(offset, { source: 3, id: 1, x: 0, y });
  }

  /** A selection from `startOffset` in the text of `startKey` to `endOffset` in the text of `endKey`. */
  select(offset: number, startKey: string, startOffset: number, endKey: string, endOffset: number): this {
    return this.#incremental(offset, {
      source: 14,
      ranges: [{ start: this.textId(startKey), startOffset, end: this.textId(endKey), endOffset }],
    });
  }

  /** Mouse positions `[x, y, ms after offset]` over `key`, emitted as one batch at the last one. */
  moves(offset: number, points: ReadonlyArray<readonly [number, number, number]>, key?: string): this {
    const last = points.at(-1)?.[2] ?? 0;
    const id = key === undefined ? 1 : this.id(key);
    const positions = points.map(([x, y, at]) => ({ x, y, id, timeOffset: at - last }));
    return this.#incremental(offset + last, { source: 1, positions });
  }

  /** console.error(...args) as the console plugin records it (each argument JSON-stringified). */
  consoleError(offset: number, ...args: unknown[]): this {
    return this.console(offset, 'error', ...args);
  }

  console(offset: number, level: string, ...args: unknown[]): this {
    const payload = args.map((argument) => JSON.stringify(argument));
    return this.#push(offset, 6, { plugin: CONSOLE_PLUGIN, payload: { level, trace: ['handler (https://shop.example/app.js:1:1)'], payload } });
  }

  network(offset: number, requests: readonly Json[]): this {
    return this.#push(offset, 6, { plugin: NETWORK_PLUGIN, payload: { requests } });
  }

  custom(offset: number, tag: string, payload?: unknown): this {
    return this.#push(offset, 5, { tag, payload });
  }
}
