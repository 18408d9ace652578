// `recap report` on results that do not add up as they look: a session file replaced by another
// session since the run, a line that is both a result and an error, numbers wider than a double's
// range, results of several setups side by side. In-process, offline.

import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixture = (name: string) => path.join(REPOSITORY, 'sessions-fixtures', name);
const jsonl = (...lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');
const setup = (profile: string, sha: string) => ({ profile, profile_sha256: sha.repeat(64), provider: 'extractive', model: 'extractive-v1', privacy_sha256: null, cwd: '.' });
const ok = (id: string, file: string, extra: object = {}) => ({ session_id: id, file, result: { summary: 'fine' }, tokens: { prompt: 10, output: 1, total: 11 }, model: 'extractive-v1', ms: 5, ...extra });

let work: string;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-report-checks-'));
  await mkdir(path.join(work, 's'));
});

describe('a session file replaced since the run', () => {
  it('is not read for the patterns of the session its line names: listed as not read, with a warning naming the file', async () => {
    await copyFile(fixture('checkout-abandon.json'), path.join(work, 's', 'visit.json'));
    await copyFile(fixture('onboarding-success.json'), path.join(work, 's', 'other.json'));
    const ran = await runCli(['run', path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), 's/', '--output', 'results.jsonl'], { cwd: work });
    expect(ran.code).toBe(0);
    const before = JSON.parse((await runCli(['report', 'results.jsonl', '--json', '--min-sessions', '1'], { cwd: work })).stdout) as { patterns: { dead_clicks: unknown[] }; read: number };
    expect(before.read).toBe(2);

    await copyFile(fixture('search-dead-clicks.json'), path.join(work, 's', 'visit.json'));
    const after = await runCli(['report', 'results.jsonl', '--json', '--min-sessions', '1'], { cwd: work });
    expect(after.code).toBe(0);
    expect(after.stderr).toContain(
      'warning: s/visit.json now holds the session u-5530:s-40412, not u-1001:s-9001 that its line in results.jsonl names; that session is left out of the patterns\n',
    );
    const data = JSON.parse(after.stdout) as { read: number; unread: { file: string; message: string }[]; patterns: { dead_clicks: { sessions: { session_id: string }[] }[] } };
    expect(data.read).toBe(1);
    expect(data.unread).toEqual([{ file: 's/visit.json', message: expect.stringContaining('now holds the session u-5530:s-40412, not u-1001:s-9001') }]);
    // No dead click of the other session is lent to u-1001:s-9001.
    expect(data.patterns.dead_clicks.flatMap((pattern) => pattern.sessions.map((ref) => ref.session_id))).not.toContain('u-1001:s-9001');
  });
});

describe('a line with both a result and an error', () => {
  it('is refused as not a result line, naming file:line, by the report and by a resumed run alike', async () => {
    await copyFile(fixture('checkout-abandon.json'), path.join(work, 's', 'checkout-abandon.json'));
    const both = { ...ok('u-1001:s-9001', 's/checkout-abandon.json'), error: { code: 'model_error', message: 'the model failed' } };
    await writeFile(path.join(work, 'results.jsonl'), jsonl(ok('u-2:s-2', 's/other.json'), both));
    const report = await runCli(['report', 'results.jsonl'], { cwd: work });
    expect(report).toEqual({ code: 2, stdout: '', stderr: 'results.jsonl:2: not a result line: a line holds "result" or "error", not both\n' });
    const resumed = await runCli(['run', path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), 's/', '--output', 'results.jsonl'], { cwd: work });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain('error: results.jsonl:2: not a result line: a line holds "result" or "error", not both\n');
  });
});

describe('numbers wider than the range of a double', () => {
  it('are reported in a histogram, in Markdown and in HTML', async () => {
    const schema = { type: 'OBJECT', properties: { amount: { type: 'NUMBER' } } };
    const answer = (n: number, amount: number) => ({ ...ok(`u:s${n}`, `${n}.json`), result: { response: { amount }, response_schema: schema } });
    await writeFile(path.join(work, 'results.jsonl'), jsonl(answer(1, 1e308), answer(2, -1e308)));
    const markdown = await runCli(['report', 'results.jsonl'], { cwd: work });
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('Number: min -1e+308, max 1e+308, mean 0, in 2 answers.');
    const html = await runCli(['report', 'results.jsonl', '--output', 'report.html'], { cwd: work });
    expect(html.code).toBe(0);
    expect(await readFile(path.join(work, 'report.html'), 'utf8')).toContain('class="chart histogram"');
  });
});

describe('results of several setups', () => {
  it('are named in a warning, and each setup in the report, with its sessions', async () => {
    await writeFile(path.join(work, 'a.jsonl'), jsonl(ok('u-1:s-1', '1.json', { run: setup('plain-summary.yaml', 'a') }), ok('u-2:s-2', '2.json', { run: setup('plain-summary.yaml', 'a') })));
    await writeFile(path.join(work, 'b.jsonl'), jsonl(ok('u-3:s-3', '3.json', { run: setup('how-it-ended.yaml', 'b') })));
    const markdown = await runCli(['report', 'a.jsonl', 'b.jsonl'], { cwd: work });
    expect(markdown.code).toBe(0);
    expect(markdown.stderr).toContain(
      'warning: the results mix 2 setups, which the report adds up as one: plain-summary.yaml on extractive/extractive-v1 (2 session(s), in a.jsonl); how-it-ended.yaml on extractive/extractive-v1 (1 session(s), in b.jsonl); report each results file on its own to compare them\n',
    );
    expect(markdown.stdout).toContain(
      'From `a.jsonl`, `b.jsonl`, made with 2 setups, added up here: `plain-summary.yaml` on extractive/extractive-v1 (2 sessions); `how-it-ended.yaml` on extractive/extractive-v1 (1 session).\n',
    );
    const html = await runCli(['report', 'a.jsonl', 'b.jsonl', '--output', 'report.html'], { cwd: work });
    expect(html.code).toBe(0);
    const page = await readFile(path.join(work, 'report.html'), 'utf8');
    expect(page).toContain('<code>plain-summary.yaml</code> on extractive/extractive-v1 <span class="muted">(2 sessions)</span>');
    expect(page).toContain('<code>how-it-ended.yaml</code> on extractive/extractive-v1');

    const json = JSON.parse((await runCli(['report', 'a.jsonl', 'b.jsonl', '--json'], { cwd: work })).stdout) as { setups: { profile: string; sessions: number }[] };
    expect(json.setups.map((item) => [item.profile, item.sessions])).toEqual([['plain-summary.yaml', 2], ['how-it-ended.yaml', 1]]);

    const alone = await runCli(['report', 'a.jsonl'], { cwd: work });
    expect(alone.stderr).not.toContain('setups');
    expect(alone.stdout).toContain('From `a.jsonl`, made with `plain-summary.yaml` on extractive/extractive-v1.\n');
  });

  it('tell an edited profile of the same name apart by its hash', async () => {
    await writeFile(path.join(work, 'a.jsonl'), jsonl(ok('u-1:s-1', '1.json', { run: setup('p.yaml', 'a') })));
    await writeFile(path.join(work, 'b.jsonl'), jsonl(ok('u-2:s-2', '2.json', { run: setup('p.yaml', 'b') })));
    const run = await runCli(['report', 'a.jsonl', 'b.jsonl'], { cwd: work });
    expect(run.stderr).toContain('p.yaml on extractive/extractive-v1 (profile sha256 aaaaaaaaaaaa…, no privacy rules) (1 session(s), in a.jsonl)');
    expect(run.stdout).toContain('`p.yaml` on extractive/extractive-v1 (profile sha256 bbbbbbbbbbbb…, no privacy rules) (1 session)');
  });
});
