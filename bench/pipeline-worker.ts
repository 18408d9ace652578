// One pipeline measurement in a fresh process.
// Usage (bundled first, see bundled-worker.ts): node --expose-gc dist/bench/pipeline-worker.mjs <operation> <fixture.json> <runs> <memory|timing|alone|mixed>
//
// memory: one run of the operation alone, so that the process's peak RSS is its own.
// timing: warm-up runs, then timed runs of the operation interleaved with JSON.parse of the same
//   text, each pair under the same heap and machine conditions; prints the medians and the median
//   of the per-pair ratios (on a shared VM, separate processes drift by tens of percent).
// alone: warm-up runs, then timed runs of the operation and of nothing else, each on the session
//   parsed afresh from the file: prepare with rules and prepare without are compared process
//   against process (bench/pipeline.ts), each as a process that runs only it runs it.
// mixed: for a `*-privacy` operation, its runs interleaved with prepare without rules, as a server
//   whose organisations have rules and others none runs them; prints the median of each, so that
//   prepare without rules here can be compared with its runs alone (see docs/benchmarks.md).
// Prints one JSON line.

import { readFileSync } from 'node:fs';
import { prepare } from '../src/pipeline/prepare.js';
import { compilePrivacyRules, type PrivacyRules } from '../src/privacy/privacy-rules.js';
import type { Profile } from '../src/profile/profile-schema.js';
import { parseSession } from '../src/session/parse-session.js';
import type { Session } from '../src/session/session-schema.js';

const [operation = '', file, runsArgument, mode = 'timing'] = process.argv.slice(2);
const runs = Number(runsArgument ?? 3);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const PROFILES: Record<string, Profile> = {
  'prepare-limited': { slice: { mode: 'LAST', event_limit: 500 } },
  'prepare-full': {},
};

/** Every preset on: what the issue calls the default presets. */
function allPresets(): PrivacyRules {
  const compiled = compilePrivacyRules({ presets: ['email', 'card', 'phone', 'iban', 'ip', 'secret'] });
  if (!compiled.success) throw new Error(`privacy rules: ${JSON.stringify(compiled.problems)}`);
  return compiled.rules;
}

const privacy = operation.endsWith('-privacy');
const profile = PROFILES[operation.replace(/-privacy$/, '')];
const rules = privacy ? allPresets() : undefined;
const text = readFileSync(file ?? '', 'utf8');
const session = operation.startsWith('prepare') ? parseSession(text) : undefined;

/** The operation on `input` (a session for prepare; ignored otherwise). */
function once(input: Session | undefined = session): unknown {
  switch (operation) {
    case 'json-parse':
      return JSON.parse(text);
    case 'parse-session':
      return parseSession(text);
    case 'prepare-limited':
    case 'prepare-full':
    case 'prepare-limited-privacy':
    case 'prepare-full-privacy':
      return prepare(profile as Profile, input!, { privacy: rules });
    default:
      throw new Error(`unknown operation ${operation}`);
  }
}

/**
 * Every run alone gets a session parsed afresh from the file (before the clock starts), as a loaded
 * session is: no run reuses the work of another on the same objects.
 */
const alone = mode === 'alone' || mode === 'mixed';
const freshSession = (): Session | undefined => (alone ? parseSession(text) : session);
const baseline = () => JSON.parse(text) as unknown;

/** Milliseconds for one call of `run` on `input` (a fresh one by default), from a freshly collected heap; the result is dropped. */
function timed(run: (input: Session | undefined) => unknown, input = freshSession()): number {
  gc();
  const started = performance.now();
  const result = run(input);
  const elapsed = performance.now() - started;
  // Keep the result alive until the clock has stopped.
  if (result === undefined) throw new Error('no result');
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Timed runs of the operation interleaved with `other`, after untimed ones, so that the timed ones
 * measure optimised code, as a long-lived studio or server runs it: as many as the timed runs, at
 * least two (small inputs need more of them before the JIT has seen enough events); `other` gets
 * the same. Each pair alternates which goes first, so that neither always runs on the other's
 * leftover heap.
 */
function interleaved(other: (input: Session | undefined) => unknown): { warmUps: number; times: number[]; baselines: number[]; ratios: number[] } {
  const warmUps = Math.max(2, runs);
  for (let warmUp = 0; warmUp < warmUps; warmUp++) {
    timed(once);
    timed(other);
  }
  const times: number[] = [];
  const baselines: number[] = [];
  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    const first = run % 2 === 0;
    const base = first ? timed(other) : Number.NaN;
    const time = timed(once);
    const after = first ? base : timed(other);
    times.push(time);
    baselines.push(after);
    ratios.push(time / after);
  }
  return { warmUps, times, baselines, ratios };
}

if (mode === 'memory') {
  const rssBefore = process.memoryUsage().rss;
  // The parsed session itself: a copy would count twice.
  timed(once, session);
  process.stdout.write(`${JSON.stringify({ operation, maxRssMb: process.resourceUsage().maxRSS / 1024, rssBeforeMb: rssBefore / 2 ** 20 })}\n`);
} else if (mode === 'mixed') {
  const plain = (input: Session | undefined) => prepare(profile as Profile, input!);
  const { warmUps, times, baselines } = interleaved(plain);
  process.stdout.write(`${JSON.stringify({ operation, medianMs: median(times), baselineMs: median(baselines), runs, warmUps })}\n`);
} else if (alone) {
  // As many untimed runs as timed ones first, at least two (see below).
  const warmUps = Math.max(2, runs);
  for (let warmUp = 0; warmUp < warmUps; warmUp++) timed(once);
  const times = Array.from({ length: runs }, () => timed(once));
  const replacements = privacy ? (once(freshSession()) as ReturnType<typeof prepare>).privacy : undefined;
  process.stdout.write(`${JSON.stringify({ operation, medianMs: median(times), runs, warmUps, replacements })}\n`);
} else {
  const { warmUps, times, baselines, ratios } = interleaved(baseline);
  const replacements = privacy ? (once(freshSession()) as ReturnType<typeof prepare>).privacy : undefined;
  process.stdout.write(
    `${JSON.stringify({ operation, medianMs: median(times), baselineMs: median(baselines), ratio: median(ratios), runs, warmUps, replacements })}\n`,
  );
}
