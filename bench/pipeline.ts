// Benchmark of parseSession and prepare against JSON.parse of the same input, at 10k, 100k and
// 1M events. Prints figures and ratios; it asserts nothing (targets are shown, not enforced).

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLongSession } from '../scripts/generate-long-session.js';

interface Timing {
  operation: string;
  /** Median of the operation's timed runs. */
  medianMs: number;
  /** Median of the JSON.parse runs interleaved with them. */
  baselineMs: number;
  /** Median of the per-pair ratios operation / JSON.parse. */
  ratio: number;
  runs: number;
  warmUps: number;
}

interface Memory {
  operation: string;
  maxRssMb: number;
}

const SIZES = (process.env.RECAP_BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const OPERATIONS = ['json-parse', 'parse-session', 'prepare-limited', 'prepare-full'] as const;
const TARGETS: Record<string, number> = { 'parse-session': 2, 'prepare-limited': 0.1, 'prepare-full': 1 };
const LABELS: Record<string, string> = {
  'json-parse': 'JSON.parse (baseline)',
  'parse-session': 'parseSession',
  'prepare-limited': 'prepare LAST, event_limit 500',
  'prepare-full': 'prepare full render',
};

function worker<T>(operation: string, file: string, runs: number, mode: 'memory' | 'timing'): T {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join('bench', 'pipeline-worker.ts'), operation, file, String(runs), mode],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as T;
}

const pad = (text: string, width: number) => text.padEnd(width);
const number = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

export function runPipelineBenchmark(): void {
  const directory = path.join(tmpdir(), 'recap-bench');
  mkdirSync(directory, { recursive: true });
  console.log('\n## Pipeline: parseSession and prepare vs JSON.parse of the same input');
  console.log('(each operation in its own process: timed runs interleaved with JSON.parse of the same text after as many');
  console.log(' untimed warm-up runs (15 at 10k, 5 at 100k, 3 at 1M); ms and ×JSON.parse are medians of the runs and of the');
  console.log(' per-pair ratios; peak RSS from a separate process running the operation once, input text included)\n');
  console.log(`${pad('events', 9)} ${pad('operation', 31)} ${'ms'.padStart(9)} ${'events/s'.padStart(12)} ${'µs/event'.padStart(9)} ${'×JSON.parse'.padStart(12)} ${'target'.padStart(7)} ${'peak RSS MB'.padStart(12)} ${'paired JSON.parse ms'.padStart(21)}`);
  const perEvent: Record<string, number[]> = {};
  for (const size of SIZES) {
    const file = path.join(directory, `session-${size}.json`);
    writeFileSync(file, JSON.stringify(generateLongSession({ events: size, seed: 1 })));
    const runs = size >= 1_000_000 ? 3 : size >= 100_000 ? 5 : 15;
    for (const operation of OPERATIONS) {
      const timing = worker<Timing>(operation, file, runs, 'timing');
      const memory = worker<Memory>(operation, file, 1, 'memory');
      const ratio = operation === 'json-parse' ? 1 : timing.ratio;
      const target = TARGETS[operation];
      const verdict = target === undefined ? '' : `${ratio <= target ? '≤' : '>'}${target}`;
      (perEvent[operation] ??= []).push((timing.medianMs * 1000) / size);
      console.log(
        `${pad(size.toLocaleString('en'), 9)} ${pad(LABELS[operation] ?? operation, 31)} ${number(timing.medianMs)} ${Math.round(size / (timing.medianMs / 1000)).toLocaleString('en').padStart(12)} ${number((timing.medianMs * 1000) / size, 2)} ${number(ratio, 3).padStart(12)} ${verdict.padStart(7)} ${number(memory.maxRssMb, 0).padStart(12)} ${operation === 'json-parse' ? '' : number(timing.baselineMs).padStart(21)}`,
      );
    }
  }
  console.log('\nGrowth (µs per event at each size; flat means linear):');
  for (const [operation, values] of Object.entries(perEvent)) {
    console.log(`  ${pad(LABELS[operation] ?? operation, 31)} ${values.map((value) => value.toFixed(2)).join(' → ')}`);
  }
}
