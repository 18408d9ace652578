import { describe, expect, it } from 'vitest';
import { diffText } from './diff-lines.js';
import { lineText, type StyledLine } from './styled-line.js';

const text = (lines: readonly StyledLine[]) => lines.map((line) => lineText(line));

describe('diffText', () => {
  it('marks removed and added lines', () => {
    const diff = diffText('a\nb\nc', 'a\nB\nc');
    expect(text(diff.lines)).toEqual(['  a', '- b', '+ B', '  c']);
    expect([diff.added, diff.removed]).toEqual([1, 1]);
  });

  it('does not report the unchanged last line when lines are appended', () => {
    expect(text(diffText('a\nb', 'a\nb\nc').lines)).toEqual(['  a', '  b', '+ c']);
  });

  it('folds long unchanged stretches, keeping two lines of context', () => {
    const before = Array.from({ length: 50 }, (_, index) => `line ${index}`);
    const after = [...before];
    after[25] = 'changed';
    expect(text(diffText(before.join('\n'), after.join('\n')).lines)).toEqual([
      '  ⋯ 23 unchanged lines',
      '  line 23',
      '  line 24',
      '- line 25',
      '+ changed',
      '  line 26',
      '  line 27',
      '  ⋯ 22 unchanged lines',
    ]);
  });

  it('reports identical texts with no changes', () => {
    const diff = diffText('same\ntext', 'same\ntext');
    expect([diff.added, diff.removed, diff.tooLarge]).toEqual([0, 0, false]);
  });

  it('gives up on diffs beyond the edit limit instead of stalling the studio', () => {
    const before = Array.from({ length: 200 }, (_, index) => `a${index}`).join('\n');
    const after = Array.from({ length: 200 }, (_, index) => `b${index}`).join('\n');
    expect(diffText(before, after, { maxChangedLines: 10 }).tooLarge).toBe(true);
  });
});
