// `recap report --privacy`: a session id that holds personal data (a fixture named after its
// user's email) shows as the prompt showed it, in the report and in the prompt of --summarize.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';

let work: string;
let standIn: GeminiStandIn;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  work = await mkdtemp(path.join(tmpdir(), 'recap-report-privacy-'));
  const lines: string[] = [];
  for (const [n, user] of ['bob@example.com', 'u-2'].entries()) {
    const id = `${user}:s-${n}`;
    const events = [{ type: 'dead-click', timestamp: '2026-11-20T10:00:01Z', target: { selector: 'img.hero', text: 'Hero' } }];
    await writeFile(path.join(work, `s${n}.json`), JSON.stringify({ id, events }));
    lines.push(JSON.stringify({ session_id: id, file: `s${n}.json`, result: { summary: `dead click on the hero image` }, tokens: { prompt: 100, output: 10, total: 110 }, model: 'gemini-2.5-flash', ms: 5 }));
  }
  await writeFile(path.join(work, 'results.jsonl'), `${lines.join('\n')}\n`);
  await writeFile(path.join(work, 'privacy.yaml'), 'presets: [email]\n');
});

afterAll(async () => standIn.close());

describe('recap report --privacy and session ids', () => {
  it('shows a session id with its email replaced, in the report and in what --summarize sends', async () => {
    const report = await runCli(['report', 'results.jsonl', '--privacy', 'privacy.yaml', '--min-sessions', '2'], { cwd: work });
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('\\[email\\]:s-0');
    expect(report.stdout).not.toContain('bob@example.com');

    standIn.enqueue('Both sessions dead-clicked the hero image [[email]:s-0] [u-2:s-1].');
    const env = { GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: standIn.url, PATH: process.env.PATH ?? '' };
    const summarized = await runCli(['report', 'results.jsonl', '--privacy', 'privacy.yaml', '--min-sessions', '2', '--summarize'], { cwd: work, env });
    expect(summarized.stderr).toBe('');
    expect(summarized.code).toBe(0);
    const sent = JSON.stringify(standIn.requests.map((request) => request.body));
    expect(sent).toContain('[email]:s-0');
    expect(sent).not.toContain('bob@example.com');
  });
});
