import { describe, expect, it } from 'vitest';
import { parseProfile, parseSession, prepare } from '../index.js';
import { promptLines, promptLinesAround, promptSection } from './prompt-lines.js';
import { SESSION_JSON } from './test-support/studio-fixtures.js';

describe('promptLines', () => {
  it('locates the session block between the pre and post prompts', () => {
    const prepared = prepare(parseProfile('llm:\n  pre_prompt: "first\\nsecond"\n  post_prompt: after\n'), parseSession(SESSION_JSON));
    const lines = promptLines(prepared.prompt, prepared.sessionBlock);
    expect(lines.lines[lines.sessionStart]).toMatch(/^<session id=/);
    expect(lines.lines[lines.sessionEnd]).toBe('</session>');
    expect(promptSection(lines, 0)).toBe('pre');
    expect(promptSection(lines, lines.sessionStart + 1)).toBe('session');
    expect(lines.lines.at(-1)).toBe('after');
    expect(promptSection(lines, lines.lines.length - 1)).toBe('post');
  });

  it('starts with the session block when there is no pre prompt', () => {
    const prepared = prepare(parseProfile('{}'), parseSession(SESSION_JSON));
    const lines = promptLines(prepared.prompt, prepared.sessionBlock);
    expect(lines.sessionStart).toBe(0);
    expect(lines.sessionEnd).toBe(lines.lines.length - 1);
  });
});

describe('promptLinesAround', () => {
  it('splits like promptLines, reusing the block lines of an earlier split around the same block', () => {
    const block = '<session id="u:s">\nline one\nline two\n</session>';
    const compose = (pre: string, post: string) => {
      const sections = [pre, block, post].filter((section) => section !== '');
      return { prompt: sections.join('\n\n'), start: pre === '' ? 0 : pre.length + 2 };
    };
    const earlier = compose('Old pre.', 'Old post.');
    const previous = promptLines(earlier.prompt, block, earlier.start);
    for (const [pre, post] of [
      ['', ''],
      ['New pre,\non two lines.', ''],
      ['', 'New post.\n\nWith a blank line.'],
      ['A', 'B'],
    ] as const) {
      const { prompt, start } = compose(pre, post);
      expect(promptLinesAround(prompt, block, start, previous)).toEqual(promptLines(prompt, block, start));
    }
  });
});
