import { describe, expect, it } from 'vitest';
import { isCollapsed, selectedText } from './selection-text.js';
import { el } from './test-support/recording-builder.js';
import { mirrorOf } from './test-support/mirror-of.js';

describe('selectedText', () => {
  const { mirror, recording } = mirrorOf(el('div', { id: 'd' }, el('p', { id: 'a' }, 'Alpha beta'), el('p', { id: 'b' }, 'Gamma delta')));
  const lookup = (id: number) => mirror.get(id);

  it('slices one text node', () => {
    expect(selectedText({ start: recording.textId('a'), startOffset: 6, end: recording.textId('a'), endOffset: 10 }, lookup)).toMatchObject({ text: 'beta' });
  });

  it('walks from one text node to another in document order', () => {
    const result = selectedText({ start: recording.textId('a'), startOffset: 6, end: recording.textId('b'), endOffset: 5 }, lookup);
    expect(result.text).toBe('betaGamma');
    expect(result.container?.attributes.get('id')).toBe('d');
  });

  it('reads element boundaries as child offsets', () => {
    expect(selectedText({ start: recording.id('d'), startOffset: 1, end: recording.id('d'), endOffset: 2 }, lookup).text).toBe('Gamma delta');
  });

  it('has no text when a node is unknown', () => {
    expect(selectedText({ start: recording.textId('a'), startOffset: 0, end: 999, endOffset: 1 }, lookup).text).toBeUndefined();
  });

  it('knows a caret from a selection', () => {
    expect(isCollapsed({ start: 4, startOffset: 2, end: 4, endOffset: 2 })).toBe(true);
    expect(isCollapsed({ start: 4, startOffset: 2, end: 4, endOffset: 3 })).toBe(false);
  });
});
