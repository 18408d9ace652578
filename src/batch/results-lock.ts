// One run at a time on a results file: two runs on one --output would each summarise every
// session and append a line for each. The lock is a file beside the results (`results.jsonl.lock`)
// holding the run's pid and host, created whole or not at all (written aside, then hard-linked
// into place, which fails when it exists), and removed when the run ends. A lock whose run is gone
// (no such pid on this host: a killed run) is taken over, by one run at a time: the run that breaks
// it first creates `results.jsonl.lock.break` the same way, so that of several runs meeting one
// killed run's lock at once, one removes it and the others find the lock it took in its place.

import { randomBytes } from 'node:crypto';
import { link, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { processRuns } from '../files/process-runs.js';

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
  /** When this process started, in ms since the epoch. Default: from `process.uptime()`. */
  readonly processStarted?: number;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** When it took the lock (ms since the epoch), when the lock says. */
  readonly started?: number;
}

/** A lock file's text; undefined when it is gone. */
async function lockText(lockFile: string): Promise<string | undefined> {
  try {
    return await readFile(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The holder a lock file's text names; `unknown` when it holds something else. */
function holderIn(text: string): Holder | 'unknown' {
  try {
    const value = JSON.parse(text) as { pid?: unknown; host?: unknown; started?: unknown };
    const started = typeof value.started === 'string' ? Date.parse(value.started) : Number.NaN;
    if (Number.isInteger(value.pid) && typeof value.host === 'string') return { pid: value.pid as number, host: value.host, ...(Number.isNaN(started) ? {} : { started }) };
  } catch {
    // Not a lock recap wrote.
  }
  return 'unknown';
}

/** A break token older than this was left by a run that died while breaking a lock (it takes milliseconds). */
const BREAK_TOKEN_STALE_MS = 10_000;

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
 * Removes the lock of a killed run, whose text is `staleText`, if this run is the one to break it:
 * the one that creates the break token (a hard link of `aside`). While it holds the token no other
 * run removes the lock file, and the killed run cannot write it again, so the lock it removes is
 * the killed run's. A run that finds the token taken waits a moment for the lock that replaces it.
 */
async function breakKilledLock(lockFile: string, staleText: string, aside: string, isKilled: (text: string) => boolean): Promise<void> {
  const token = `${lockFile}.break`;
  if (!(await created(aside, token, 'break\n'))) {
    // Left by a run that died while breaking: removed at once when it names that run (a hard link
    // of the run's lock text), else once it is old (a run that stalled that long breaking a lock
    // is the gap left).
    const text = await lockText(token);
    const since = await stat(token).then((stats) => Date.now() - stats.mtimeMs, () => undefined);
    if (text !== undefined && (isKilled(text) || (since !== undefined && since > BREAK_TOKEN_STALE_MS))) {
      if ((await lockText(token)) === text) await unlink(token).catch(() => undefined);
    } else await sleep(5);
    return;
  }
  try {
    if ((await lockText(lockFile)) === staleText) await unlink(lockFile).catch(() => undefined);
  } finally {
    await unlink(token).catch(() => undefined);
  }
}

/**
 * Removes the copies written aside (`<lockFile>.<pid>.<hex>`, which live for milliseconds) by runs
 * killed while taking the lock: those of a pid that no longer runs here, old enough not to be
 * another machine's run at work on a shared folder.
 */
async function removeKilledAsides(lockFile: string, running: (pid: number) => boolean): Promise<void> {
  const folder = path.dirname(lockFile);
  const prefix = `${path.basename(lockFile)}.`;
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    const pid = entry.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{8}$/.exec(entry.slice(prefix.length))?.[1] : undefined;
    if (pid === undefined || Number(pid) === process.pid || running(Number(pid))) continue;
    const age = await stat(path.join(folder, entry)).then((stats) => Date.now() - stats.mtimeMs, () => 0);
    if (age > BREAK_TOKEN_STALE_MS) await unlink(path.join(folder, entry)).catch(() => undefined);
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
  const isRunning = options.isRunning ?? processRuns;
  const processStarted = options.processStarted ?? Date.now() - process.uptime() * 1000;
  // A lock naming this run's own pid, taken before this process started, is a killed run's whose
  // pid came round again, as it does for a container's first process.
  const running = (holder: Holder): boolean => (holder.pid === pid ? holder.started === undefined || holder.started >= processStarted : isRunning(holder.pid));
  const content = `${JSON.stringify({ pid, host, started: new Date().toISOString() })}\n`;
  const aside = `${lockFile}.${pid}.${randomBytes(4).toString('hex')}`;
  await removeKilledAsides(lockFile, isRunning);
  await writeFile(aside, content, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      if (await created(aside, lockFile, content)) break;
      const text = await lockText(lockFile);
      // Gone since: its run just ended; try again (a few times: other runs may be quicker).
      if (text === undefined && attempt < 5) continue;
      const holder = text === undefined ? undefined : holderIn(text);
      if (holder === 'unknown') throw new ResultsLockedError(lockFile, undefined);
      if (holder === undefined || text === undefined || holder.host !== host || running(holder) || attempt >= 20) throw new ResultsLockedError(lockFile, holder);
      await breakKilledLock(lockFile, text, aside, (tokenText) => {
        const breaker = holderIn(tokenText);
        return breaker !== 'unknown' && breaker.host === host && breaker.pid !== pid && !isRunning(breaker.pid);
      });
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
