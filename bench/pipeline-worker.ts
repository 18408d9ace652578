// One pipeline measurement in a fresh process.
// Usage: node --expose-gc --import tsx bench/pipeline-worker.ts <operation> <fixture.json> <runs> <memory|timing>
//
// memory: one run of the operation alone, so that the process's peak RSS is its own.
// timing: warm-up runs, then timed runs of the operation interleaved with JSON.parse of the same
//   text, each pair under the same heap and machine conditions; prints the medians and the median
//   of the per-pair ratios (on a shared VM, separate processes drift by tens of percent).
// Prints one JSON line.

import { readFileSync } from 'node:fs';
import { parseSession } from '../src/session/parse-session.js';
import { prepare } from '../src/pipeline/prepare.js';
import type { Profile } from '../src/profile/profile-schema.js';

const [operation, file, runsArgument, mode = 'timing'] = process.argv.slice(2);
const runs = Number(runsArgument ?? 3);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const PROFILES: Record<string, Profile> = {
  'prepare-limited': { slice: { mode: 'LAST', event_limit: 500 } },
  'prepare-full': {},
};

const text = readFileSync(file ?? '', 'utf8');
const session = operation?.startsWith('prepare') === true ? parseSession(text) : undefined;

function once(): unknown {
  switch (operation) {
    case 'json-parse':
      return JSON.parse(text);
    case 'parse-session':
      return parseSession(text);
    case 'prepare-limited':
    case 'prepare-full':
      return prepare(PROFILES[operation] as Profile, session!);
    default:
      throw new Error(`unknown operation ${operation}`);
  }
}

/** Milliseconds for one call of `run`, from a freshly collected heap; the result is dropped. */
function timed(run: () => unknown): number {
  gc();
  const started = performance.now();
  const result = run();
  const elapsed = performance.now() - started;
  // Keep the result alive until the clock has stopped.
  if (result === undefined) throw new Error('no result');
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

if (mode === 'memory') {
  const rssBefore = process.memoryUsage().rss;
  timed(once);
  process.stdout.write(`${JSON.stringify({ operation, maxRssMb: process.resourceUsage().maxRSS / 1024, rssBeforeMb: rssBefore / 2 ** 20 })}\n`);
} else {
  const baseline = () => JSON.parse(text) as unknown;
  // Untimed runs first, so that the timed ones measure optimised code, as a long-lived studio or
  // server runs it: as many as the timed runs, at least two (small inputs need more of them
  // before the JIT has seen enough events). JSON.parse gets the same.
  const warmUps = Math.max(2, runs);
  for (let warmUp = 0; warmUp < warmUps; warmUp++) {
    timed(once);
    timed(baseline);
  }
  const times: number[] = [];
  const baselines: number[] = [];
  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternate which goes first, so that neither always runs on the other's leftover heap.
    const first = run % 2 === 0;
    const base = first ? timed(baseline) : NaN;
    const time = timed(once);
    const after = first ? base : timed(baseline);
    times.push(time);
    baselines.push(after);
    ratios.push(time / after);
  }
  process.stdout.write(
    `${JSON.stringify({ operation, medianMs: median(times), baselineMs: median(baselines), ratio: median(ratios), runs, warmUps })}\n`,
  );
}
