// Under privacy rules, a message about a fixture that is not a valid session never quotes a value
// of it: the value may be one the rules protect, and messages reach terminals, CI logs and the
// error lines of a results file. Without rules the messages quote as before.

import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let directory: string;

const bad = {
  id: 'u-1:s-2',
  events: [
    { type: 'network-error', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://x.example/a', status: 'grace.hopper@example.com' },
    { type: 'grace.hopper@example.org', timestamp: '2026-03-01T10:00:01.000Z' },
    { type: 'click', timestamp: '2026-03-01T10:00:02.000Z', target: { selector: 'a', text: 4111111111111111 } },
  ],
};
const PROTECTED = /grace\.hopper|4111111111111111/;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-privacy-errors-'));
  await mkdir(path.join(directory, 'sessions'));
  await writeFile(path.join(directory, 'sessions', 'bad.json'), JSON.stringify(bad));
  await writeFile(path.join(directory, 'sessions', 'broken.json'), '{"id": "u-1:s-3", "events": [grace.hopper@example.com]}');
  for (const folder of ['guarded', 'open']) {
    await mkdir(path.join(directory, folder));
    await writeFile(path.join(directory, folder, 'profile.yaml'), 'llm:\n  pre_prompt: Summarise this session.\n');
  }
  await writeFile(path.join(directory, 'guarded', 'privacy.yaml'), 'presets: [email, card]\n');
  await writeFile(
    path.join(directory, 'guarded', 'suite.recap.yaml'),
    'profile: profile.yaml\ncases:\n  - name: bad session\n    session: ../sessions/bad.json\n    prompt:\n      contains: [anything]\n',
  );
});

const run = (...argv: string[]) => runCli(argv, { cwd: directory });

describe('messages about invalid sessions under privacy rules', () => {
  it('recap run names the kind of a wrong value, not the value', async () => {
    const guarded = await run('run', 'guarded/profile.yaml', 'sessions/bad.json', '--dry-run');
    expect(guarded.code).toBe(2);
    expect(guarded.stderr).toContain('events[0].status: expected a number, got a string');
    expect(guarded.stderr).toContain('events[2].target.text: expected a string, got a number');
    expect(guarded.stderr).not.toMatch(PROTECTED);
    // The same file without rules: the values are quoted, so the messages above differ only by them.
    const open = await run('run', 'open/profile.yaml', 'sessions/bad.json', '--dry-run');
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('events[0].status: expected a number, got "grace.hopper@example.com"');
  });

  it('recap run does not quote the text of a file that is not JSON', async () => {
    const guarded = await run('run', 'guarded/profile.yaml', 'sessions/broken.json', '--dry-run');
    expect(guarded.code).toBe(2);
    expect(guarded.stderr).toContain('not valid JSON');
    expect(guarded.stderr).not.toMatch(PROTECTED);
  });

  it('writes no protected value into the error lines of a results file, nor prints one', async () => {
    const result = await run('run', 'guarded/profile.yaml', 'sessions/', '--output', 'results.jsonl');
    expect(result.code).toBe(1);
    const lines = await readFile(path.join(directory, 'results.jsonl'), 'utf8');
    expect(lines).toContain('invalid_session');
    expect(lines).toContain('got a string');
    expect(lines).not.toMatch(PROTECTED);
    expect(result.stdout + result.stderr).not.toMatch(PROTECTED);
    const dry = await run('run', 'guarded/profile.yaml', 'sessions/', '--dry-run', '--json');
    expect(dry.stdout).toContain('invalid_session');
    expect(dry.stdout + dry.stderr).not.toMatch(PROTECTED);
  });

  it('recap test names the session problem without its values', async () => {
    for (const reporter of ['pretty', 'junit', 'json']) {
      const result = await run('test', 'guarded/suite.recap.yaml', '--reporter', reporter);
      expect(result.code).not.toBe(0);
      expect(result.stdout + result.stderr).toContain('got a string');
      expect(result.stdout + result.stderr).not.toMatch(PROTECTED);
    }
  });
});
