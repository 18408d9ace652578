// The text a recorded selection covers, read from the mirror between its two boundary points,
// and the element that contains it.

import type { MirrorNode } from './dom-mirror.js';
import { clipText, type HiddenNode } from './element-text.js';
import { elementOf } from './element-selector.js';

/** Longest highlighted text kept (white space collapsed); longer selections end with an ellipsis. */
export const MAX_HIGHLIGHT_TEXT_LENGTH = 200;
const MAX_VISITED_NODES = 10_000;

/** A selection range as rrweb records it: node ids and offsets (characters in text, children in elements). */
export interface SelectionRange {
  readonly start: number;
  readonly startOffset: number;
  readonly end: number;
  readonly endOffset: number;
}

export interface SelectedText {
  /** The selected text, or undefined when the mirror does not hold the nodes. */
  readonly text: string | undefined;
  /** The innermost element containing both ends. */
  readonly container: MirrorNode | undefined;
}

/** True for a well-formed recorded range. */
export function isSelectionRange(value: unknown): value is SelectionRange {
  if (typeof value !== 'object' || value === null) return false;
  const range = value as Record<string, unknown>;
  return typeof range.start === 'number' && typeof range.end === 'number' && typeof range.startOffset === 'number' && typeof range.endOffset === 'number';
}

/** True when a range selects nothing (a caret). */
export function isCollapsed(range: SelectionRange): boolean {
  return range.start === range.end && range.startOffset === range.endOffset;
}

function nextAfterSubtree(node: MirrorNode): MirrorNode | undefined {
  let current: MirrorNode | undefined = node;
  while (current?.parent !== undefined) {
    const siblings = current.parent.children;
    const index = siblings.indexOf(current);
    if (index >= 0 && index + 1 < siblings.length) return siblings[index + 1];
    current = current.parent;
  }
  return undefined;
}

const nextInDocument = (node: MirrorNode): MirrorNode | undefined => node.children[0] ?? nextAfterSubtree(node);

function isInside(node: MirrorNode, ancestor: MirrorNode): boolean {
  for (let current: MirrorNode | undefined = node; current !== undefined; current = current.parent) if (current === ancestor) return true;
  return false;
}

function commonAncestor(first: MirrorNode, second: MirrorNode): MirrorNode | undefined {
  const ancestors = new Set<MirrorNode>();
  for (let current: MirrorNode | undefined = first; current !== undefined; current = current.parent) ancestors.add(current);
  for (let current: MirrorNode | undefined = second; current !== undefined; current = current.parent) {
    if (ancestors.has(current)) return current;
  }
  return undefined;
}

/** Reads the text of `range` from the mirror (`lookup` resolves node ids), leaving out the text inside `hidden` elements between its ends. */
export function selectedText(range: SelectionRange, lookup: (id: number) => MirrorNode | undefined, hidden?: HiddenNode): SelectedText {
  const start = lookup(range.start);
  const end = lookup(range.end);
  if (start === undefined || end === undefined) return { text: undefined, container: elementOf(start ?? end) };
  const container = elementOf(commonAncestor(start, end));
  if (start === end && start.kind === 'text') {
    return { text: clipText(start.text.slice(range.startOffset, range.endOffset), MAX_HIGHLIGHT_TEXT_LENGTH), container };
  }
  // Where the walk stops: inside the end text node, or before the end element's child at endOffset.
  const stopAt = end.kind === 'text' ? undefined : (end.children[range.endOffset] ?? nextAfterSubtree(end));
  let text = '';
  let current: MirrorNode | undefined;
  if (start.kind === 'text') {
    text = start.text.slice(range.startOffset);
    current = nextAfterSubtree(start);
  } else {
    current = start.children[range.startOffset] ?? nextAfterSubtree(start);
  }
  for (let visited = 0; current !== undefined && visited < MAX_VISITED_NODES; visited++) {
    if (current === stopAt) break;
    if (hidden?.(current) === true) {
      if (isInside(end, current)) break;
      current = nextAfterSubtree(current);
      continue;
    }
    if (current === end && end.kind === 'text') {
      text += end.text.slice(0, range.endOffset);
      break;
    }
    if (current.kind === 'text') text += current.text;
    if (text.length > MAX_HIGHLIGHT_TEXT_LENGTH * 4) break;
    current = nextInDocument(current);
  }
  return { text: clipText(text, MAX_HIGHLIGHT_TEXT_LENGTH), container };
}
