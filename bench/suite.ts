// Benchmark of `recap test` replaying 1,000 cases from cassettes (CI mode, no model calls),
// next to a baseline measured in the same run: reading and parsing the same cassette files.

import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testCommand } from '../src/cli/test-command.js';
import type { SummaryModel } from '../src/models/summary-model.js';
import { generateLongSession, serializeSession } from '../scripts/generate-long-session.js';

const CASES = Number(process.env.RECAP_BENCH_CASES ?? 1000);

const quiet = { write: () => true };

// Answers for the recording pass: instant, so that recording is not what is measured.
const recorder: SummaryModel = {
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  kind: 'language-model',
  async generate(request) {
    return { text: `Recorded for the benchmark (not a model): ${request.prompt.length} characters.`, model: 'gemini-2.5-flash', usage: { promptTokens: 900, outputTokens: 20, totalTokens: 920 } };
  },
};

async function workspace(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'recap-bench-suite-'));
  await mkdir(path.join(directory, 'sessions'));
  await writeFile(path.join(directory, 'profile.yaml'), 'llm:\n  pre_prompt: Summarise.\nslice:\n  mode: LAST\n  event_limit: 40\nevents:\n  exclude_types: [element-seen]\n');
  const cases: string[] = [];
  for (let index = 0; index < CASES; index++) {
    await writeFile(path.join(directory, 'sessions', `s${index}.json`), serializeSession(generateLongSession({ events: 60, seed: index + 1 })));
    cases.push(`  - name: case ${index}
    session: sessions/s${index}.json
    prompt: { kept_events: { min: 1, max: 40 }, excludes_types: [element-seen], not_contains: ["</script>"] }
    expect: { summary_contains: ["characters"], summary_not_contains: [refund] }`);
  }
  await writeFile(path.join(directory, 'bench.recap.yaml'), `profile: profile.yaml\nprovider: gemini\ncases:\n${cases.join('\n')}\n`);
  return directory;
}

export async function runSuiteBenchmark(): Promise<void> {
  console.log(`\n## recap test: ${CASES.toLocaleString('en')} cases replayed from cassettes (CI mode, default concurrency 4)\n`);
  const directory = await workspace();
  const io = (env: Record<string, string>) => ({ stdout: quiet, stderr: quiet, env, cwd: directory });
  const recorded = await testCommand([], {}, io({ GEMINI_API_KEY: 'bench' }), { createModel: async () => recorder });
  if (recorded !== 0) throw new Error(`recording pass failed with exit code ${recorded}`);

  const cassettes = path.join(directory, '.recap', 'cassettes');
  const baselineStarted = performance.now();
  for (const file of await readdir(cassettes)) JSON.parse(await readFile(path.join(cassettes, file), 'utf8'));
  const baselineMs = performance.now() - baselineStarted;

  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const code = await testCommand([], {}, io({ CI: 'true' }), { createModel: async () => Promise.reject(new Error('no live calls in the benchmark')) });
    times.push(performance.now() - started);
    if (code !== 0) throw new Error(`replay pass failed with exit code ${code}`);
  }
  times.sort((a, b) => a - b);
  const wall = times[1] as number;
  console.log(`wall time (median of 3)           ${wall.toFixed(0).padStart(7)} ms   target < 5,000 ms ${wall < 5000 ? '✓' : '✗'}`);
  console.log(`per case                          ${(wall / CASES).toFixed(2).padStart(7)} ms   (load, prepare, assertions, cassette read, report)`);
  console.log(`baseline: read + JSON.parse of the ${CASES} cassettes ${baselineMs.toFixed(0)} ms (${(baselineMs / CASES).toFixed(2)} ms per case); ratio ${(wall / baselineMs).toFixed(1)}×`);
}
