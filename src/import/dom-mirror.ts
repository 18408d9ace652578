// A light copy of the recorded page's DOM: built from a FullSnapshot, kept current with Mutation
// events, so that a node id in a click or selection resolves to an element, its text and a selector.
// Only what selectors, texts and password detection need is kept, so memory follows the live DOM.

import type { ImportWarnings } from './import-warnings.js';
import { SerializedNodeType, type EventPosition } from './rrweb-vocabulary.js';

export type MirrorNodeKind = 'document' | 'element' | 'text' | 'other';

/** One node of the mirror. Elements carry a lower-case tag and the attributes recap uses. */
export interface MirrorNode {
  readonly id: number;
  readonly kind: MirrorNodeKind;
  /** Lower-case tag name for elements, '' for other nodes. */
  readonly tag: string;
  readonly attributes: Map<string, string>;
  /** Text content of a text node ('' inside script and style, and for other kinds). */
  text: string;
  parent: MirrorNode | undefined;
  readonly children: MirrorNode[];
  /** True once the element has been a password field; it never carries a value again. */
  password: boolean;
}

// Attributes that selectors, visible texts and field types are made of. Everything else (style,
// src, inline data, rrweb's own rr_* values) is dropped, unless a block selector reads it: it can be
// large and says nothing here.
const KEPT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id', 'class', 'name', 'type', 'href', 'role', 'title', 'alt', 'for', 'value', 'placeholder',
  'aria-label', 'autocomplete', 'contenteditable', 'data-testid', 'data-test', 'data-test-id', 'data-cy',
  'data-qa', 'data-rr-is-password',
]);
const MAX_ATTRIBUTE_LENGTH = 500;
const MAX_TEXT_LENGTH = 10_000;
const NO_TEXT_PARENTS: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template']);
const MAX_ADD_ROUNDS = 20;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPasswordElement(node: MirrorNode): boolean {
  const type = node.attributes.get('type')?.toLowerCase();
  const autocomplete = node.attributes.get('autocomplete')?.toLowerCase() ?? '';
  return type === 'password' || node.attributes.has('data-rr-is-password') || autocomplete.endsWith('-password');
}

function keptValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > MAX_ATTRIBUTE_LENGTH ? value.slice(0, MAX_ATTRIBUTE_LENGTH) : value;
  if (typeof value === 'number' || value === true) return String(value);
  return undefined;
}

export interface DomMirrorOptions {
  /** Attributes kept besides recap's own: those that block selectors read (`data-private`, `aria-hidden`). */
  readonly keepAttributes?: Iterable<string> | undefined;
}

/** The mirror of one page; `reset` starts a new page (node ids restart with each FullSnapshot). */
export class DomMirror {
  readonly #nodes = new Map<number, MirrorNode>();
  readonly #kept: ReadonlySet<string>;
  #root: MirrorNode | undefined;

  constructor(
    private readonly warnings: ImportWarnings,
    options: DomMirrorOptions = {},
  ) {
    this.#kept = options.keepAttributes === undefined ? KEPT_ATTRIBUTES : new Set([...KEPT_ATTRIBUTES, ...options.keepAttributes]);
  }

  /** True once a FullSnapshot has been loaded. */
  get hasSnapshot(): boolean {
    return this.#root !== undefined;
  }

  get size(): number {
    return this.#nodes.size;
  }

  get root(): MirrorNode | undefined {
    return this.#root;
  }

  get(id: unknown): MirrorNode | undefined {
    return typeof id === 'number' ? this.#nodes.get(id) : undefined;
  }

  reset(): void {
    this.#nodes.clear();
    this.#root = undefined;
  }

  /** Replaces the mirror with the serialized document of a FullSnapshot. */
  loadSnapshot(serialized: unknown, position: EventPosition): void {
    this.reset();
    const root = this.#build(serialized, undefined, position);
    if (root === undefined) {
      this.warnings.add('invalid-snapshot', 'full snapshot without a serialized document; element targets unknown until the next one', position);
      return;
    }
    this.#root = root;
  }

  /** Applies one Mutation event's data: removes, then adds, then texts, then attributes (rrweb's order). */
  applyMutation(data: Record<string, unknown>, position: EventPosition): void {
    if (Array.isArray(data.removes)) for (const remove of data.removes) this.#remove(remove, position);
    if (Array.isArray(data.adds)) this.#addAll(data.adds, position);
    if (Array.isArray(data.texts)) {
      for (const change of data.texts) {
        if (!isObject(change)) continue;
        const node = this.#known(change.id, position);
        if (node !== undefined && node.kind === 'text' && !this.#insideNoText(node)) node.text = this.#clip(change.value);
      }
    }
    if (Array.isArray(data.attributes)) {
      for (const change of data.attributes) {
        if (!isObject(change) || !isObject(change.attributes)) continue;
        const node = this.#known(change.id, position);
        if (node === undefined || node.kind !== 'element') continue;
        for (const [name, value] of Object.entries(change.attributes)) {
          if (!this.#kept.has(name)) continue;
          const kept = keptValue(value);
          if (kept === undefined) node.attributes.delete(name);
          else node.attributes.set(name, kept);
        }
        if (isPasswordElement(node)) node.password = true;
      }
    }
  }

  /** The text of the page's <title>, when the snapshot has one. */
  /** The page's <title> element: in the head, else the first within four levels. */
  titleElement(): MirrorNode | undefined {
    const html = this.#root?.children.find((child) => child.tag === 'html');
    const head = html?.children.find((child) => child.tag === 'head');
    return head?.children.find((child) => child.tag === 'title') ?? findTag(this.#root, 'title', 4);
  }

  title(): string | undefined {
    const title = this.titleElement();
    if (title === undefined) return undefined;
    const text = title.children.map((child) => child.text).join('').replace(/\s+/g, ' ').trim();
    return text === '' ? undefined : text;
  }

  #known(id: unknown, position: EventPosition): MirrorNode | undefined {
    const node = this.get(id);
    if (node === undefined) this.#unknownNode(position);
    return node;
  }

  #unknownNode(position: EventPosition): void {
    this.warnings.add('unknown-node', 'mutation refers to a node that is not in the page (no full snapshot, or referenced before it exists)', position);
  }

  #clip(value: unknown): string {
    if (typeof value !== 'string') return '';
    return value.length > MAX_TEXT_LENGTH ? value.slice(0, MAX_TEXT_LENGTH) : value;
  }

  #insideNoText(node: MirrorNode): boolean {
    return node.parent !== undefined && NO_TEXT_PARENTS.has(node.parent.tag);
  }

  /** Builds a serialized node and its subtree (iteratively: pages can nest deeply). */
  #build(serialized: unknown, parent: MirrorNode | undefined, position: EventPosition): MirrorNode | undefined {
    const first = this.#create(serialized, parent);
    if (first === undefined) return undefined;
    const stack: Array<{ node: MirrorNode; serialized: Record<string, unknown> }> = [{ node: first, serialized: serialized as Record<string, unknown> }];
    while (stack.length > 0) {
      const { node, serialized: source } = stack.pop()!;
      if (!Array.isArray(source.childNodes)) continue;
      for (const child of source.childNodes) {
        const built = this.#create(child, node);
        if (built === undefined) {
          this.warnings.add('invalid-node', 'serialized node without a numeric id or type skipped', position);
          continue;
        }
        node.children.push(built);
        stack.push({ node: built, serialized: child as Record<string, unknown> });
      }
    }
    return first;
  }

  #create(serialized: unknown, parent: MirrorNode | undefined): MirrorNode | undefined {
    if (!isObject(serialized) || typeof serialized.id !== 'number' || typeof serialized.type !== 'number') return undefined;
    const previous = this.#nodes.get(serialized.id);
    if (previous !== undefined) this.#detach(previous);
    let kind: MirrorNodeKind = 'other';
    if (serialized.type === SerializedNodeType.Document) kind = 'document';
    else if (serialized.type === SerializedNodeType.Element) kind = 'element';
    else if (serialized.type === SerializedNodeType.Text) kind = 'text';
    const node: MirrorNode = {
      id: serialized.id,
      kind,
      tag: kind === 'element' && typeof serialized.tagName === 'string' ? serialized.tagName.toLowerCase() : '',
      attributes: new Map(),
      text: '',
      parent,
      children: [],
      password: false,
    };
    if (kind === 'element' && isObject(serialized.attributes)) {
      for (const [name, value] of Object.entries(serialized.attributes)) {
        if (!this.#kept.has(name)) continue;
        const kept = keptValue(value);
        if (kept !== undefined) node.attributes.set(name, kept);
      }
      node.password = isPasswordElement(node);
    }
    if (kind === 'text' && !(parent !== undefined && NO_TEXT_PARENTS.has(parent.tag)) && serialized.isStyle !== true) {
      node.text = this.#clip(serialized.textContent);
    }
    this.#nodes.set(node.id, node);
    return node;
  }

  #remove(remove: unknown, position: EventPosition): void {
    if (!isObject(remove)) return;
    const node = this.get(remove.id);
    if (node === undefined) {
      this.#unknownNode(position);
      return;
    }
    this.#detach(node);
  }

  /** Takes a node and its subtree out of the page and out of the id map. */
  #detach(node: MirrorNode): void {
    if (node.parent !== undefined) {
      const index = node.parent.children.indexOf(node);
      if (index >= 0) node.parent.children.splice(index, 1);
      node.parent = undefined;
    }
    if (node === this.#root) this.#root = undefined;
    const stack = [node];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (this.#nodes.get(current.id) === current) this.#nodes.delete(current.id);
      stack.push(...current.children);
    }
  }

  // rrweb lists added nodes so that a parent and the next sibling usually exist already; when
  // they do not, the add waits for a later round, as rrweb's replayer does.
  #addAll(adds: readonly unknown[], position: EventPosition): void {
    let pending = adds.filter(isObject);
    for (let round = 0; pending.length > 0; round++) {
      const last = round >= MAX_ADD_ROUNDS;
      const waiting: Array<Record<string, unknown>> = [];
      for (const add of pending) {
        const parent = this.get(add.parentId);
        const nextId = add.nextId;
        const nextKnown = nextId === null || nextId === undefined || this.get(nextId) !== undefined;
        if (parent === undefined || !nextKnown) {
          if (!last) {
            waiting.push(add);
            continue;
          }
        }
        this.#insert(add, parent, position);
      }
      if (waiting.length === pending.length) {
        for (const add of waiting) this.#insert(add, this.get(add.parentId), position);
        return;
      }
      pending = waiting;
    }
  }

  #insert(add: Record<string, unknown>, parent: MirrorNode | undefined, position: EventPosition): void {
    if (parent === undefined) this.#unknownNode(position);
    const node = this.#build(add.node, parent, position);
    if (node === undefined) {
      this.warnings.add('invalid-node', 'serialized node without a numeric id or type skipped', position);
      return;
    }
    if (parent === undefined) return; // kept in the id map, detached, so later events still resolve it
    const next = this.get(add.nextId);
    const index = next === undefined ? -1 : parent.children.indexOf(next);
    if (index >= 0) parent.children.splice(index, 0, node);
    else parent.children.push(node);
  }
}

function findTag(root: MirrorNode | undefined, tag: string, depth: number): MirrorNode | undefined {
  if (root === undefined || depth < 0) return undefined;
  for (const child of root.children) {
    if (child.tag === tag) return child;
    const found = findTag(child, tag, depth - 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
