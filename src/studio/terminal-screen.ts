// The alternate screen: the studio draws on it and leaves the user's scrollback as it was.

import type { TerminalControl } from './studio-dependencies.js';

const ENTER_ALTERNATE = '\u001B[?1049h';
const LEAVE_ALTERNATE = '\u001B[?1049l';
const CLEAR_AND_HOME = '\u001B[2J\u001B[H';
const SHOW_CURSOR = '\u001B[?25h';
const HIDE_CURSOR = '\u001B[?25l';

export interface TerminalScreen extends TerminalControl {
  enter(): void;
  /** Restores the user's screen and cursor; safe to call more than once. */
  leave(): void;
}

export interface TerminalScreenOptions {
  /** Drops the keys typed while another program had the terminal (discard-pending-input.ts). */
  readonly discardInput?: () => void;
}

export function createTerminalScreen(stdout: { write(text: string): unknown }, options: TerminalScreenOptions = {}): TerminalScreen {
  let inside = false;
  const enter = () => {
    if (inside) return;
    inside = true;
    stdout.write(ENTER_ALTERNATE + CLEAR_AND_HOME + HIDE_CURSOR);
  };
  const leave = () => {
    if (!inside) return;
    inside = false;
    stdout.write(SHOW_CURSOR + LEAVE_ALTERNATE);
  };
  const resume = () => {
    // The keys were meant for the editor, not for the studio (docs/studio.md).
    options.discardInput?.();
    enter();
  };
  return { enter, leave, suspend: leave, resume };
}
