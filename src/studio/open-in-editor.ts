// Runs $VISUAL / $EDITOR on a file with the terminal handed over, and waits for it to exit.

import { spawnSync } from 'node:child_process';
import type { EditorResult } from './studio-dependencies.js';

/** The editor command and its arguments: `$VISUAL`, else `$EDITOR`, else `vi`. `code --wait` works. */
export function editorCommand(env: Readonly<Record<string, string | undefined>>): string[] {
  const configured = [env.VISUAL, env.EDITOR].find((value) => value !== undefined && value.trim() !== '');
  return (configured ?? 'vi').trim().split(/\s+/);
}

/**
 * Blocking on purpose: while the editor runs, the studio must neither draw nor read the terminal.
 * The caller leaves raw mode and the alternate screen before, and restores both after.
 */
export function openInEditor(file: string, env: Readonly<Record<string, string | undefined>>): EditorResult {
  const [command = 'vi', ...args] = editorCommand(env);
  const result = spawnSync(command, [...args, file], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error !== undefined) {
    return { ok: false, message: `could not start the editor "${command}" (${result.error.message}); set $EDITOR` };
  }
  if (result.status !== 0) return { ok: false, message: `the editor "${command}" exited with code ${result.status ?? result.signal}` };
  return { ok: true };
}
