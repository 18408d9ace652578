// Finds suite files (`*.recap.yaml`) under the given paths, skipping node_modules and dot folders.

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { whereLooked } from '../session/read-failure.js';

export const SUITE_SUFFIX = '.recap.yaml';

async function walk(directory: string, found: string[]): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) await walk(full, found);
    else if (entry.isFile() && entry.name.endsWith(SUITE_SUFFIX)) found.push(full);
  }
}

/**
 * Absolute paths of the suites: a file is taken as given (whatever its name), a directory is
 * searched; no path means the working directory. A path that does not exist is an error.
 */
export async function findSuites(paths: readonly string[], cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const given of paths.length === 0 ? ['.'] : paths) {
    const full = path.resolve(cwd, given);
    const info = await stat(full).catch(() => undefined);
    if (info === undefined) throw new Error(`${given}: no such file or directory ${whereLooked(full)}`);
    if (info.isDirectory()) await walk(full, found);
    else found.push(full);
  }
  return [...new Set(found)];
}
