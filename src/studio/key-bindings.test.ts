import { describe, expect, it } from 'vitest';
import { commandForKey, helpRows, KEY_BINDINGS, type InputMode, type KeyPress } from './key-bindings.js';

const none: KeyPress = {
  upArrow: false,
  downArrow: false,
  pageUp: false,
  pageDown: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  tab: false,
  shift: false,
  ctrl: false,
  meta: false,
};
const key = (overrides: Partial<KeyPress>): KeyPress => ({ ...none, ...overrides });
const MODES: readonly InputMode[] = ['panes', 'picker', 'help', 'compare'];

describe('key bindings', () => {
  it('maps the studio keys of docs/studio.md to their commands', () => {
    expect(commandForKey('', key({ tab: true }), 'panes')).toBe('next-pane');
    expect(commandForKey('', key({ tab: true, shift: true }), 'panes')).toBe('previous-pane');
    expect(['1', '2', '3', '4', '5', '6'].map((digit) => commandForKey(digit, none, 'panes'))).toEqual([
      'show-events',
      'show-context',
      'show-prompt',
      'show-response',
      'show-diff',
      'show-report',
    ]);
    expect(commandForKey('r', none, 'panes')).toBe('run');
    expect(commandForKey('A', key({ shift: true }), 'panes')).toBe('all-sessions');
    expect(commandForKey('a', none, 'panes')).toBeUndefined();
    expect(commandForKey('f', none, 'panes')).toBe('next-cited');
    expect(commandForKey('e', none, 'panes')).toBe('edit-profile');
    expect(commandForKey('?', none, 'panes')).toBe('help');
    expect(commandForKey('q', none, 'panes')).toBe('quit');
    expect(commandForKey('', key({ escape: true, meta: true }), 'panes')).toBe('back');
  });

  it('quits with q and Ctrl+C and goes back with Esc in every mode', () => {
    for (const mode of MODES) {
      expect(commandForKey('q', none, mode)).toBe('quit');
      expect(commandForKey('c', key({ ctrl: true }), mode)).toBe('quit');
      expect(commandForKey('', key({ escape: true }), mode)).toBe('back');
    }
  });

  it('gives Tab to the comparison, where it switches between prompts and answers', () => {
    expect(commandForKey('', key({ tab: true }), 'compare')).toBe('compare-section');
  });

  it('keeps pane keys out of lists and the help', () => {
    expect(commandForKey('3', none, 'picker')).toBeUndefined();
    expect(commandForKey('r', none, 'help')).toBeUndefined();
    expect(commandForKey('', key({ return: true }), 'picker')).toBe('confirm');
    expect(commandForKey('', key({ downArrow: true }), 'picker')).toBe('line-down');
  });

  it('does not treat Ctrl+letter as the letter', () => {
    expect(commandForKey('r', key({ ctrl: true }), 'panes')).toBeUndefined();
  });

  it('binds every key at most once per mode', () => {
    for (const mode of MODES) {
      const seen = new Set<string>();
      for (const binding of KEY_BINDINGS.filter((item) => item.modes.includes(mode))) {
        for (const matcher of binding.keys) {
          const id = JSON.stringify(matcher);
          expect(seen.has(id), `${id} twice in ${mode}`).toBe(false);
          seen.add(id);
        }
      }
    }
  });

  it('fits the help into an 80×24 terminal by merging grouped keys', () => {
    const rows = helpRows();
    expect(rows.length).toBeLessThanOrEqual(18);
    expect(rows).toContainEqual({ keys: '1 2 3 4 5 6', description: 'jump to Events, Context, Prompt, Response, Diff, Report' });
  });
});
