// The lock of a results file: one run at a time, a killed run's lock taken over, anything else
// refused with who holds it.

import { mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockResults, ResultsLockedError } from './results-lock.js';

async function resultsFile(): Promise<string> {
  return path.join(await mkdtemp(path.join(tmpdir(), 'recap-lock-')), 'results.jsonl');
}

describe('lockResults', () => {
  it('writes the pid and host beside the results file, and removes the lock when released', async () => {
    const file = await resultsFile();
    const lock = await lockResults(file, { pid: 4242 });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: 4242, host: hostname() });
    await lock.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
    // Nothing else is left beside it.
    expect(await readdir(path.dirname(file))).toEqual([]);
  });

  it('refuses a second run while the first one runs, naming its pid', async () => {
    const file = await resultsFile();
    const first = await lockResults(file, { pid: 4242, isRunning: () => true });
    const second = await lockResults(file, { pid: 4343, isRunning: () => true }).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(ResultsLockedError);
    expect(second).toMatchObject({ holder: { pid: 4242, host: hostname() }, message: `another recap run (pid 4242) holds ${file}.lock` });
    await first.release();
    await (await lockResults(file, { pid: 4343 })).release();
  });

  it('takes over the lock of a run that is gone (killed), and that run cannot remove the new lock', async () => {
    const file = await resultsFile();
    const killed = await lockResults(file, { pid: 4242 });
    const next = await lockResults(file, { pid: 4343, isRunning: (pid) => pid !== 4242 });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: 4343 });
    await killed.release();
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: 4343 });
    await next.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("takes over a killed run's lock that names this run's own pid (a container's first process has the same pid every time)", async () => {
    const file = await resultsFile();
    await writeFile(`${file}.lock`, `${JSON.stringify({ pid: 1, host: hostname(), started: '2026-01-01T00:00:00.000Z' })}\n`);
    // pid 1 runs (it always does): it is this run, started after that lock was taken.
    const lock = await lockResults(file, { pid: 1, isRunning: () => true, processStarted: Date.parse('2026-01-02T00:00:00.000Z') });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: 1 });
    // A second lock by the same process (the library, twice at once) is still refused.
    await expect(lockResults(file, { pid: 1, isRunning: () => true, processStarted: Date.parse('2026-01-02T00:00:00.000Z') })).rejects.toBeInstanceOf(ResultsLockedError);
    await lock.release();
    expect(await readdir(path.dirname(file))).toEqual([]);
  });

  it('removes the copies that runs killed while taking the lock left beside it, once they are 10 s old', async () => {
    const file = await resultsFile();
    const left = [`${file}.lock.4242.0a1b2c3d`, `${file}.lock.4343.0a1b2c3d`];
    for (const copy of left) await writeFile(copy, `${JSON.stringify({ pid: 4242, host: hostname() })}\n`);
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(left[0] ?? '', minuteAgo, minuteAgo);
    await (await lockResults(file, { pid: 4444, isRunning: (pid) => pid === 4444 })).release();
    // The young one may be another machine's run at work on a shared folder.
    expect(await readdir(path.dirname(file))).toEqual([path.basename(left[1] ?? '')]);
  });

  it('refuses a lock of another host (its run cannot be checked) and a lock file recap did not write', async () => {
    const file = await resultsFile();
    await writeFile(`${file}.lock`, JSON.stringify({ pid: 4242, host: 'elsewhere' }));
    await expect(lockResults(file, { isRunning: () => false })).rejects.toThrow(`another recap run (pid 4242 on elsewhere) holds ${file}.lock`);
    await writeFile(`${file}.lock`, 'mine\n');
    await expect(lockResults(file)).rejects.toThrow(`${file}.lock exists but does not name the run that holds it`);
    expect(await readFile(`${file}.lock`, 'utf8')).toBe('mine\n');
  });

  it('lets exactly one of several runs that meet the same killed run\'s lock at once take it over', async () => {
    const stale = 4242;
    let both = 0;
    for (let round = 0; round < 150; round++) {
      const file = await resultsFile();
      await writeFile(`${file}.lock`, `${JSON.stringify({ pid: stale, host: hostname(), started: '2026-01-01T00:00:00.000Z' })}\n`);
      const tries = await Promise.allSettled([4343, 4444, 4545].map((pid) => lockResults(file, { pid, isRunning: (holder) => holder !== stale })));
      const held = tries.filter((outcome) => outcome.status === 'fulfilled');
      if (held.length !== 1) both++;
      for (const outcome of tries) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ResultsLockedError);
      for (const outcome of held) await outcome.value.release();
      expect(await readdir(path.dirname(file))).toEqual([]);
    }
    expect(both).toBe(0);
  });

  it('removes at once the break token of a run of this host that died while taking a lock over', async () => {
    const file = await resultsFile();
    await writeFile(`${file}.lock`, `${JSON.stringify({ pid: 4242, host: hostname() })}\n`);
    // A break token is a hard link of its run's lock text: this one names a run that no longer runs.
    await writeFile(`${file}.lock.break`, `${JSON.stringify({ pid: 4141, host: hostname(), started: new Date().toISOString() })}\n`);
    const lock = await lockResults(file, { pid: 4343, isRunning: (pid) => pid !== 4242 && pid !== 4141 });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: 4343 });
    await lock.release();
    expect(await readdir(path.dirname(file))).toEqual([]);
    // One of a run that still runs, or of another host, waits as before.
    await writeFile(`${file}.lock`, `${JSON.stringify({ pid: 4242, host: hostname() })}\n`);
    for (const breaker of [{ pid: 4141, host: hostname() }, { pid: 4040, host: 'another-host' }]) {
      await writeFile(`${file}.lock.break`, `${JSON.stringify(breaker)}\n`);
      const refused = await lockResults(file, { pid: 4343, isRunning: (pid) => pid !== 4242 && pid !== 4040 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ResultsLockedError);
    }
  });

  it('removes the break token a run left when it died while taking a lock over, once it is 10 s old', async () => {
    const file = await resultsFile();
    await writeFile(`${file}.lock`, `${JSON.stringify({ pid: 4242, host: hostname() })}\n`);
    await writeFile(`${file}.lock.break`, 'break\n');
    const young = await lockResults(file, { pid: 4343, isRunning: (pid) => pid !== 4242 }).catch((error: unknown) => error);
    expect(young).toBeInstanceOf(ResultsLockedError);
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock.break`, minuteAgo, minuteAgo);
    const lock = await lockResults(file, { pid: 4343, isRunning: (pid) => pid !== 4242 });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: 4343 });
    await lock.release();
    expect(await readdir(path.dirname(file))).toEqual([]);
  });
});
