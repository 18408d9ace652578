// Benchmark of parseSession and prepare against JSON.parse of the same input, and of prepare with
// every privacy preset against prepare without rules, at 10k, 100k and 1M events. Prints figures
// and ratios; it asserts nothing (targets are shown, not enforced).

import { execFileSync } from 'node:child_process';
import { bundledWorker } from './bundled-worker.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLongSession } from '../scripts/generate-long-session.js';

interface Timing {
  operation: string;
  /** Median of the operation's timed runs. */
  medianMs: number;
  /** Median of the JSON.parse runs interleaved with them (not in the `alone` mode). */
  baselineMs: number;
  /** Median of the per-pair ratios operation / baseline. */
  ratio: number;
  runs: number;
  warmUps: number;
  /** Privacy operations: the replacements one run made, by rule. */
  replacements?: Record<string, number>;
}

interface Memory {
  operation: string;
  maxRssMb: number;
}

const SIZES = (process.env.RECAP_BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const OPERATIONS = ['json-parse', 'parse-session', 'prepare-limited', 'prepare-full'] as const;
const PRIVACY_OPERATIONS = ['prepare-limited-privacy', 'prepare-full-privacy'] as const;
const TARGETS: Record<string, number> = { 'parse-session': 2, 'prepare-limited': 0.1, 'prepare-full': 1, 'prepare-limited-privacy': 1.3, 'prepare-full-privacy': 1.3 };
const LABELS: Record<string, string> = {
  'json-parse': 'JSON.parse (baseline)',
  'parse-session': 'parseSession',
  'prepare-limited': 'prepare LAST, event_limit 500',
  'prepare-full': 'prepare full render',
  'prepare-limited-privacy': 'LAST, event_limit 500',
  'prepare-full-privacy': 'full render',
};

function worker<T>(operation: string, file: string, runs: number, mode: 'memory' | 'timing' | 'alone' | 'mixed'): T {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', bundledWorker('pipeline-worker.ts'), operation, file, String(runs), mode],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as T;
}

const pad = (text: string, width: number) => text.padEnd(width);
const number = (value: number, digits = 1) => value.toFixed(digits).padStart(9);
const sessionFile = (directory: string, size: number) => path.join(directory, `session-${size}.json`);
const runsFor = (size: number) => (size >= 1_000_000 ? 3 : size >= 100_000 ? 5 : 15);
const verdictOf = (operation: string, ratio: number) => {
  const target = TARGETS[operation];
  return target === undefined ? '' : `${ratio <= target ? '≤' : '>'}${target} ${ratio <= target ? '✓' : '✗'}`;
};

export function runPipelineBenchmark(): void {
  const directory = path.join(tmpdir(), 'recap-bench');
  mkdirSync(directory, { recursive: true });
  console.log('\n## Pipeline: parseSession and prepare vs JSON.parse of the same input');
  console.log('(generated long sessions with personal data in about 3% of the events: emails, phone numbers, cards, IBANs,');
  console.log(' IP addresses, API keys and tokens; each operation in its own process: timed runs interleaved with JSON.parse of');
  console.log(' the same text after as many untimed warm-up runs (15 at 10k, 5 at 100k, 3 at 1M); ms and ×JSON.parse are medians');
  console.log(' of the runs and of the per-pair ratios; peak RSS from a separate process running the operation once, input text');
  console.log(' included)\n');
  console.log(`${pad('events', 9)} ${pad('operation', 31)} ${'ms'.padStart(9)} ${'events/s'.padStart(12)} ${'µs/event'.padStart(9)} ${'×JSON.parse'.padStart(12)} ${'target'.padStart(9)} ${'peak RSS MB'.padStart(12)} ${'paired JSON.parse ms'.padStart(21)}`);
  const perEvent: Record<string, number[]> = {};
  for (const size of SIZES) {
    const file = sessionFile(directory, size);
    writeFileSync(file, JSON.stringify(generateLongSession({ events: size, seed: 1, personalData: true })));
    const runs = runsFor(size);
    for (const operation of OPERATIONS) {
      const timing = worker<Timing>(operation, file, runs, 'timing');
      const memory = worker<Memory>(operation, file, 1, 'memory');
      const ratio = operation === 'json-parse' ? 1 : timing.ratio;
      const verdict = verdictOf(operation, ratio);
      (perEvent[operation] ??= []).push((timing.medianMs * 1000) / size);
      console.log(
        `${pad(size.toLocaleString('en'), 9)} ${pad(LABELS[operation] ?? operation, 31)} ${number(timing.medianMs)} ${Math.round(size / (timing.medianMs / 1000)).toLocaleString('en').padStart(12)} ${number((timing.medianMs * 1000) / size, 2)} ${number(ratio, 3).padStart(12)} ${verdict.padStart(9)} ${number(memory.maxRssMb, 0).padStart(12)} ${operation === 'json-parse' ? '' : number(timing.baselineMs).padStart(21)}`,
      );
    }
  }
  console.log('\nGrowth (µs per event at each size; flat means linear):');
  for (const [operation, values] of Object.entries(perEvent)) {
    console.log(`  ${pad(LABELS[operation] ?? operation, 31)} ${values.map((value) => value.toFixed(2)).join(' → ')}`);
  }
  runPrivacyBenchmark(directory);
}

/** The middle value; the mean of the two middle ones for an even count (2 pairs at 1M). */
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Process pairs per size (each process's figure is the median of its own runs). */
const pairsFor = (size: number) => (size >= 1_000_000 ? 2 : 3);

/**
 * prepare with every preset against prepare without rules, on the files the pipeline benchmark
 * wrote: each in processes of its own, pairs of processes back to back, alternating which goes
 * first; one more process runs both, to show what rules cost prepare without rules in the same
 * process (1.3-2.1 times its time alone until redacted strings were made flat, see flat-string.ts).
 */
function runPrivacyBenchmark(directory: string): void {
  console.log('\n## Privacy: prepare with presets [email, card, phone, iban, ip, secret] vs prepare without rules');
  console.log('(each in processes of its own, as a deployment runs one or the other; pairs of processes back to back,');
  console.log(' alternating which goes first (3 pairs, 2 at 1M); in each process untimed warm-up runs, then timed runs (15 at');
  console.log(' 10k, 5 at 100k, 3 at 1M), each on the session parsed afresh from the file before the clock starts; ms: median');
  console.log(' over the processes of their medians; ×plain: median of the pairs\' ratios; plain mixed: prepare without rules in');
  console.log(' one more process that runs both, interleaved, as a server whose organisations have rules and others none, and');
  console.log(' its ratio to plain alone)\n');
  console.log(`${pad('events', 9)} ${pad('profile', 22)} ${'privacy ms'.padStart(11)} ${'plain ms'.padStart(9)} ${'×plain'.padStart(8)} ${'target'.padStart(9)} ${'pairs\' ×plain'.padStart(20)} ${'plain mixed ms'.padStart(15)} ${'×alone'.padStart(7)} ${'peak RSS MB'.padStart(12)}  replacements`);
  for (const size of SIZES) {
    const file = sessionFile(directory, size);
    for (const operation of PRIVACY_OPERATIONS) {
      const plainOperation = operation.replace(/-privacy$/, '');
      const withRules: number[] = [];
      const without: number[] = [];
      const ratios: number[] = [];
      let replacements: Record<string, number> | undefined;
      for (let pair = 0; pair < pairsFor(size); pair++) {
        const run = (name: string) => worker<Timing>(name, file, runsFor(size), 'alone');
        // Alternating which goes first: a machine slowing down moves both alike.
        let privacy: Timing;
        let plain: Timing;
        if (pair % 2 === 0) {
          privacy = run(operation);
          plain = run(plainOperation);
        } else {
          plain = run(plainOperation);
          privacy = run(operation);
        }
        withRules.push(privacy.medianMs);
        without.push(plain.medianMs);
        ratios.push(privacy.medianMs / plain.medianMs);
        replacements = privacy.replacements;
      }
      const mixed = worker<Timing>(operation, file, runsFor(size), 'mixed');
      const memory = worker<Memory>(operation, file, 1, 'memory');
      const ratio = median(ratios);
      const listed = Object.entries(replacements ?? {}).map(([rule, count]) => `${rule} ${count}`).join(', ');
      console.log(
        `${pad(size.toLocaleString('en'), 9)} ${pad(LABELS[operation] ?? operation, 22)} ${number(median(withRules)).padStart(11)} ${number(median(without))} ${number(ratio, 2).padStart(8)} ${verdictOf(operation, ratio).padStart(9)} ${ratios.map((value) => value.toFixed(2)).join(' ').padStart(20)} ${number(mixed.baselineMs).padStart(15)} ${number(mixed.baselineMs / median(without), 2).padStart(7)} ${number(memory.maxRssMb, 0).padStart(12)}  ${listed}`,
      );
    }
  }
}
