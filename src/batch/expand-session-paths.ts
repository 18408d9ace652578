// The session arguments of a many-session run: files as given, folders as the .json files under
// them, globs as the files they match; each sorted, duplicates once.

import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
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

/** A session file's name: `.json` in any case (`visit.JSON` too). */
const SESSION_NAME = /\.json$/i;

/** The file system calls of a folder walk; tests pass failing ones. */
export interface FolderReader {
  readdir(folder: string): Promise<Dirent[]>;
  stat(file: string): Promise<Stats>;
  realpath(file: string): Promise<string>;
}

const fileSystem: FolderReader = { readdir: (folder) => readdir(folder, { withFileTypes: true }), stat, realpath };

/**
 * The entries of the folder `root` to run, relative to it: every file named `*.json` (in any
 * case) below it, following links; hidden files and folders (a name starting with `.`) are left
 * out. What cannot be followed is listed too, so that its line says why rather than the run leave
 * it out without a word: a folder that cannot be read (its own path), a link named `*.json` whose
 * target is gone.
 */
async function sessionEntries(root: string, reader: FolderReader): Promise<string[]> {
  const found: string[] = [];
  // Folders met through links are walked once: a link to a parent would loop.
  const walked = new Set<string>();
  const walk = async (relative: string): Promise<void> => {
    const folder = path.join(root, relative);
    let entries: Dirent[];
    try {
      const real = await reader.realpath(folder);
      if (walked.has(real)) return;
      walked.add(real);
      entries = await reader.readdir(folder);
    } catch {
      found.push(relative === '' ? '.' : relative);
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = path.join(relative, entry.name);
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await reader.stat(path.join(root, child)).catch(() => undefined);
        // A dangling link named like a session: its line says that its file is gone.
        isFile = target === undefined ? SESSION_NAME.test(entry.name) : target.isFile();
        isFolder = target?.isDirectory() === true;
      }
      if (isFolder) await walk(child);
      else if (isFile && SESSION_NAME.test(entry.name)) found.push(child);
    }
  };
  await walk('');
  return found;
}

/**
 * The fixture files the arguments name, relative to `cwd` as the user would write them: a file
 * as given (even when it does not exist: its line will say so), a folder as every `*.json` below
 * it (`.JSON` too; hidden files and folders left out; a subfolder that cannot be read, or a link
 * whose file is gone, listed as it is, so that its line says why), a glob (`sessions/2026-11-*.json`)
 * as the files it matches. Each argument's files are sorted; a file named twice is listed once.
 *
 * @throws {@link SessionPathError} for a glob that matches nothing or a folder with no `.json` file.
 * @category Many sessions
 */
export function expandSessionPaths(args: readonly string[], cwd: string): Promise<string[]> {
  return expandSessionPathsWith(args, cwd, fileSystem);
}

/** {@link expandSessionPaths} with the file system calls of its folder walk given (tests pass failing ones). */
export async function expandSessionPathsWith(args: readonly string[], cwd: string, reader: FolderReader): Promise<string[]> {
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
    const info = await reader.stat(path.resolve(cwd, arg)).catch(() => undefined);
    if (info?.isDirectory() === true) {
      const below = (await sessionEntries(path.resolve(cwd, arg), reader)).map(toPosix).sort();
      if (below.length === 0) throw new SessionPathError(`${arg}: the folder holds no .json session file`);
      for (const file of below) add(file === '.' ? arg : toPosix(path.join(arg, file)));
      continue;
    }
    add(arg);
  }
  return files;
}
