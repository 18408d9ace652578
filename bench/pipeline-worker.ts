// One pipeline measurement in a fresh process, so that its peak memory is its own.
// Usage: node --expose-gc --import tsx bench/pipeline-worker.ts <operation> <fixture.json> <runs>
// Prints one JSON line: median and minimum time of the timed runs, peak RSS of the process.

import { readFileSync } from 'node:fs';
import { parseSession } from '../src/session/parse-session.js';
import { prepare } from '../src/pipeline/prepare.js';
import type { Profile } from '../src/profile/profile-schema.js';

const [operation, file, runsArgument] = process.argv.slice(2);
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

// Untimed runs first, so that the timed ones measure optimised code, as a long-lived studio or
// server runs it (JSON.parse, the baseline, gets the same warm-up): as many as the timed runs,
// at least two. Small inputs need more of them before the JIT has seen enough events.
const warmUps = Math.max(2, runs);
for (let warmUp = 0; warmUp < warmUps; warmUp++) once();
gc();
const rssBefore = process.memoryUsage().rss;
const times: number[] = [];
let result: unknown;
for (let run = 0; run < runs; run++) {
  result = undefined;
  gc();
  const started = performance.now();
  result = once();
  times.push(performance.now() - started);
}
const heapWithResult = process.memoryUsage().heapUsed;
const promptLength = (result as { prompt?: string }).prompt?.length ?? 0;
result = undefined;
gc();
times.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    operation,
    medianMs: times[Math.floor(times.length / 2)],
    minMs: times[0],
    runs,
    warmUps,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    rssBeforeMb: rssBefore / 2 ** 20,
    resultHeapMb: (heapWithResult - process.memoryUsage().heapUsed) / 2 ** 20,
    promptLength,
  })}\n`,
);
