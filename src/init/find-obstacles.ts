// What is in the way of each file `recap init` would write: the file itself (any kind of entry,
// a dangling symlink too), or a parent path that exists but is not a folder.

import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';

const isMissing = (error: unknown): boolean => (error as { code?: unknown }).code === 'ENOENT';

/** The entry at `file` (relative to `directory`) that blocks writing it, or undefined. */
async function obstacleFor(directory: string, file: string): Promise<string | undefined> {
  const parts = file.split('/');
  for (let depth = 1; depth < parts.length; depth += 1) {
    const parent = parts.slice(0, depth).join('/');
    try {
      // Followed on purpose: a parent that is a symlink to a folder can be written into.
      if (!(await stat(path.join(directory, parent))).isDirectory()) return parent;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }
  try {
    await lstat(path.join(directory, file));
    return file;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** For each blocked file, the path (relative to `directory`) in its way. */
export async function findObstacles(directory: string, files: readonly string[]): Promise<Map<string, string>> {
  const obstacles = new Map<string, string>();
  for (const file of files) {
    const obstacle = await obstacleFor(directory, file);
    if (obstacle !== undefined) obstacles.set(file, obstacle);
  }
  return obstacles;
}
