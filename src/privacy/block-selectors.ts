// Matching a customer's block selectors (`#card-number`, `.private input`) against the element an
// event happened on. A session event records its element as a selector path
// (`form#checkout > div.row > input[name="card"]`); that path is read with css-what into the chain
// of elements it describes (each with its tag, id, classes and attributes, the one before it as
// its parent) and the block selectors are matched with css-select, a real CSS selector engine,
// against the last one and its ancestors (a blocked element blocks everything inside it). What the path does not say about an element (an attribute it omits, an
// ancestor between two parts joined by a space) is unknown: the chain holds only what was recorded.

import { compile, type Options } from 'css-select';
import { parse, type Selector } from 'css-what';

/** An element as a recorded selector path describes it. */
export interface PathElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly parent: PathElement | null;
  readonly children: PathElement[];
  /**
   * It and its siblings: itself alone, or after as many unknown elements as the position the path
   * records puts before it (`li:nth-child(3)`, `td:nth-of-type(2)`).
   */
  readonly siblings: PathElement[];
}

/** How css-select reads the elements a recorded selector path describes. */
export const pathElementAdapter: NonNullable<Options<PathElement, PathElement>['adapter']> = {
  isTag: (_node): _node is PathElement => true,
  getAttributeValue: (element, name) => element.attributes.get(name),
  getChildren: (node) => node.children,
  getName: (element) => element.name,
  getParent: (node) => node.parent,
  getSiblings: (node) => node.siblings,
  getText: () => '',
  hasAttrib: (element, name) => element.attributes.has(name),
  removeSubsets: (nodes) => nodes,
};

/** Where a compound selector puts its element among its siblings: `:nth-child(3)` (`ofType` false) or `:nth-of-type(2)`. */
interface StatedPosition {
  readonly index: number;
  readonly ofType: boolean;
}

/** The most siblings a recorded position puts before an element (a larger one is not kept). */
const MAX_POSITION = 1000;

/** The attributes one compound selector states (`#id`, `.class`, `[name="value"]`, `[flag]`), and its position when it states one. */
function statedAttributes(compound: readonly Selector[]): { name: string; attributes: Map<string, string>; position?: StatedPosition } {
  let name = '*';
  const attributes = new Map<string, string>();
  const classes: string[] = [];
  let position: StatedPosition | undefined;
  for (const part of compound) {
    if (part.type === 'tag') name = part.name.toLowerCase(); // HTML tag names are case-insensitive (recorders that use tagName write FORM)
    else if (part.type === 'attribute' && part.name === 'class' && part.action === 'element') classes.push(part.value);
    else if (part.type === 'attribute' && (part.action === 'equals' || part.action === 'exists')) attributes.set(part.name.toLowerCase(), part.value); // HTML attribute names too (`INPUT[TYPE=PASSWORD]`)
    else if (part.type === 'pseudo' && (part.name === 'nth-child' || part.name === 'nth-of-type') && typeof part.data === 'string' && /^\s*\d{1,4}\s*$/.test(part.data)) {
      const index = Number(part.data);
      if (index >= 1 && index <= MAX_POSITION) position = { index, ofType: part.name === 'nth-of-type' };
    }
  }
  if (classes.length > 0) attributes.set('class', classes.join(' '));
  return { name: name === '*' ? 'div' : name, attributes, ...(position === undefined ? {} : { position }) };
}

/** A name no element has: a sibling a recorded position says comes before an element, of which nothing else is known. */
const UNKNOWN_ELEMENT = 'recap-unrecorded';

/**
 * A recorded selector path read as CSS; else read again with the `:` inside its ids and classes
 * escaped, as recorders that write ids as they are leave them (React's `useId`: `div#radix-:r7:`,
 * `div#field-:r2:`); undefined when it is not CSS either way.
 */
function parsedPath(path: string): Selector[][] | undefined {
  try {
    return parse(path);
  } catch {
    try {
      return parse(path.replace(/[#.][^\s>+~#.[\]]*:[^\s>+~#.[\]]*/g, (name) => name.replace(/:/g, '\\:')));
    } catch {
      return undefined;
    }
  }
}

/** The element a recorded selector path ends at, with its recorded ancestors; undefined when the path is not CSS. */
export function elementOfSelectorPath(path: string): PathElement | undefined {
  const parsed = parsedPath(path);
  if (parsed === undefined) return undefined;
  // One selector (a list `a, b` names no single element: its first member is used).
  const parts = parsed[0];
  if (parts === undefined) return undefined;
  let parent: PathElement | null = null;
  let compound: Selector[] = [];
  const close = () => {
    if (compound.length === 0) return;
    const { name, attributes, position } = statedAttributes(compound);
    const siblings: PathElement[] = [];
    // The siblings its recorded position puts before it: of its own tag for `:nth-of-type`.
    for (let index = 1; index < (position?.index ?? 1); index++) siblings.push({ name: position?.ofType === true ? name : UNKNOWN_ELEMENT, attributes: new Map(), parent, children: [], siblings });
    const element: PathElement = { name, attributes, parent, children: [], siblings };
    siblings.push(element);
    parent?.children.push(element);
    parent = element;
    compound = [];
  };
  for (const part of parts) {
    if (part.type === 'child' || part.type === 'descendant' || part.type === 'adjacent' || part.type === 'sibling') close();
    else compound.push(part);
  }
  close();
  return parent ?? undefined;
}

/**
 * Block selectors compiled once, matched against recorded selector paths.
 *
 * @category Privacy
 */
export interface BlockSelectorMatcher {
  /** Whether the element `path` describes, or one of its recorded ancestors, matches a block selector (false for a path that is not CSS). */
  (path: string): boolean;
}

/**
 * Compiles block selectors (each already checked to parse) into one matcher. Results are kept per
 * path: a session names the same few elements again and again.
 *
 * @category Privacy
 */
export function compileBlockSelectors(selectors: readonly string[]): BlockSelectorMatcher {
  // A blank selector names no element, and in the joined list it would be an empty member that
  // breaks the others: a store may hold one from before blank selectors were refused.
  const named = selectors.filter((selector) => !/^[ \t\n\r\f]*$/.test(selector));
  if (named.length === 0) return () => false;
  const query = compile<PathElement, PathElement>(named.join(', '), { adapter: pathElementAdapter, xmlMode: false });
  const known = new Map<string, boolean>();
  return (path) => {
    let blocked = known.get(path);
    if (blocked === undefined) {
      blocked = false;
      // As in session replay, a blocked element blocks everything inside it.
      for (let element = elementOfSelectorPath(path) ?? null; element !== null && !blocked; element = element.parent) blocked = query(element);
      if (known.size < 10_000) known.set(path, blocked);
    }
    return blocked;
  };
}
