import { describe, expect, it } from 'vitest';
import { cssAttributeValue, selectorFor } from './element-selector.js';
import { el, keyed } from './test-support/recording-builder.js';
import { mirrorOf } from './test-support/mirror-of.js';

function selectorOf(key: string, ...body: Parameters<typeof mirrorOf>): string | undefined {
  const { mirror, recording } = mirrorOf(...body);
  return selectorFor(mirror.get(recording.id(key)));
}

describe('selectorFor', () => {
  it('uses the id: button#apply', () => {
    expect(selectorOf('apply', el('button', { id: 'apply', class: 'btn primary' }, 'Apply'))).toBe('button#apply');
  });

  it('uses a test id, then a field name, then a short link target, then label[for]', () => {
    expect(selectorOf('t', keyed('t', el('div', { 'data-testid': 'cart total' })))).toBe('div[data-testid="cart total"]');
    expect(selectorOf('coupon', el('input', { name: 'coupon' }))).toBe('input[name=coupon]');
    expect(selectorOf('l', keyed('l', el('a', { href: '/checkout' }, 'Go')))).toBe('a[href="/checkout"]');
    expect(selectorOf('f', keyed('f', el('label', { for: 'size-M' }, 'M')))).toBe('label[for=size-M]');
  });

  it('otherwise writes a short path with classes, anchored at the nearest ancestor with an id', () => {
    const body = el('aside', { id: 'summary' }, el('div', { class: 'row' }, keyed('total', el('span', { class: 'total-amount' }, '€9'))));
    expect(selectorOf('total', body)).toBe('aside#summary div.row span.total-amount');
  });

  it('adds :nth-of-type when siblings look the same', () => {
    const list = el('ul', { id: 'results' }, el('li', { class: 'card' }, 'a'), keyed('second', el('li', { class: 'card' }, 'b')), el('li', { class: 'ad' }, 'c'));
    expect(selectorOf('second', list)).toBe('ul#results li.card:nth-of-type(2)');
  });

  it('skips generated class names and ids that are not identifiers, and stops after three steps', () => {
    const deep = el('div', {}, el('div', {}, el('section', {}, el('div', { class: 'css-1x2y3z wrapper' }, keyed('x', el('p', { id: ':r1:', class: 'sc-bdVaJa note' }, 'x'))))));
    expect(selectorOf('x', deep)).toBe('section div.wrapper p.note');
  });

  it('names the element of a text node, and body and html by their tag', () => {
    const { mirror, recording } = mirrorOf(el('p', { id: 'p' }, 'text'));
    expect(selectorFor(mirror.get(recording.textId('p')))).toBe('p#p');
    expect(selectorFor(mirror.get(recording.id('p'))!.parent)).toBe('body');
    expect(selectorFor(undefined)).toBeUndefined();
  });

  it('quotes attribute values that are not identifiers', () => {
    expect(cssAttributeValue('coupon')).toBe('coupon');
    expect(cssAttributeValue('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
  });
});
