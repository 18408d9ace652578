// Benchmark of `recap run` over many sessions (docs/many-sessions.md): the built CLI as a user runs
// it, against the local Gemini stand-in answering every call after 200 ms. Throughput at
// concurrency 8 and 32 over 1,000 sessions against the ideal concurrency / latency, and the peak
// memory (RSS) of runs of 1,000 and 10,000 sessions: results are streamed to the file, not held.

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGeminiStandIn } from '../test/support/gemini-stand-in.js';
import { writeSessionFolder } from '../test/support/session-folder.js';

const LATENCY_MS = 200;
const SESSIONS = Number(process.env.RECAP_BENCH_MANY ?? 1000);
const LARGE = Number(process.env.RECAP_BENCH_MANY_LARGE ?? 10_000);
const EVENTS = 30;
const REPOSITORY = path.resolve(import.meta.dirname, '..');

interface RunFigures {
  readonly seconds: number;
  readonly maxRssBytes: number;
  /** Heap in use at exit after a full collection: what the run still holds. */
  readonly heapBytes: number;
  readonly lines: number;
}

async function runCli(folder: string, concurrency: number, env: Record<string, string>): Promise<RunFigures> {
  const work = path.dirname(folder);
  const output = path.join(work, `results-${concurrency}-${Date.now()}.jsonl`);
  const rssFile = path.join(work, `rss-${concurrency}-${Date.now()}`);
  const started = process.hrtime.bigint();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--require', path.join(REPOSITORY, 'bench', 'report-max-rss.cjs'), path.join(REPOSITORY, 'bin', 'recap.js'), 'run', path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), folder, '--output', output, '--concurrency', String(concurrency)],
      { cwd: work, env: { ...env, RECAP_MAX_RSS_FILE: rssFile }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.once('exit', resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`recap run exited with ${code}`);
  const lines = (await readFile(output, 'utf8')).split('\n').filter((line) => line !== '').length;
  const memory = JSON.parse(await readFile(rssFile, 'utf8')) as { maxRss: number; heapUsed: number };
  await rm(output);
  return { seconds, maxRssBytes: memory.maxRss, heapBytes: memory.heapUsed, lines };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runManySessionsBenchmark(): Promise<void> {
  const standIn = await startGeminiStandIn({
    handler: async () => {
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      return undefined;
    },
  });
  const root = await mkdtemp(path.join(tmpdir(), 'recap-bench-many-'));
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: root, GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: standIn.url };
    const small = path.join(root, 'small', 'sessions');
    await writeSessionFolder(small, { count: SESSIONS, events: EVENTS });
    console.log(`\nmany sessions — recap run over ${SESSIONS.toLocaleString('en-US')} sessions of ${EVENTS} events, stand-in answering in ${LATENCY_MS} ms`);
    console.log('  concurrency  seconds  sessions/s  ideal (c / latency)  ratio   peak RSS');
    const peaks: [number, number, number][] = [];
    for (const concurrency of [8, 32]) {
      const figures = await runCli(small, concurrency, env);
      if (figures.lines !== SESSIONS) throw new Error(`expected ${SESSIONS} lines, got ${figures.lines}`);
      const rate = SESSIONS / figures.seconds;
      const ideal = (concurrency * 1000) / LATENCY_MS;
      console.log(`  ${String(concurrency).padStart(11)}  ${figures.seconds.toFixed(1).padStart(7)}  ${rate.toFixed(1).padStart(10)}  ${ideal.toFixed(1).padStart(19)}  ${(rate / ideal).toFixed(2).padStart(5)}   ${mb(figures.maxRssBytes).padStart(8)}`);
      if (concurrency === 32) peaks.push([SESSIONS, figures.maxRssBytes, figures.heapBytes]);
    }
    const large = path.join(root, 'large', 'sessions');
    await writeSessionFolder(large, { count: LARGE, events: EVENTS });
    const figures = await runCli(large, 32, env);
    if (figures.lines !== LARGE) throw new Error(`expected ${LARGE} lines, got ${figures.lines}`);
    peaks.push([LARGE, figures.maxRssBytes, figures.heapBytes]);
    const [small_, large_] = peaks as [[number, number, number], [number, number, number]];
    console.log(`  memory at concurrency 32:  sessions   peak RSS   heap held at exit (after GC)`);
    for (const [count, rss, heap] of peaks) console.log(`  ${count.toLocaleString('en-US').padStart(32)}  ${mb(rss).padStart(9)}  ${mb(heap).padStart(10)}`);
    console.log(`  ×${LARGE / SESSIONS} sessions: peak RSS ×${(large_[1] / small_[1]).toFixed(2)}, heap held ×${(large_[2] / small_[2]).toFixed(2)}; ${LARGE.toLocaleString('en-US')} sessions took ${figures.seconds.toFixed(0)} s`);
  } finally {
    await standIn.close();
    await rm(root, { recursive: true, force: true });
  }
}
