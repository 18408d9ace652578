// Benchmark of summaries in the server: summaries/s and latency on a 10,000-event session with the
// Gemini adapter pointed at the local stand-in (answering at once), and the server's own overhead
// per summary (everything but the model), from the Server-Timing header of each answer.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { main } from '../src/cli/main.js';
import { generateLongSession, serializeSession } from '../scripts/generate-long-session.js';
import { startGeminiStandIn } from '../test/support/gemini-stand-in.js';

const REQUESTS = Number(process.env.RECAP_BENCH_SUMMARIES ?? 400);
const CLIENTS = 10;
const EVENTS = 10_000;
const quiet = { write: () => true };

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number;
};

function serve(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/recap.js', 'serve', '--port', '0', '--data-dir', dataDir, '--summary-cache', 'off'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match === null) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ child, url: match[1] as string });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`recap serve exited with ${code}`)));
  });
}

async function cli(argv: string[]): Promise<string> {
  let out = '';
  const code = await main(argv, { stdout: { write: (text: string) => (out += text) }, stderr: quiet, env: {}, cwd: process.cwd() });
  if (code !== 0) throw new Error(`recap ${argv.join(' ')} failed with ${code}`);
  return out;
}

export async function runSummariesBenchmark(): Promise<void> {
  console.log(`\n## Summaries: ${REQUESTS} requests (${CLIENTS} clients, cache off) on a ${EVENTS.toLocaleString('en')}-event session, Gemini adapter → local stand-in\n`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'recap-bench-summaries-'));
  const fixture = path.join(dataDir, 'long.json');
  await writeFile(fixture, serializeSession(generateLongSession({ events: EVENTS, seed: 7 })));
  await cli(['admin', 'org', 'create', 'bench', '--data-center', 'na1', '--data-dir', dataDir]);
  const { key } = JSON.parse(await cli(['admin', 'key', 'create', '--org', 'bench', '--name', 'b', '--level', 'architect', '--data-dir', dataDir, '--json'])) as { key: string };
  const sessionId = /as (\S+)/.exec(await cli(['admin', 'sessions', 'import', '--org', 'bench', '--data-dir', dataDir, fixture]))?.[1] ?? '';

  const standIn = await startGeminiStandIn({ replies: [] });
  const server = await serve(dataDir, { GEMINI_API_KEY: 'bench', GOOGLE_GEMINI_BASE_URL: standIn.url });
  const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
  const profiles: Record<string, string> = {};
  for (const name of ['plain-summary', 'friction-report']) {
    const body = JSON.stringify(parseYaml(readFileSync(path.join('profiles', `${name}.yaml`), 'utf8')));
    profiles[name] = ((await (await fetch(`${server.url}/v2/visit_profile`, { method: 'POST', headers, body })).json()) as { id: string }).id;
  }

  // The model's own round trip, measured in the same run: the stand-in asked directly.
  const direct: number[] = [];
  for (let index = 0; index < 50; index++) {
    const begun = performance.now();
    await (await fetch(`${standIn.url}/v1beta/models/gemini-2.5-flash:generateContent`, { method: 'POST', headers: { 'x-goog-api-key': 'bench', 'content-type': 'application/json' }, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x'.repeat(20_000) }] }] }) })).arrayBuffer();
    direct.push(performance.now() - begun);
  }

  console.log(`${'profile'.padEnd(18)} ${'summaries/s'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'overhead p50'.padStart(13)} ${'overhead p99'.padStart(13)}  (overhead = total − model, from Server-Timing; target p99 ≤ 15 ms)`);
  for (const [name, id] of Object.entries(profiles)) {
    const latencies: number[] = [];
    const overheads: number[] = [];
    const url = `${server.url}/v2/sessions/${encodeURIComponent(sessionId)}/summary?config_profile=${id}`;
    await (await fetch(url, { headers })).arrayBuffer();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < REQUESTS) {
          next++;
          const begun = performance.now();
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`summary answered ${response.status}`);
          latencies.push(performance.now() - begun);
          const timing = response.headers.get('server-timing') ?? '';
          const model = Number(/model;dur=([\d.]+)/.exec(timing)?.[1]);
          const total = Number(/total;dur=([\d.]+)/.exec(timing)?.[1]);
          overheads.push(total - model);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const overheadP99 = percentile(overheads, 0.99);
    console.log(
      `${name.padEnd(18)} ${(REQUESTS / seconds).toFixed(0).padStart(12)} ${percentile(latencies, 0.5).toFixed(1).padStart(8)} ${percentile(latencies, 0.99).toFixed(1).padStart(8)} ${percentile(overheads, 0.5).toFixed(2).padStart(13)} ${overheadP99.toFixed(2).padStart(13)} ${overheadP99 <= 15 ? '✓' : '✗'}`,
    );
  }
  console.log(`baseline: the stand-in asked directly (20 kB prompt): p50 ${percentile(direct, 0.5).toFixed(2)} ms, p99 ${percentile(direct, 0.99).toFixed(2)} ms`);
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await standIn.close();
}
