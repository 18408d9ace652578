import { describe, expect, it } from 'vitest';
import { interactiveTarget, isEditable, MAX_TARGET_TEXT_LENGTH, visibleText } from './element-text.js';
import { el, keyed } from './test-support/recording-builder.js';
import { mirrorOf } from './test-support/mirror-of.js';

function node(key: string, ...body: Parameters<typeof mirrorOf>) {
  const { mirror, recording } = mirrorOf(...body);
  return mirror.get(recording.id(key));
}

describe('interactiveTarget', () => {
  it('climbs from an icon or span to the button or link around it', () => {
    const button = el('button', { id: 'pay' }, el('span', {}, keyed('icon', el('svg', {})), 'Pay'));
    expect(interactiveTarget(node('icon', button))?.tag).toBe('button');
    expect(interactiveTarget(node('x', el('div', { role: 'button', id: 'r' }, keyed('x', el('span', {}, 'Menu')))))?.attributes.get('id')).toBe('r');
  });

  it('keeps the element itself when nothing interactive is near', () => {
    expect(interactiveTarget(node('cell', el('table', {}, el('tr', {}, keyed('cell', el('td', {}, '3'))))))?.tag).toBe('td');
  });
});

describe('visibleText', () => {
  it('collapses white space and cuts long texts', () => {
    expect(visibleText(node('b', el('button', { id: 'b' }, '  Apply\n   coupon ')))).toBe('Apply coupon');
    const long = visibleText(node('p', el('p', { id: 'p' }, 'word '.repeat(100))))!;
    expect(long).toHaveLength(MAX_TARGET_TEXT_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });

  it('falls back to aria-label, title and image alt text', () => {
    expect(visibleText(node('x', el('button', { id: 'x', 'aria-label': 'Close' })))).toBe('Close');
    expect(visibleText(node('x', el('a', { id: 'x', href: '/' }, el('img', { alt: 'Home' }))))).toBe('Home');
  });

  it('never uses what was typed into a field; a button input shows its value, a field its label', () => {
    expect(visibleText(node('q', el('textarea', { id: 'q' }, 'my private note')))).toBeUndefined();
    expect(visibleText(node('s', el('input', { id: 's', type: 'submit', value: 'Send' })))).toBe('Send');
    expect(visibleText(node('c', el('label', {}, 'Remember me ', el('input', { id: 'c', type: 'checkbox' }))))).toBe('Remember me');
  });
});

describe('isEditable', () => {
  it('is true for text fields, textareas, selects and contenteditable; false for buttons and checkboxes', () => {
    expect(isEditable(node('a', el('input', { id: 'a' })))).toBe(true);
    expect(isEditable(node('a', el('div', { id: 'a', contenteditable: 'true' })))).toBe(true);
    expect(isEditable(node('a', el('input', { id: 'a', type: 'checkbox' })))).toBe(false);
    expect(isEditable(node('a', el('button', { id: 'a' })))).toBe(false);
  });
});
