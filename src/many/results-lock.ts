// One run at a time on a results file: two runs on one --output would each summarise every
// session and append a line for each. The lock is a file beside the results (`results.jsonl.lock`)
// holding the run's pid and host, created whole or not at all (written aside, then hard-linked
// into place, which fails when it exists), and removed when the run ends. A lock whose run is gone
// (no such pid on this host: a killed run) is taken over.

import { randomBytes } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * Another run holds the lock of a results file.
 *
 * @category Many sessions
 */
export class ResultsLockedError extends Error {
  readonly code = 'results_locked';
  constructor(
    /** The lock file. */
    readonly lockFile: string,
    /** The run that holds it: its pid and host; undefined when the file does not say (not a lock recap wrote). */
    readonly holder: { readonly pid: number; readonly host: string } | undefined,
  ) {
    super(
      holder === undefined
        ? `${lockFile} exists but does not name the run that holds it`
        : `another recap run (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}) holds ${lockFile}`,
    );
    this.name = 'ResultsLockedError';
  }
}

/** A held lock. */
export interface ResultsLock {
  /** Removes the lock file, unless another run has taken it over since. */
  release(): Promise<void>;
}

export interface LockOptions {
  /** Default `process.pid`. */
  readonly pid?: number;
  /** Default `os.hostname()`. */
  readonly host?: string;
  /** Whether a process of this host runs under `pid`. Default: `process.kill(pid, 0)` succeeds or is refused. */
  readonly isRunning?: (pid: number) => boolean;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names; undefined when it is gone; `unknown` when it holds something else. */
async function holderOf(lockFile: string): Promise<Holder | 'unknown' | undefined> {
  let text: string;
  try {
    text = await readFile(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(text) as { pid?: unknown; host?: unknown };
    if (Number.isInteger(value.pid) && typeof value.host === 'string') return { pid: value.pid as number, host: value.host };
  } catch {
    // Not a lock recap wrote.
  }
  return 'unknown';
}

/**
 * Creates `lockFile` with `content`, whole, unless it exists: a hard link of the copy written
 * aside; on a file system without hard links, an exclusive create (O_EXCL) and a write.
 */
async function created(aside: string, lockFile: string, content: string): Promise<boolean> {
  try {
    await link(aside, lockFile);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  }
  try {
    await writeFile(lockFile, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the lock of `resultsFile` (`<resultsFile>.lock`) for this run.
 *
 * @throws {@link ResultsLockedError} when a running run holds it (or a run on another host, which
 * cannot be checked, or a lock file recap did not write).
 * @category Many sessions
 */
export async function lockResults(resultsFile: string, options: LockOptions = {}): Promise<ResultsLock> {
  const lockFile = `${resultsFile}.lock`;
  const pid = options.pid ?? process.pid;
  const host = options.host ?? hostname();
  const running = options.isRunning ?? isRunning;
  const content = `${JSON.stringify({ pid, host, started: new Date().toISOString() })}\n`;
  const aside = `${lockFile}.${pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, content, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      if (await created(aside, lockFile, content)) break;
      const holder = await holderOf(lockFile);
      if (holder === 'unknown') throw new ResultsLockedError(lockFile, undefined);
      // Gone since: its run just ended; try again (a few times: other runs may be quicker).
      if (holder === undefined && attempt < 5) continue;
      if (holder === undefined || holder.host !== host || running(holder.pid) || attempt >= 5) throw new ResultsLockedError(lockFile, holder);
      // A killed run's lock. Removed only if it still is that lock: another run may have taken it
      // over in between (two runs meeting one stale lock at the same moment is the gap left).
      const again = await holderOf(lockFile);
      if (typeof again === 'object' && again.pid === holder.pid && again.host === holder.host) await unlink(lockFile).catch(() => undefined);
    }
  } finally {
    await unlink(aside).catch(() => undefined);
  }
  return {
    async release() {
      if ((await readFile(lockFile, 'utf8').catch(() => '')) === content) await unlink(lockFile).catch(() => undefined);
    },
  };
}
