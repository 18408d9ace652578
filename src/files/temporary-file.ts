// The temporary file a whole-file write fills beside its target before it moves it into place:
// hidden, in the target's folder (so that the move stays on one file system), named after the
// target and the writing process. A process killed between the two steps leaves it behind; the
// next write into the same folder removes those whose process no longer runs.

import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { processRuns } from './process-runs.js';

/** `.<name>.<pid>-<hex>.tmp`: the pid is the first group. */
const TEMPORARY = /^\..+\.(\d+)-[0-9a-f]{8}\.tmp$/;

/** `<folder>/.<name>.<pid>-<8 hex digits>.tmp` for the target `<folder>/<name>`. */
export function temporaryFileFor(target: string, pid = process.pid): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Removes the temporary files in `folder` that killed processes left (their pid no longer runs
 * here). Best effort: a folder that cannot be listed, or a file another run removed first, leaves
 * the write itself to succeed or fail on its own.
 */
export async function removeLeftTemporaries(folder: string, isRunning: (pid: number) => boolean = processRuns): Promise<void> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  for (const entry of entries) {
    const pid = TEMPORARY.exec(entry)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    await rm(path.join(folder, entry), { force: true }).catch(() => undefined);
  }
}

const swept = new Set<string>();

/**
 * removeLeftTemporaries once per folder in this process: a command that writes a thousand fixtures
 * or cassettes into one folder lists it once, not once per file.
 */
export async function removeLeftTemporariesOnce(folder: string): Promise<void> {
  const key = path.resolve(folder);
  if (swept.has(key)) return;
  swept.add(key);
  await removeLeftTemporaries(key);
}
