// A short CSS selector for a mirrored element, in the style people write by hand:
// `button#apply`, `input[name=coupon]`, `a[href="/checkout"]`, else a path of up to three steps
// with classes and :nth-of-type, anchored at the nearest ancestor that has an id.

import type { MirrorNode } from './dom-mirror.js';

/** Steps of a path selector below its anchor. */
export const MAX_SELECTOR_STEPS = 3;
const MAX_CLASSES = 2;
const MAX_HREF_LENGTH = 60;
/** A CSS identifier that needs no escaping (an id or class a selector can name as it is). */
export const IDENTIFIER = /^-?[A-Za-z_][\w-]*$/;
// Class names that build tools generate (css-1x2y3z, sc-bdVaJa, hashes) change between releases.
const GENERATED_CLASS = /^(css|sc|jsx|emotion|svelte)-|[0-9a-f]{6,}|^_|\d{3,}/i;
const TEST_ATTRIBUTES = ['data-testid', 'data-test', 'data-test-id', 'data-cy', 'data-qa'];
const NAMED_TAGS: ReadonlySet<string> = new Set(['input', 'select', 'textarea', 'button', 'form', 'iframe']);

/** An attribute value as a CSS selector writes it: bare when it is an identifier, quoted otherwise. */
export function cssAttributeValue(value: string): string {
  return IDENTIFIER.test(value) ? value : `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}

/** The element itself for elements; the parent element for text and other nodes. */
export function elementOf(node: MirrorNode | undefined): MirrorNode | undefined {
  let current = node;
  while (current !== undefined && current.kind !== 'element') current = current.parent;
  return current;
}

/** A selector that names the element on its own (id, test id, name, link target), if it has one. */
function anchorSelector(element: MirrorNode): string | undefined {
  const { tag, attributes } = element;
  const id = attributes.get('id');
  if (id !== undefined && IDENTIFIER.test(id)) return `${tag}#${id}`;
  for (const name of TEST_ATTRIBUTES) {
    const value = attributes.get(name);
    if (value !== undefined && value !== '') return `${tag}[${name}=${cssAttributeValue(value)}]`;
  }
  const name = attributes.get('name');
  if (name !== undefined && name !== '' && NAMED_TAGS.has(tag)) return `${tag}[name=${cssAttributeValue(name)}]`;
  if (tag === 'a') {
    const href = attributes.get('href');
    if (href !== undefined && href !== '' && href !== '#' && !href.startsWith('javascript:') && href.length <= MAX_HREF_LENGTH) {
      return `a[href=${cssAttributeValue(href)}]`;
    }
  }
  if (tag === 'label') {
    const target = attributes.get('for');
    if (target !== undefined && target !== '') return `label[for=${cssAttributeValue(target)}]`;
  }
  return undefined;
}

function classPart(element: MirrorNode): string {
  const classes = (element.attributes.get('class') ?? '')
    .split(/\s+/)
    .filter((name) => name !== '' && IDENTIFIER.test(name) && !GENERATED_CLASS.test(name))
    .slice(0, MAX_CLASSES);
  return classes.map((name) => `.${name}`).join('');
}

/** `li.item:nth-of-type(2)`: tag, classes, and a position when siblings look the same. */
function step(element: MirrorNode): string {
  const base = `${element.tag}${classPart(element)}`;
  const parent = element.parent;
  if (parent === undefined) return base;
  let position = 0;
  let sameTag = 0;
  let lookAlike = false;
  for (const sibling of parent.children) {
    if (sibling.kind !== 'element' || sibling.tag !== element.tag) continue;
    sameTag++;
    if (sibling === element) position = sameTag;
    else if (!lookAlike && `${sibling.tag}${classPart(sibling)}` === base) lookAlike = true;
  }
  return lookAlike ? `${base}:nth-of-type(${position})` : base;
}

/** The selector of a node (of its element, for a text node); undefined when it has no element. */
export function selectorFor(node: MirrorNode | undefined): string | undefined {
  const element = elementOf(node);
  if (element === undefined) return undefined;
  const own = anchorSelector(element);
  if (own !== undefined) return own;
  if (element.tag === 'html' || element.tag === 'body' || element.tag === 'head') return element.tag;
  const steps = [step(element)];
  let current = element.parent;
  while (current !== undefined && current.kind === 'element' && current.tag !== 'body' && current.tag !== 'html') {
    const anchor = anchorSelector(current);
    if (anchor !== undefined) {
      steps.unshift(anchor);
      break;
    }
    if (steps.length >= MAX_SELECTOR_STEPS) break;
    steps.unshift(step(current));
    current = current.parent;
  }
  return steps.join(' ');
}
