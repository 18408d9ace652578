// Resuming a many-session run, as users hit it: a copy of a session in the folder, a results file
// that is not one, one written with another profile, --output paths that name an input or a
// folder that is missing. Offline (the extractive model), in-process.

import { copyFile, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROFILE = path.join(REPOSITORY, 'profiles', 'plain-summary.yaml');
const FIXTURE = path.join(REPOSITORY, 'sessions-fixtures', 'checkout-abandon.json');

let work: string;

async function readLines(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(path.join(work, file), 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-resume-'));
  await mkdir(path.join(work, 'dups'));
  await copyFile(FIXTURE, path.join(work, 'dups', 'checkout-abandon.json'));
  await copyFile(FIXTURE, path.join(work, 'dups', 'dup.json'));
});

describe('a session in two files', () => {
  it('stays a duplicate_session line when the run is resumed, never a second result', async () => {
    const first = await runCli(['run', PROFILE, 'dups', '--output', 'r.jsonl', '--concurrency', '1'], { cwd: work });
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('failed    1 (duplicate_session 1; fix or leave out the files behind duplicate_session: a rerun meets them again)');

    const again = await runCli(['run', PROFILE, 'dups', '--output', 'r.jsonl'], { cwd: work });
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('failed    1 (duplicate_session 1;');
    const lines = await readLines('r.jsonl');
    expect(lines.filter((line) => 'result' in line)).toEqual([expect.objectContaining({ file: 'dups/checkout-abandon.json', session_id: 'u-1001:s-9001' })]);
    expect(lines.at(-1)).toMatchObject({
      session_id: 'u-1001:s-9001',
      file: 'dups/dup.json',
      error: { code: 'duplicate_session', message: 'session u-1001:s-9001 already has a result, from dups/checkout-abandon.json' },
    });

    const report = await runCli(['report', 'r.jsonl', '--json'], { cwd: work });
    expect(JSON.parse(report.stdout)).toMatchObject({ totals: { sessions: 2, ok: 1, failed: 1, failures: [{ value: 'duplicate_session', count: 1 }] } });
  });

  it('is left out of a dry run\'s total', async () => {
    const one = await runCli(['run', PROFILE, 'dups/checkout-abandon.json', '--dry-run', '--json'], { cwd: work });
    const both = await runCli(['run', PROFILE, 'dups', '--dry-run', '--json'], { cwd: work });
    const data = JSON.parse(both.stdout) as { total_tokens: number; failed: number; sessions: unknown[] };
    expect(data.total_tokens).toBe((JSON.parse(one.stdout) as { tokens: { prompt: number } }).tokens.prompt);
    expect(data.sessions[1]).toMatchObject({ file: 'dups/dup.json', session_id: 'u-1001:s-9001', error: { code: 'duplicate_session' } });
    expect(both.code).toBe(1);
    const text = await runCli(['run', PROFILE, 'dups', '--dry-run'], { cwd: work });
    expect(text.stdout).toContain('over 1 session(s), 1 duplicate(s)\n');
  });

  it('is previewed by a dry run with --output as the run would do it: what has a result is left out, a session summarized there from another file is a duplicate', async () => {
    await copyFile(path.join(REPOSITORY, 'sessions-fixtures', 'anonymous-visitor.json'), path.join(work, 'dups', 'anonymous-visitor.json'));
    const alone = await runCli(['run', PROFILE, 'dups/anonymous-visitor.json', '--dry-run', '--json'], { cwd: work });
    const visitorTokens = (JSON.parse(alone.stdout) as { tokens: { prompt: number } }).tokens.prompt;
    await runCli(['run', PROFILE, 'dups/checkout-abandon.json', '--output', 'r.jsonl'], { cwd: work });
    const dry = await runCli(['run', PROFILE, 'dups', '--output', 'r.jsonl', '--dry-run', '--json'], { cwd: work });
    const data = JSON.parse(dry.stdout) as { total_tokens: number; already_summarized: number; sessions: { file: string; error?: { code: string } }[] };
    expect(data.already_summarized).toBe(1);
    expect(data.total_tokens).toBe(visitorTokens);
    expect(data.sessions.map((row) => [row.file, row.error?.code])).toEqual([
      ['dups/anonymous-visitor.json', undefined],
      ['dups/dup.json', 'duplicate_session'],
    ]);
    const text = await runCli(['run', PROFILE, 'dups', '--output', 'r.jsonl', '--dry-run'], { cwd: work });
    expect(text.stdout).toContain('over 1 session(s), 1 duplicate(s)\nskipped   1 session(s) already summarized in r.jsonl (the run resumes after them)\n');
    // The file is only read: the dry run appends nothing.
    expect(await readLines('r.jsonl')).toHaveLength(1);
    // A results file the run would refuse is refused by its preview too.
    await writeFile(path.join(work, 'bad.jsonl'), 'garbage\n');
    const refused = await runCli(['run', PROFILE, 'dups', '--output', 'bad.jsonl', '--dry-run'], { cwd: work });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('bad.jsonl:1: not JSON');
  });
});

describe('a results file that is not one', () => {
  it.each([
    ['garbage', 'r.jsonl:2: not JSON'],
    ['{"foo":1}', 'r.jsonl:2: not a result line: "file" must be a string'],
  ])('stops the run with exit 2 at a line %s in the middle, naming file:line', async (bad, named) => {
    const first = await runCli(['run', PROFILE, 'dups/checkout-abandon.json', 'dups/dup.json', '--output', 'r.jsonl'], { cwd: work });
    expect(first.code).toBe(1);
    const [good, duplicate] = (await readFile(path.join(work, 'r.jsonl'), 'utf8')).split('\n');
    await writeFile(path.join(work, 'r.jsonl'), `${good}\n${bad}\n${duplicate}\n`);
    const again = await runCli(['run', PROFILE, 'dups', '--output', 'r.jsonl'], { cwd: work });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`error: ${named}`);
    expect(again.stderr).toContain('hint: r.jsonl is not a results file recap can resume');
    expect(await readFile(path.join(work, 'r.jsonl'), 'utf8')).toBe(`${good}\n${bad}\n${duplicate}\n`);
  });
});

describe('--output that names an input', () => {
  it('recap report refuses to write over a session a result line names, or a results file', async () => {
    await runCli(['run', PROFILE, 'dups/checkout-abandon.json', '--output', 'r.json'], { cwd: work });
    const before = await readFile(path.join(work, 'dups', 'checkout-abandon.json'), 'utf8');
    const session = await runCli(['report', 'r.json', '--output', 'dups/checkout-abandon.json'], { cwd: work });
    expect(session.code).toBe(2);
    expect(session.stderr).toBe(
      'error: --output dups/checkout-abandon.json: is the session file dups/checkout-abandon.json (of a line in r.json), which this run reads; the report would replace it (write it to another file)\n',
    );
    expect(session.stdout).toBe('');
    expect(await readFile(path.join(work, 'dups', 'checkout-abandon.json'), 'utf8')).toBe(before);

    const results = await runCli(['report', 'r.json', '--output', './r.json'], { cwd: work });
    expect(results.code).toBe(2);
    expect(results.stderr).toBe('error: --output ./r.json: is the results file r.json, which this run reads; the report would replace it (write it to another file)\n');
    expect((await readLines('r.json'))[0]).toMatchObject({ file: 'dups/checkout-abandon.json' });
  });

  it('recap run refuses to append its results to a session or the profile it reads', async () => {
    const before = await readFile(path.join(work, 'dups', 'dup.json'), 'utf8');
    const session = await runCli(['run', PROFILE, 'dups/checkout-abandon.json', 'dups/dup.json', '--output', 'dups/dup.json'], { cwd: work });
    expect(session.code).toBe(2);
    expect(session.stderr).toBe('error: --output dups/dup.json: is the session file dups/dup.json, which this run reads; the results would be appended to it (give another --output)\n');
    expect(await readFile(path.join(work, 'dups', 'dup.json'), 'utf8')).toBe(before);

    await copyFile(PROFILE, path.join(work, 'plain.yaml'));
    const profile = await runCli(['run', 'plain.yaml', 'dups/checkout-abandon.json', '--output', 'plain.yaml'], { cwd: work });
    expect(profile.code).toBe(2);
    expect(profile.stderr).toBe('error: --output plain.yaml: is the profile plain.yaml, which this run reads; the results would be appended to it (give another --output)\n');
  });
});

describe('resuming with another profile or model', () => {
  it('records the profile, its hash, the provider and the model in every line', async () => {
    const run = await runCli(['run', PROFILE, 'dups', '--output', 'r.jsonl', '--concurrency', '1'], { cwd: work });
    expect(run.code).toBe(1);
    const lines = await readLines('r.jsonl');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.run).toEqual({ profile: PROFILE, profile_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), provider: 'extractive', model: 'extractive-v1', privacy_sha256: null, cwd: '.' });
    }
  });

  it('refuses another profile, a changed profile or another model, and leaves the file alone', async () => {
    await copyFile(PROFILE, path.join(work, 'plain.yaml'));
    const first = await runCli(['run', 'plain.yaml', 'dups/checkout-abandon.json', 'dups/dup.json', '--output', 'r.jsonl'], { cwd: work });
    expect(first.code).toBe(1);
    const written = await readFile(path.join(work, 'r.jsonl'), 'utf8');

    const other = await runCli(['run', path.join(REPOSITORY, 'profiles', 'how-it-ended.yaml'), 'dups', '--output', 'r.jsonl'], { cwd: work });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /^error: r\.jsonl holds results made with plain\.yaml \(sha256 [0-9a-f]{12}…\) on extractive\/extractive-v1 \(dups\/(checkout-abandon|dup)\.json and maybe more\); this run uses .*how-it-ended\.yaml \(sha256 [0-9a-f]{12}…\) on extractive\/extractive-v1\n/,
    );
    expect(other.stderr).toContain('hint: resuming only adds the sessions without a result; give another --output, or remove r.jsonl to start over\n');
    expect(other.stdout).toBe('');

    await writeFile(path.join(work, 'plain.yaml'), `${await readFile(PROFILE, 'utf8')}\n# tuned\n`);
    const changed = await runCli(['run', 'plain.yaml', 'dups', '--output', 'r.jsonl'], { cwd: work });
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(/^error: r\.jsonl holds results made with plain\.yaml \(sha256 ([0-9a-f]{12})…\) .*; this run uses plain\.yaml \(sha256 (?!\1)[0-9a-f]{12}…\)/);

    await copyFile(PROFILE, path.join(work, 'plain.yaml'));
    const model = await runCli(['run', 'plain.yaml', 'dups', '--output', 'r.jsonl', '--provider', 'replay'], { cwd: work });
    expect(model.code).toBe(2);
    expect(model.stderr).toMatch(/this run uses plain\.yaml \(sha256 [0-9a-f]{12}…\) on replay\/gemini-2\.5-flash\n/);
    expect(await readFile(path.join(work, 'r.jsonl'), 'utf8')).toBe(written);

    // The same profile bytes under another name are the same setup.
    await copyFile(PROFILE, path.join(work, 'moved.yaml'));
    const moved = await runCli(['run', 'moved.yaml', 'dups', '--output', 'r.jsonl'], { cwd: work });
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain('resuming r.jsonl: 1 session(s) already have a result');
  });

  it('refuses other privacy rules, or rules where there were none: the prompts would differ', async () => {
    await copyFile(PROFILE, path.join(work, 'plain.yaml'));
    await writeFile(path.join(work, 'emails.yaml'), 'presets: [email]\n');
    const first = await runCli(['run', 'plain.yaml', 'dups/checkout-abandon.json', '--output', 'r.jsonl', '--privacy', 'emails.yaml'], { cwd: work });
    expect(first.code).toBe(0);
    expect((await readLines('r.jsonl'))[0]?.run).toMatchObject({ privacy_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const written = await readFile(path.join(work, 'r.jsonl'), 'utf8');

    const none = await runCli(['run', 'plain.yaml', 'dups', '--output', 'r.jsonl'], { cwd: work });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: r\.jsonl holds results made with plain\.yaml .* with privacy rules \(sha256 [0-9a-f]{12}…\) \(dups\/checkout-abandon\.json and maybe more\); this run uses plain\.yaml \(sha256 [0-9a-f]{12}…\) on extractive\/extractive-v1\n/);

    await writeFile(path.join(work, 'emails.yaml'), 'presets: [email, card]\n');
    const changed = await runCli(['run', 'plain.yaml', 'dups', '--output', 'r.jsonl', '--privacy', 'emails.yaml'], { cwd: work });
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(/with privacy rules \(sha256 ([0-9a-f]{12})…\) .*; this run uses .* with privacy rules \(sha256 (?!\1)[0-9a-f]{12}…\)\n/);
    expect(await readFile(path.join(work, 'r.jsonl'), 'utf8')).toBe(written);
  });

  it('accepts lines written before recap recorded the setup', async () => {
    await runCli(['run', PROFILE, 'dups/checkout-abandon.json', '--output', 'r.jsonl'], { cwd: work });
    const old = (await readLines('r.jsonl')).map(({ run: _run, ...line }) => `${JSON.stringify(line)}\n`).join('');
    await writeFile(path.join(work, 'r.jsonl'), old);
    const resumed = await runCli(['run', path.join(REPOSITORY, 'profiles', 'how-it-ended.yaml'), 'dups/checkout-abandon.json', '--output', 'r.jsonl'], { cwd: work });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('nothing to run: all 1 session(s) already have a result in r.jsonl');
  });
});

describe('--output paths', () => {
  it('names a folder that does not exist (exit 2) before any session runs', async () => {
    const run = await runCli(['run', PROFILE, 'dups', '--output', 'nodir/x.jsonl'], { cwd: work });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: --output nodir/x.jsonl: the folder nodir does not exist\n' });
    const folder = await runCli(['run', PROFILE, 'dups', '--output', 'dups'], { cwd: work });
    expect(folder.stderr).toBe('error: --output dups: is a folder; give the results a file name\n');
    // A path ending in / names a folder, whether or not it exists: never a file named "results".
    const slash = await runCli(['run', PROFILE, 'dups', '--output', 'results/'], { cwd: work });
    expect(slash).toEqual({ code: 2, stdout: '', stderr: 'error: --output results/: is a folder; give the results a file name\n' });
    expect(existsSync(path.join(work, 'results'))).toBe(false);
    await runCli(['run', PROFILE, 'dups/checkout-abandon.json', '--output', 'r.jsonl'], { cwd: work });
    const report = await runCli(['report', 'r.jsonl', '--output', 'nodir/report.md'], { cwd: work });
    expect(report).toMatchObject({ code: 2, stderr: 'error: --output nodir/report.md: the folder nodir does not exist\n' });
  });

  it('names a symbolic link whose target lies in a folder that does not exist (exit 2), where writing failed with a bare ENOENT', async () => {
    await symlink('nowhere/x.jsonl', path.join(work, 'dangling.jsonl'));
    const run = await runCli(['run', PROFILE, 'dups', '--output', 'dangling.jsonl'], { cwd: work });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: --output dangling.jsonl: is a symbolic link to nowhere/x.jsonl, in a folder that does not exist\n' });
    await symlink('nowhere/x.html', path.join(work, 'dangling.html'));
    await runCli(['run', PROFILE, 'dups/checkout-abandon.json', '--output', 'r.jsonl'], { cwd: work });
    const report = await runCli(['report', 'r.jsonl', '--output', 'dangling.html'], { cwd: work });
    expect(report).toMatchObject({ code: 2, stderr: 'error: --output dangling.html: is a symbolic link to nowhere/x.html, in a folder that does not exist\n' });
  });

  it('leaves a results file inside a session folder out of the sessions, so a resumed run does not read it as one', async () => {
    const first = await runCli(['run', PROFILE, 'dups', '--output', 'dups/results.json'], { cwd: work });
    expect(first.code).toBe(1);
    const again = await runCli(['run', PROFILE, 'dups', '--output', 'dups/results.json', '--json'], { cwd: work });
    expect(JSON.parse(again.stdout)).toMatchObject({ sessions: 1, failures: { duplicate_session: 1 }, skipped: 1 });
    const files = (await readLines('dups/results.json')).map((line) => line.file);
    expect(files).not.toContain('dups/results.json');
    const dry = await runCli(['run', PROFILE, 'dups', '--output', 'dups/results.json', '--dry-run'], { cwd: work });
    expect(dry.stdout).not.toContain('results.json (u-');
    expect(dry.stdout).toContain('dups/dup.json: duplicate_session: session u-1001:s-9001 already has a result in dups/results.json, from dups/checkout-abandon.json\n');
    expect(dry.stdout).toContain('over 0 session(s), 1 duplicate(s)\nskipped   1 session(s) already summarized in dups/results.json');
  });

  it('refuses a results file named as a session on the command line', async () => {
    await writeFile(path.join(work, 'dups', 'results.json'), '');
    const run = await runCli(['run', PROFILE, 'dups', 'dups/results.json', '--output', 'dups/results.json'], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: --output dups/results.json: is the session file dups/results.json, which this run reads');
  });
});
