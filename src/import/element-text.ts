// The visible text of an element as a user would name it ("Apply coupon"), and the element a
// click means: the button or link around the span or icon that was actually hit.

import type { MirrorNode } from './dom-mirror.js';
import { elementOf } from './element-selector.js';
import { cutText } from './clip-text.js';

/** Longest target text kept; longer texts end with an ellipsis. */
export const MAX_TARGET_TEXT_LENGTH = 80;
/** How far up from the hit node a click looks for a button, link, field or label. */
export const MAX_INTERACTIVE_ANCESTOR_DEPTH = 5;
const MAX_VISITED_NODES = 2_000;
const INTERACTIVE_TAGS: ReadonlySet<string> = new Set(['a', 'button', 'input', 'select', 'textarea', 'label', 'summary', 'option']);
const INTERACTIVE_ROLES: ReadonlySet<string> = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option']);
const BUTTON_INPUTS: ReadonlySet<string> = new Set(['button', 'submit', 'reset']);
const NO_TEXT: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'head']);
// Fields whose content is what the user typed: their text is an input value, reported (masked or
// not) by input-change only, never as the name of a click target.
const FIELD_TAGS: ReadonlySet<string> = new Set(['input', 'textarea', 'select']);

/** Whether nothing inside a node is read as text: an element a block selector matches (`--privacy`). */
export type HiddenNode = (node: MirrorNode) => boolean;

/** The clicked element, or its nearest button/link/field/label ancestor within a few levels. */
export function interactiveTarget(node: MirrorNode | undefined): MirrorNode | undefined {
  const element = elementOf(node);
  let current = element;
  for (let depth = 0; current !== undefined && current.kind === 'element' && depth <= MAX_INTERACTIVE_ANCESTOR_DEPTH; depth++) {
    const role = current.attributes.get('role');
    if (INTERACTIVE_TAGS.has(current.tag) || (role !== undefined && INTERACTIVE_ROLES.has(role))) return current;
    current = current.parent;
  }
  return element;
}

/** True for fields a user types into or picks from: clicking one focuses it, a visible response. */
export function isEditable(element: MirrorNode | undefined): boolean {
  if (element === undefined) return false;
  if (element.tag === 'textarea' || element.tag === 'select') return true;
  const editable = element.attributes.get('contenteditable');
  if (editable !== undefined && editable !== 'false') return true;
  if (element.tag !== 'input') return false;
  const type = element.attributes.get('type')?.toLowerCase() ?? 'text';
  return !BUTTON_INPUTS.has(type) && type !== 'image' && type !== 'checkbox' && type !== 'radio' && type !== 'hidden';
}

/** Collapses white space and cuts at `limit` characters with an ellipsis. */
export function clipText(text: string, limit: number = MAX_TARGET_TEXT_LENGTH): string {
  return cutText(text.replace(/\s+/g, ' ').trim(), limit, true);
}

/** The text content under a node, in document order, stopping after about `limit` characters; `hidden` subtrees are left out. */
export function textContent(node: MirrorNode, limit: number, hidden?: HiddenNode): string {
  let text = '';
  let visited = 0;
  const stack: MirrorNode[] = [node];
  while (stack.length > 0 && text.length <= limit && visited < MAX_VISITED_NODES) {
    const current = stack.pop()!;
    visited++;
    if (current.kind === 'text') {
      text += current.text;
      continue;
    }
    if (NO_TEXT.has(current.tag) || FIELD_TAGS.has(current.tag) || hidden?.(current) === true) continue;
    for (let index = current.children.length - 1; index >= 0; index--) stack.push(current.children[index]!);
  }
  return text;
}

function firstImageAlt(node: MirrorNode, hidden: HiddenNode | undefined): string | undefined {
  const stack = [node];
  for (let visited = 0; stack.length > 0 && visited < 200; visited++) {
    const current = stack.pop()!;
    if (hidden?.(current) === true) continue;
    const alt = current.tag === 'img' ? current.attributes.get('alt') : undefined;
    if (alt !== undefined && alt.trim() !== '') return alt;
    stack.push(...current.children);
  }
  return undefined;
}

/** What a user would call the element: its text, else aria-label, title or an image's alt; nothing from inside `hidden` elements. */
export function visibleText(node: MirrorNode | undefined, hidden?: HiddenNode): string | undefined {
  const element = elementOf(node);
  if (element === undefined) return undefined;
  const { tag, attributes } = element;
  if (tag === 'input') {
    const type = attributes.get('type')?.toLowerCase() ?? 'text';
    if (BUTTON_INPUTS.has(type)) return nonEmpty(attributes.get('value'));
    if (type === 'image') return nonEmpty(attributes.get('alt'));
    return nonEmpty(attributes.get('aria-label')) ?? enclosingLabelText(element, hidden);
  }
  if (FIELD_TAGS.has(tag)) return nonEmpty(attributes.get('aria-label')) ?? enclosingLabelText(element, hidden);
  const text = clipText(textContent(element, MAX_TARGET_TEXT_LENGTH * 2, hidden));
  if (text !== '') return text;
  return nonEmpty(attributes.get('aria-label')) ?? nonEmpty(attributes.get('title')) ?? nonEmpty(firstImageAlt(element, hidden));
}

// `<label>Remember me <input type=checkbox></label>`: the label names the field.
function enclosingLabelText(field: MirrorNode, hidden: HiddenNode | undefined): string | undefined {
  let current = field.parent;
  for (let depth = 0; current !== undefined && depth < 3; depth++, current = current.parent) {
    if (current.tag === 'label') return nonEmpty(textContent(current, MAX_TARGET_TEXT_LENGTH * 2, hidden));
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const clipped = clipText(value);
  return clipped === '' ? undefined : clipped;
}
