// Keys → named commands through the binding table; nothing else reads the keyboard.

import { useInput } from 'ink';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { commandForKey, type InputMode, type StudioCommand } from './key-bindings.js';

/** How long a key waits for the screen of the command before it (longer than React takes to start). */
const NO_SCREEN_AFTER_MS = 30;

const MOVES: ReadonlySet<StudioCommand> = new Set<StudioCommand>(['line-up', 'line-down', 'page-up', 'page-down', 'top', 'bottom', 'next-kept', 'previous-kept']);

type Key = Parameters<typeof commandForKey>[1];

// Control characters Ink names when one arrives alone.
const NAMED: Readonly<Record<string, Partial<Key>>> = { '\r': { return: true }, '\n': { return: true }, '\t': { tab: true } };

/**
 * Ink hands over a run of plain characters read together as one input (text typed into a field);
 * the studio has no text fields, only one-key commands, so `\r3` is Enter then 3.
 */
function separateKeys(input: string, key: Key): { input: string; key: Key }[] {
  if (input.length <= 1 || key.ctrl || key.meta) return [{ input, key }];
  return Array.from(input, (character) => {
    const named = NAMED[character];
    if (named !== undefined) return { input: '', key: { ...key, ...named } };
    return { input: character, key: { ...key, shift: character !== character.toLowerCase() } };
  });
}

/**
 * Calls `onCommand` for each key the binding table knows in `mode`. Keys that arrive together (a
 * fast typist, a paste, a script driving the terminal) are taken one at a time: after a key that
 * led to a command, the next waits for the screen that command leads to, so `s ↓ Enter` opens the
 * session list, moves in it and picks, as it would typed slowly. Moves (scrolling, a list's cursor)
 * do not wait: they leave the same keys meaning the same thing, and a held key scrolls as fast as
 * frames are drawn.
 */
export function useKeyCommands(mode: InputMode, onCommand: (command: StudioCommand) => void, isActive: boolean): void {
  // useInput subscribes in a passive effect, which can run after a key already arrived for the
  // new frame; reading the handler and mode from a ref set at commit means a key always acts on
  // the state on screen.
  const latest = useRef({ mode, onCommand, isActive });
  const pending = useRef<{ input: string; key: Key }[]>([]);
  // The command whose screen the next key waits for (a number per command), if any.
  const awaited = useRef<number | undefined>(undefined);
  const commands = useRef(0);

  const takeKeys = useCallback(() => {
    awaited.current = undefined;
    while (awaited.current === undefined) {
      const next = pending.current.shift();
      if (next === undefined) return;
      if (!latest.current.isActive) continue; // the studio gave the terminal away (the editor)
      const command = commandForKey(next.input, next.key, latest.current.mode);
      if (command === undefined) continue;
      // Moves keep the pane and the list on screen: held keys act at once and share a frame.
      if (!MOVES.has(command)) {
        const id = ++commands.current;
        awaited.current = id;
        // React renders a dispatch in a task of its own, soon after this one; a command that
        // changed nothing leads to no new screen at all, so the keys go on after a moment anyway.
        setTimeout(() => {
          if (awaited.current === id) takeKeys();
        }, NO_SCREEN_AFTER_MS);
      }
      latest.current.onCommand(command);
    }
  }, []);

  useLayoutEffect(() => {
    latest.current = { mode, onCommand, isActive };
    if (awaited.current !== undefined) takeKeys();
  });

  const handle = useCallback(
    (input: string, key: Key) => {
      pending.current.push(...separateKeys(input, key));
      if (awaited.current === undefined) takeKeys();
    },
    [takeKeys],
  );
  useInput(handle, { isActive });
}
