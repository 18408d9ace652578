// Privacy rules beyond the prompt: what many-session commands print and report about sessions whose
// rules protect their ids and texts (docs/privacy.md#where-else-a-protected-value-could-show).

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let work: string;

const PROFILE = 'guarded/profile.yaml';

/** A session named after its user's email, whose console error names another customer and an order. */
function session(n: number): string {
  return JSON.stringify({
    id: `ada@example.com:s-${n}`,
    user: { id: 'ada@example.com' },
    events: [
      { type: 'navigate', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://shop.example/done?token=TOK99x' },
      { type: 'console-error', timestamp: '2026-03-01T10:00:01.000Z', message: 'contact bob@example.org about ORD-123456' },
    ],
  });
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-privacy-channels-'));
  await mkdir(path.join(work, 'guarded'));
  await mkdir(path.join(work, 's'));
  await writeFile(path.join(work, PROFILE), 'llm:\n  pre_prompt: Summarise.\n');
  await writeFile(path.join(work, 'guarded', 'privacy.yaml'), 'presets: [email]\npatterns:\n  order: "ORD-[0-9]{6}"\nstrip_url_params: [token]\n');
  for (const n of [1, 2]) await writeFile(path.join(work, 's', `${n}.json`), session(n));
});

afterEach(async () => rm(work, { recursive: true, force: true }));

const RAW = /ada@example|bob@example|ORD-123456|TOK99x/;

describe('privacy rules outside the prompt', () => {
  it('a many-session dry run shows session ids as the prompt shows them', async () => {
    const text = await runCli(['run', PROFILE, 's/*.json', '--dry-run'], { cwd: work });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('s/1.json ([email]:s-1)');
    const json = await runCli(['run', PROFILE, 's/*.json', '--dry-run', '--json'], { cwd: work });
    expect(JSON.parse(json.stdout).sessions.map((row: { session_id: string }) => row.session_id)).toEqual(['[email]:s-1', '[email]:s-2']);
    for (const run of [text, json]) expect(`${run.stdout}${run.stderr}`).not.toMatch(RAW);
  });

  it('recap report applies the rules its results were made under, found next to their profile', async () => {
    const run = await runCli(['run', PROFILE, 's', '--output', 'results.jsonl'], { cwd: work });
    expect(run.code).toBe(0);
    const report = await runCli(['report', 'results.jsonl'], { cwd: work });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    // The recurring console error is a pattern, and the page where the sessions end.
    expect(report.stdout).toContain('contact \\[email\\] about \\[order\\]');
    expect(report.stdout).toContain('\\[email\\]:s-1');
    expect(report.stdout).not.toMatch(RAW);
  });

  it('recap report stops on rules its results were made under that it cannot find as they were', async () => {
    await runCli(['run', PROFILE, 's', '--output', 'results.jsonl'], { cwd: work });
    await writeFile(path.join(work, 'guarded', 'privacy.yaml'), 'presets: [card]\n');
    const edited = await runCli(['report', 'results.jsonl'], { cwd: work });
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(/results\.jsonl: 2 session\(s\) were summarized under privacy rules \(sha256 [0-9a-f]{12}…\) that differ from guarded\/privacy\.yaml, next to the profile \(edited since, or the run named others\); name them with --privacy FILE/);
    expect(edited.stdout).toBe('');
    await rm(path.join(work, 'guarded', 'privacy.yaml'));
    const gone = await runCli(['report', 'results.jsonl'], { cwd: work });
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('that are not at guarded/privacy.yaml, next to the profile');
    // Named rules apply, whatever the lines record.
    await writeFile(path.join(work, 'rules.yaml'), 'presets: [email]\npatterns:\n  order: "ORD-[0-9]{6}"\n');
    const named = await runCli(['report', 'results.jsonl', '--privacy', 'rules.yaml'], { cwd: work });
    expect(named.code).toBe(0);
    expect(named.stdout).not.toMatch(RAW);
  });

  it('recap report --privacy shows the session of a server line, which its file names by id, as its id shows', async () => {
    const line = { session_id: 'ada@example.com:s-1', file: 'ada@example.com:s-1', result: { summary: 'ok' }, tokens: { prompt: 1, output: 1, total: 2 }, model: 'm', ms: 1 };
    await writeFile(path.join(work, 'server.jsonl'), `${JSON.stringify(line)}\n`);
    for (const format of [[], ['--json'], ['--output', 'report.html']]) {
      const report = await runCli(['report', 'server.jsonl', '--privacy', 'guarded/privacy.yaml', ...format], { cwd: work });
      expect(report.code).toBe(0);
      const shown = format[0] === '--output' ? await readFile(path.join(work, 'report.html'), 'utf8') : report.stdout;
      expect(shown).toContain('s-1');
      expect(`${shown}${report.stderr}`).not.toMatch(RAW);
    }
  });
});
