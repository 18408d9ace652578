// Benchmark of grounding: precision and recall of the hand-labelled corpus, then the cost of
// grounding one answer against prepare of the same profile and session (bench/grounding-worker.ts,
// run bundled by plain node, as recap ships: see bundled-worker.ts).

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLongSession } from '../scripts/generate-long-session.js';
import { loadGroundedCorpus } from '../test/grounding-corpus/load-corpus.js';
import { formatGroundingFigures, measureGrounding } from '../test/grounding-corpus/measure.js';
import { bundledWorker } from './bundled-worker.js';

/** Precision and recall of `unsupported` and `dropped` on the hand-labelled corpus of test/grounding-corpus/. */
export async function printCorpusFigures(): Promise<void> {
  const corpus = await loadGroundedCorpus();
  console.log(`\n## Grounding: precision and recall on the labelled corpus (${corpus.length} answers; targets: precision ≥ 0.95, recall ≥ 0.9)\n`);
  console.log(formatGroundingFigures(measureGrounding(corpus)));
}

const SIZES = (process.env.RECAP_BENCH_GROUNDING_SIZES ?? '10000,100000').split(',').map(Number);

/** Times grounding against prepare on generated sessions (see bench/grounding-worker.ts); prints its table. */
export function runGroundingBenchmark(): void {
  const directory = path.join(tmpdir(), 'recap-bench');
  mkdirSync(directory, { recursive: true });
  const sessions = SIZES.map((size) => {
    const file = path.join(directory, `grounding-session-${size}.json`);
    writeFileSync(file, JSON.stringify(generateLongSession({ events: size, seed: 7 })));
    return `${size}=${file}`;
  });
  execFileSync(process.execPath, [bundledWorker('grounding-worker.ts'), ...sessions], { stdio: 'inherit' });
}
