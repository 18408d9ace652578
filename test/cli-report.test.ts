// `recap report` flags: privacy rules on the sessions the patterns come from, --json and .md
// output, --min-sessions, several results files (the last line of a session wins).

import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let work: string;

const event = (type: string, second: number, fields: Record<string, unknown> = {}) => ({ type, timestamp: `2026-11-20T10:00:${String(second).padStart(2, '0')}Z`, ...fields });
const ok = (n: number) => ({ session_id: `u-${n}:s-${n}`, file: `s${n}.json`, result: { summary: `session ${n}` }, tokens: { prompt: 100, output: 10, total: 110 }, model: 'gemini-2.5-flash', ms: 50 });
const jsonl = (...lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-report-'));
  for (const n of [1, 2, 3]) {
    const events = [
      event('navigate', 1, { url: `https://shop.test/account/${n}` }),
      event('console-error', 2, { message: `Invite failed for ana.${n === 3 ? 'other' : 'lima'}@example.com` }),
    ];
    await writeFile(path.join(work, `s${n}.json`), JSON.stringify({ id: `u-${n}:s-${n}`, events }));
  }
  await writeFile(path.join(work, 'privacy.yaml'), 'presets: [email]\n');
  await writeFile(path.join(work, 'first.jsonl'), jsonl(ok(1), { session_id: 'u-2:s-2', file: 's2.json', error: { code: 'model_error', message: '503' } }));
  await writeFile(path.join(work, 'second.jsonl'), jsonl(ok(2), ok(3)));
});

describe('recap report', () => {
  it('takes the last line of each session across files', async () => {
    const run = await runCli(['report', 'first.jsonl', 'second.jsonl', '--json'], { cwd: work });
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout) as { totals: { sessions: number; ok: number; failed: number } };
    expect(data.totals).toMatchObject({ sessions: 3, ok: 3, failed: 0 });
  });

  it('applies --privacy to the sessions before reading patterns, so that emails never show', async () => {
    const plain = await runCli(['report', 'first.jsonl', 'second.jsonl'], { cwd: work });
    expect(plain.stdout).toContain('Invite failed for ana.lima@example.com');
    const masked = await runCli(['report', 'first.jsonl', 'second.jsonl', '--privacy', 'privacy.yaml', '--min-sessions', '3'], { cwd: work });
    expect(masked.code).toBe(0);
    expect(masked.stdout).not.toContain('@example.com');
    // With the addresses masked the three messages are one, in 3 sessions.
    expect(masked.stdout).toContain('| Invite failed for \\[email\\] | 3 | 3 |');
    // Account pages fold their ids: every session ends on the same page.
    expect(masked.stdout).toContain('| shop.test/account/:id | 3 | 3 |');
  });

  it('writes Markdown to a .md file and refuses an unknown extension', async () => {
    const run = await runCli(['report', 'second.jsonl', '--output', 'report.md'], { cwd: work });
    expect(run.code).toBe(0);
    expect(await readFile(path.join(work, 'report.md'), 'utf8')).toMatch(/^# recap report\n/);
    const bad = await runCli(['report', 'second.jsonl', '--output', 'report.pdf'], { cwd: work });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --output report.pdf: expected a .md, .html or .json file\n');
  });

  it('links each session where it was read: beside the results file, and with #, ? and spaces in its name', async () => {
    // A run made in runs/, naming its sessions relative to runs/; the report runs from one level up.
    await mkdir(path.join(work, 'runs', 'odd dir'), { recursive: true });
    const names = ['odd dir/a#1.json', 'odd dir/b?.json', 'odd dir/100%.json'];
    for (const [index, name] of names.entries()) await writeFile(path.join(work, 'runs', name), await readFile(path.join(work, `s${index + 1}.json`)));
    await writeFile(path.join(work, 'runs', 'results.jsonl'), jsonl(...names.map((name, index) => ({ ...ok(index + 1), file: name }))));
    const markdown = await runCli(['report', 'runs/results.jsonl'], { cwd: work });
    expect(markdown.code).toBe(0);
    expect(markdown.stderr).toBe('');
    expect(markdown.stdout).toContain('[u-1:s-1](runs/odd%20dir/a%231.json)');
    expect(markdown.stdout).toContain('[u-2:s-2](runs/odd%20dir/b%3F.json)');
    expect(markdown.stdout).toContain('[u-3:s-3](runs/odd%20dir/100%25.json)');
    const html = await runCli(['report', 'runs/results.jsonl', '--output', 'runs/report.html'], { cwd: work });
    expect(html.code).toBe(0);
    const page = await readFile(path.join(work, 'runs', 'report.html'), 'utf8');
    expect(page).toContain('href="odd%20dir/a%231.json"');
    expect(page).toContain('href="odd%20dir/100%25.json"');
  });

  it('keeps two sessions apart that two results files name alike but read from different folders', async () => {
    for (const [run, n] of [['run-a', 1], ['run-b', 2]] as const) {
      await mkdir(path.join(work, run, 'sessions'), { recursive: true });
      await writeFile(path.join(work, run, 'sessions', 'visit.json'), await readFile(path.join(work, `s${n}.json`)));
      await writeFile(path.join(work, run, 'results.jsonl'), jsonl({ ...ok(n), file: 'sessions/visit.json' }));
    }
    const run = await runCli(['report', 'run-a/results.jsonl', 'run-b/results.jsonl', '--json'], { cwd: work });
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout) as { totals: { sessions: number; ok: number }; read: number };
    expect(data.totals).toMatchObject({ sessions: 2, ok: 2 });
    expect(data.read).toBe(2);
  });

  it('refuses --json with an --output that is not a .json file, rather than write JSON into report.html', async () => {
    for (const output of ['json-in.html', 'json-in.md', 'json-in.pdf']) {
      const run = await runCli(['report', 'second.jsonl', '--json', '--output', output], { cwd: work });
      expect(run.code, output).toBe(2);
      expect(run.stderr, output).toBe(`error: --output ${output}: --json writes JSON; give a .json file, or leave out --json to write ${output.endsWith('.pdf') ? 'a .md or .html file' : 'this one'}\n`);
    }
    const json = await runCli(['report', 'second.jsonl', '--json', '--output', 'data.json'], { cwd: work });
    expect(json.code).toBe(0);
    expect(JSON.parse(await readFile(path.join(work, 'data.json'), 'utf8'))).toHaveProperty('totals');
  });

  it('warns when a results file replaces the lines of another setup (another profile), naming both', async () => {
    const setup = (profile: string, sha: string) => ({ profile, profile_sha256: sha.repeat(64), provider: 'gemini', model: 'gemini-2.5-flash', privacy_sha256: null });
    await writeFile(path.join(work, 'profile-a.jsonl'), jsonl({ ...ok(1), run: setup('profiles/a.yaml', 'a') }, { ...ok(2), run: setup('profiles/a.yaml', 'a') }));
    await writeFile(path.join(work, 'profile-b.jsonl'), jsonl({ ...ok(1), run: setup('profiles/b.yaml', 'b') }, { ...ok(2), run: setup('profiles/b.yaml', 'b') }));
    const run = await runCli(['report', 'profile-a.jsonl', 'profile-b.jsonl', '--json'], { cwd: work });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'warning: 2 session(s) have results of different setups: the last line counts, so profile-b.jsonl (profiles/b.yaml on gemini/gemini-2.5-flash) replaces profile-a.jsonl (profiles/a.yaml on gemini/gemini-2.5-flash) for them; report each results file on its own to compare them\n',
    );
    // A resumed run of the same setup replaces lines without a word.
    const same = await runCli(['report', 'profile-a.jsonl', 'profile-a.jsonl', '--json'], { cwd: work });
    expect(same.stderr).toBe('');
  });

  it('names a results file that is missing', async () => {
    const run = await runCli(['report', 'nothing.jsonl'], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: nothing.jsonl: no such results file\n');
  });

  it('warns of a results file with no line, and refuses to report nothing', async () => {
    await writeFile(path.join(work, 'empty.jsonl'), '');
    const alone = await runCli(['report', 'empty.jsonl'], { cwd: work });
    expect(alone).toEqual({
      code: 2,
      stdout: '',
      stderr: 'warning: empty.jsonl holds no result line\nerror: empty.jsonl: no result line to report (results files are written by recap run ... --output results.jsonl)\n',
    });
    const withOther = await runCli(['report', 'empty.jsonl', 'second.jsonl'], { cwd: work });
    expect(withOther.code).toBe(0);
    expect(withOther.stderr).toBe('warning: empty.jsonl holds no result line\n');
  });

  it('refuses --summarize with the offline extractive model', async () => {
    const run = await runCli(['report', 'second.jsonl', '--summarize', '--provider', 'extractive'], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--summarize needs a language model');
  });
});
