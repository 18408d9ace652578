// Keys → named commands through the binding table; nothing else reads the keyboard.

import { useInput } from 'ink';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { commandForKey, type InputMode, type StudioCommand } from './key-bindings.js';

export function useKeyCommands(mode: InputMode, onCommand: (command: StudioCommand) => void, isActive: boolean): void {
  // useInput subscribes in a passive effect, which can run after a key already arrived for the
  // new frame; reading the handler and mode from a ref set at commit means a key always acts on
  // the state on screen.
  const latest = useRef({ mode, onCommand });
  useLayoutEffect(() => {
    latest.current = { mode, onCommand };
  });
  const handle = useCallback((input: string, key: Parameters<typeof commandForKey>[1]) => {
    const command = commandForKey(input, key, latest.current.mode);
    if (command !== undefined) latest.current.onCommand(command);
  }, []);
  useInput(handle, { isActive });
}
