// The session arguments of a many-session run: files as given, folders as the .json files under
// them, globs as the files they match; each sorted, duplicates once.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/**
 * A session argument that names nothing to run: a glob that matches no file, a folder without
 * `.json` files.
 *
 * @category Many sessions
 */
export class SessionPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionPathError';
  }
}

const toPosix = (file: string) => file.split(path.sep).join('/');

/**
 * The fixture files the arguments name, relative to `cwd` as the user would write them: a file
 * as given (even when it does not exist: its line will say so), a folder as every `*.json` below
 * it, a glob (`sessions/2026-11-*.json`) as the files it matches. Each argument's files are sorted;
 * a file named twice is listed once.
 *
 * @throws {@link SessionPathError} for a glob that matches nothing or a folder with no `.json` file.
 * @category Many sessions
 */
export async function expandSessionPaths(args: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    const key = path.resolve(cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(file);
  };
  for (const arg of args) {
    if (isDynamicPattern(arg)) {
      const matched = (await glob(arg, { cwd, onlyFiles: true, expandDirectories: false })).sort();
      if (matched.length === 0) throw new SessionPathError(`${arg}: the pattern matches no file`);
      matched.forEach(add);
      continue;
    }
    const info = await stat(path.resolve(cwd, arg)).catch(() => undefined);
    if (info?.isDirectory() === true) {
      const below = (await glob('**/*.json', { cwd: path.resolve(cwd, arg), onlyFiles: true })).sort();
      if (below.length === 0) throw new SessionPathError(`${arg}: the folder holds no .json session file`);
      for (const file of below) add(toPosix(path.join(arg, file)));
      continue;
    }
    add(arg);
  }
  return files;
}
