import { describe, expect, it } from 'vitest';
import { createTerminalScreen } from './terminal-screen.js';

describe('createTerminalScreen', () => {
  it('drops the keys typed while the editor had the terminal before it takes the screen back', () => {
    const events: string[] = [];
    const screen = createTerminalScreen({ write: (text: string) => events.push(text.includes('?1049h') ? 'enter' : 'leave') }, { discardInput: () => events.push('discard') });
    screen.enter();
    screen.suspend();
    screen.resume();
    expect(events).toEqual(['enter', 'leave', 'discard', 'enter']);
  });
});
