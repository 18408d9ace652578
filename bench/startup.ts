// Start-up of the built CLI against a bare `node -e ''`, measured in the same run: each pair runs
// both once, back to back, in alternating order, and the ratio is the median of the pairs'
// ratios, so a machine that speeds up or slows down during the run moves both sides alike.
// RECAP_BENCH_STARTUP_COMPARE=<another recap checkout, built> measures that one too (the figures
// before a change). RECAP_BENCH_STARTUP_PAIRS sets the number of pairs (default 40).

import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PAIRS = Number(process.env.RECAP_BENCH_STARTUP_PAIRS ?? 40);
const WARM_UP = 5;

interface Scenario {
  readonly name: string;
  readonly argv: readonly string[];
  readonly target: number;
}

const SCENARIOS: readonly Scenario[] = [
  { name: 'recap --help', argv: ['--help'], target: 1.5 },
  { name: 'recap validate <profile>', argv: ['validate', 'profiles/plain-summary.yaml'], target: 2 },
  { name: 'recap run <profile> <small session> (offline model)', argv: ['run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json'], target: 2.5 },
];

/** The environment of a user without keys: the offline model, no CI. */
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

function timed(argv: readonly string[], cwd: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { cwd, env: ENV, stdio: 'ignore' });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`node ${argv.join(' ')} exited with ${result.status}`);
  return elapsed;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

interface Measured {
  readonly node: number;
  readonly recap: number;
  readonly ratio: number;
}

/** `PAIRS` paired runs of `node -e ''` and `node <bin> argv` in `checkout`. */
function measure(checkout: string, argv: readonly string[]): Measured {
  const bin = path.join(checkout, 'bin', 'recap.js');
  const bare = ['-e', ''];
  for (let run = 0; run < WARM_UP; run++) {
    timed(bare, checkout);
    timed([bin, ...argv], checkout);
  }
  const nodeTimes: number[] = [];
  const recapTimes: number[] = [];
  const ratios: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    let node: number;
    let recap: number;
    if (pair % 2 === 0) {
      node = timed(bare, checkout);
      recap = timed([bin, ...argv], checkout);
    } else {
      recap = timed([bin, ...argv], checkout);
      node = timed(bare, checkout);
    }
    nodeTimes.push(node);
    recapTimes.push(recap);
    ratios.push(recap / node);
  }
  return { node: median(nodeTimes), recap: median(recapTimes), ratio: median(ratios) };
}

const format = (value: number, digits = 1) => value.toFixed(digits);

export function runStartupBenchmark(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const compare = process.env.RECAP_BENCH_STARTUP_COMPARE;
  console.log(`\nStart-up: the built CLI (bin/recap.js) against node -e '' — median of ${PAIRS} paired runs each, node ${process.version}`);
  const header = ['command', "node -e '' ms", 'recap ms', '× node', 'target', ...(compare === undefined ? [] : ['compared ms', 'compared × node'])];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const scenario of SCENARIOS) {
    const measured = measure(root, scenario.argv);
    const verdict = measured.ratio <= scenario.target ? '✓' : '✗';
    const cells = [scenario.name, format(measured.node), format(measured.recap), format(measured.ratio, 2), `≤ ${scenario.target} ${verdict}`];
    if (compare !== undefined) {
      const other = measure(path.resolve(compare), scenario.argv);
      cells.push(format(other.recap), format(other.ratio, 2));
    }
    console.log(`| ${cells.join(' | ')} |`);
  }
}
