// Finds suite files (`*.recap.yaml`) under the given paths, following links, skipping node_modules
// and dot folders.

import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { whereLooked } from '../session/read-failure.js';

export const SUITE_SUFFIX = '.recap.yaml';

/** `x.recap.yml`: a name that says suite but would never be found. */
const NEAR_SUFFIX = /\.recap\.(?:yml|json)$/i;

/** Follows links to folders and files; a folder reached twice (a link loop) is read once. */
async function walk(directory: string, found: string[], seen: Set<string>, cwd: string): Promise<void> {
  const real = await realpath(directory);
  if (seen.has(real)) return;
  seen.add(real);
  const entries = await readdir(directory, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    const shown = path.relative(cwd, full) || full;
    const info = entry.isSymbolicLink() ? await stat(full).catch(() => undefined) : entry;
    if (info === undefined) {
      // A link to nothing is skipped unless it is named as a suite: that one was meant to run.
      if (entry.name.endsWith(SUITE_SUFFIX)) throw new Error(`${shown}: a link to a file that does not exist`);
      continue;
    }
    if (info.isDirectory()) await walk(full, found, seen, cwd);
    // Through a link, the suite's own folder is where it really is: its profile and sessions are named from there.
    else if (info.isFile() && entry.name.endsWith(SUITE_SUFFIX)) found.push(entry.isSymbolicLink() || real !== directory ? await realpath(full) : full);
    else if (info.isFile() && (NEAR_SUFFIX.test(entry.name) || entry.name.toLowerCase().endsWith(SUITE_SUFFIX))) {
      throw new Error(`${shown}: suites are found by the name *${SUITE_SUFFIX}; rename it, or name the file on the command line`);
    }
  }
}

/**
 * Absolute paths of the suites: a file is taken as given (whatever its name), a directory is
 * searched; no path means the working directory. A path that does not exist, or a directory named
 * that holds no suite, is an error: the cases meant to run there would be skipped unseen.
 */
export async function findSuites(paths: readonly string[], cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const given of paths.length === 0 ? ['.'] : paths) {
    const full = path.resolve(cwd, given);
    const info = await stat(full).catch(() => undefined);
    if (info === undefined) {
      const link = await lstat(full).catch(() => undefined);
      throw new Error(link?.isSymbolicLink() === true ? `${given}: a link to a file that does not exist (or a loop of links)` : `${given}: no such file or directory ${whereLooked(full)}`);
    }
    if (!info.isDirectory()) {
      found.push(full);
      continue;
    }
    // Each named folder on its own: one that holds no suite is named, even when another path holds some.
    const inFolder: string[] = [];
    await walk(full, inFolder, new Set(), cwd);
    if (inFolder.length === 0 && paths.length > 0) throw new Error(`${given}: no suites (*${SUITE_SUFFIX}) in this folder or below`);
    found.push(...inFolder);
  }
  return [...new Set(found)];
}
