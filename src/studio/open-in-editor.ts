// Runs $VISUAL / $EDITOR on a file with the terminal handed over, and waits for it to exit.

import { spawnSync } from 'node:child_process';
import type { EditorResult } from './studio-dependencies.js';

/** `$VISUAL`, else `$EDITOR`, else `vi`: a shell command, such as `code --wait` or `"/opt/My Editor/edit" -w`. */
export function editorCommand(env: Readonly<Record<string, string | undefined>>): string {
  const configured = [env.VISUAL, env.EDITOR].find((value) => value !== undefined && value.trim() !== '');
  return configured?.trim() ?? 'vi';
}

/**
 * The program to run and its arguments. As git does, the command goes to the shell with the file
 * as its argument (`sh -c '<command> "$@"' <command> <file>`): the shell's quoting holds a path
 * with spaces, and the file's name is never read as shell words. On Windows, cmd runs it.
 */
export function editorInvocation(command: string, file: string, platform: NodeJS.Platform = process.platform): { readonly program: string; readonly args: readonly string[]; readonly shell: boolean } {
  if (platform === 'win32') return { program: `${command} "${file}"`, args: [], shell: true };
  return { program: 'sh', args: ['-c', `${command} "$@"`, command, file], shell: false };
}

/** The shell's codes for a command it could not find (127) or not run (126). */
const NOT_FOUND = 127;
const NOT_RUNNABLE = 126;

/**
 * Blocking on purpose: while the editor runs, the studio must neither draw nor read the terminal.
 * The caller leaves raw mode and the alternate screen before, and restores both after.
 */
export function openInEditor(file: string, env: Readonly<Record<string, string | undefined>>): EditorResult {
  const command = editorCommand(env);
  const { program, args, shell } = editorInvocation(command, file);
  const result = spawnSync(program, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell });
  if (result.error !== undefined) {
    return { ok: false, message: `could not start the editor "${command}" (${result.error.message}); set $EDITOR` };
  }
  if (result.status === NOT_FOUND || result.status === NOT_RUNNABLE) {
    return { ok: false, message: `could not start the editor "${command}" (${result.status === NOT_FOUND ? 'not found' : 'not executable'}); set $EDITOR` };
  }
  if (result.status !== 0) return { ok: false, message: `the editor "${command}" exited with code ${result.status ?? result.signal}` };
  return { ok: true };
}
