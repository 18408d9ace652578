// Block selectors matched against the mirrored page itself (`recap import rrweb --privacy`): the
// element an event happened on, with the attributes the selectors read and its real ancestors, so
// `[data-private] input` or `.secret-zone *` match where the recorded selector path (`input#email`)
// says nothing of them. css-select runs the selectors over the mirror through an adapter.

import { compile, selectAll, type Options } from 'css-select';
import { parse, type Selector } from 'css-what';
import type { MirrorNode } from './dom-mirror.js';
import { textContent } from './element-text.js';

/** Attributes that css-select's form and language pseudo-classes read (`:checked`, `:disabled`, `:lang()`, ...). */
const PSEUDO_CLASS_ATTRIBUTES = ['checked', 'selected', 'multiple', 'disabled', 'required', 'readonly', 'lang', 'xml:lang'];
/** How much of an element's text `:contains()` reads. */
const CONTAINS_TEXT_LIMIT = 10_000;

/**
 * The parent a selector reads: an element of a frame's document has the `<iframe>` as its parent,
 * so that `[data-private] input` blocks a field of a frame inside a private box, as the page shows
 * it (a browser's selectors stop at the frame's document; a rule meant to protect should not).
 */
function crossingFrames(node: MirrorNode): MirrorNode | null {
  let parent = node.parent;
  while (parent !== undefined && parent.kind !== 'element' && parent.parent !== undefined) parent = parent.parent;
  return parent ?? null;
}

const adapter: NonNullable<Options<MirrorNode, MirrorNode>['adapter']> = {
  isTag: (node): node is MirrorNode => node.kind === 'element',
  getAttributeValue: (element, name) => element.attributes.get(name),
  getChildren: (node) => node.children,
  getName: (element) => element.tag,
  getParent: crossingFrames,
  getSiblings: (node) => node.parent?.children ?? [node],
  getText: (node) => textContent(node, CONTAINS_TEXT_LIMIT),
  hasAttrib: (element, name) => element.attributes.has(name),
  removeSubsets: (nodes) => nodes,
};

/**
 * Block selectors compiled once for the mirror.
 */
export interface DomBlockMatcher {
  /** Attribute names the selectors read: the mirror keeps them besides its own. */
  readonly attributes: ReadonlySet<string>;
  /** Whether a block selector matches this node itself (only elements can match). */
  readonly matches: (node: MirrorNode) => boolean;
  /** Whether the node or an ancestor of it matches: a blocked element blocks everything inside it. */
  readonly isBlocked: (node: MirrorNode | undefined) => boolean;
}

/** Every attribute name a parsed selector reads, inside `:not()`, `:is()`, `:has()` too. */
function collectAttributes(selectors: readonly Selector[][], names: Set<string>): void {
  for (const selector of selectors) {
    for (const token of selector) {
      if (token.type === 'attribute') names.add(token.name.toLowerCase());
      else if (token.type === 'pseudo' && Array.isArray(token.data)) collectAttributes(token.data, names);
    }
  }
}

/**
 * Compiles block selectors (each already checked to parse, as privacy rules are) into a matcher
 * over the mirror. Nothing is cached: the page changes between events.
 */
export function compileDomBlockSelectors(selectors: readonly string[]): DomBlockMatcher {
  const attributes = new Set<string>(PSEUDO_CLASS_ATTRIBUTES);
  for (const selector of selectors) collectAttributes(parse(selector), attributes);
  const query = selectors.length === 0 ? () => false : compile<MirrorNode, MirrorNode>(selectors.join(', '), { adapter, xmlMode: false });
  const matches = (node: MirrorNode) => node.kind === 'element' && query(node);
  const isBlocked = (node: MirrorNode | undefined) => {
    for (let current = node; current !== undefined; current = current.parent) if (matches(current)) return true;
    return false;
  };
  return { attributes, matches, isBlocked };
}

/**
 * The elements of the mirror under `root` that `selector` matches (a selector a custom event's
 * payload names its field by); none when the selector does not parse.
 */
export function elementsMatching(selector: string, root: MirrorNode | undefined): MirrorNode[] {
  if (root === undefined) return [];
  try {
    return selectAll<MirrorNode, MirrorNode>(selector, root, { adapter, xmlMode: false });
  } catch {
    return [];
  }
}
