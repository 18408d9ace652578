// Start-up of the built CLI against a bare `node -e ''`, measured in the same run: each pair runs
// both once, back to back, in alternating order, and the ratio is the median of the pairs'
// ratios, so a machine that speeds up or slows down during the run moves both sides alike.
//
// Both run in this process's environment without model keys or CI (the offline model). Node's
// own start-up depends on it: NODE_EXTRA_CA_CERTS, for one, makes every node read a certificate
// bundle first, which slows `node -e ''` as much as recap and so flatters the ratios. When such a
// variable is set, the table is measured a second time without it, in a bare environment.
//
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

type Environment = Readonly<Record<string, string | undefined>>;

/** Variables that change what a bare node does at start-up. */
const NODE_START_VARIABLES = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_V8_COVERAGE'];

/** This process's environment as a user without keys has it: the offline model, no CI. */
function userEnvironment(): Environment {
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(environment)) {
    if (/^(GEMINI_|GOOGLE_|OPENAI_)|^CI$|^GITHUB_ACTIONS$|^RECAP_/.test(name)) delete environment[name];
  }
  return environment;
}

/** Only PATH and HOME. */
const bareEnvironment = (): Environment => ({ PATH: process.env.PATH, HOME: process.env.HOME });

function timed(argv: readonly string[], cwd: string, env: Environment): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { cwd, env, stdio: 'ignore' });
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
function measure(checkout: string, argv: readonly string[], env: Environment): Measured {
  const bin = path.join(checkout, 'bin', 'recap.js');
  const bare = ['-e', ''];
  const timedHere = (command: readonly string[]) => timed(command, checkout, env);
  for (let run = 0; run < WARM_UP; run++) {
    timedHere(bare);
    timedHere([bin, ...argv]);
  }
  const nodeTimes: number[] = [];
  const recapTimes: number[] = [];
  const ratios: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    let node: number;
    let recap: number;
    if (pair % 2 === 0) {
      node = timedHere(bare);
      recap = timedHere([bin, ...argv]);
    } else {
      recap = timedHere([bin, ...argv]);
      node = timedHere(bare);
    }
    nodeTimes.push(node);
    recapTimes.push(recap);
    ratios.push(recap / node);
  }
  return { node: median(nodeTimes), recap: median(recapTimes), ratio: median(ratios) };
}

const format = (value: number, digits = 1) => value.toFixed(digits);

function table(root: string, compare: string | undefined, env: Environment): void {
  const header = ['command', "node -e '' ms", 'recap ms', '× node', 'target', ...(compare === undefined ? [] : ['before ms', 'before × node'])];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const scenario of SCENARIOS) {
    const measured = measure(root, scenario.argv, env);
    const verdict = measured.ratio <= scenario.target ? '✓' : '✗';
    const cells = [scenario.name, format(measured.node), format(measured.recap), format(measured.ratio, 2), `≤ ${scenario.target} ${verdict}`];
    if (compare !== undefined) {
      const other = measure(path.resolve(compare), scenario.argv, env);
      cells.push(format(other.recap), format(other.ratio, 2));
    }
    console.log(`| ${cells.join(' | ')} |`);
  }
}

export function runStartupBenchmark(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const compare = process.env.RECAP_BENCH_STARTUP_COMPARE;
  const user = userEnvironment();
  const set = NODE_START_VARIABLES.filter((name) => user[name] !== undefined);
  console.log(`\nStart-up: the built CLI (bin/recap.js) against node -e '' — median of ${PAIRS} paired runs each, node ${process.version}`);
  console.log(`Environment: this one, without model keys or CI${set.length === 0 ? '' : ` (with ${set.join(', ')})`}`);
  table(root, compare, user);
  if (set.length > 0) {
    console.log(`Environment: PATH and HOME only (no ${set.join(', ')})`);
    table(root, compare, bareEnvironment());
  }
}
