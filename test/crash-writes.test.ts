// Commands that write files, SIGKILLed at each of their writes (a real process of the built CLI,
// stopped by test/support/kill-at-write.cjs), then run again in full: every file they write is as
// it was before or whole (a report cut in half never replaces the earlier one), the next run
// resumes (each session summarised once, in one line), and no temporary file or lock copy stays
// in the user's folders. Offline: the rule-based summariser answers.

import { copyFileSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changesMadeBy, crashFolder, filesUnder, leftOvers, runKilledAt, type KillMode } from './support/crash-harness.js';
import { runCli } from './support/run-cli.js';
import { writeSessionFolder } from './support/session-folder.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE = `profile: plain-summary.yaml
provider: extractive
cases:
  - name: prompt only
    session: s/session-0001.json
    prompt: { snapshot: true }
  - name: prompt and answer
    session: s/session-0002.json
    prompt: { snapshot: true }
    expect: { summary_contains: [kept] }
`;

async function sessions(folder: string): Promise<void> {
  await writeSessionFolder(path.join(folder, 's'), { count: 3, events: 10 });
  copyFileSync(path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), path.join(folder, 'plain-summary.yaml'));
}

/**
 * Runs `argv` in a folder made by `setup`, killed at each of its changes in each mode; `check`
 * looks at what the killed run left, then the same command runs again in full (in-process).
 */
async function killAtEveryChange(
  setup: (folder: string) => Promise<void>,
  argv: readonly string[],
  check: { readonly killed: (folder: string, at: string) => void; readonly again: (folder: string, code: number) => void },
): Promise<number> {
  const counting = crashFolder('count');
  await setup(counting);
  const { run, changes } = changesMadeBy(argv, counting);
  expect(run.stderr).not.toContain('Error:');
  expect(changes.length).toBeGreaterThan(0);
  for (const mode of ['before', 'torn'] as const satisfies readonly KillMode[]) {
    for (let at = 1; at <= changes.length; at++) {
      const folder = crashFolder('kill');
      await setup(folder);
      const where = `${mode} change ${at}: ${changes[at - 1] ?? ''}`;
      expect(runKilledAt(argv, folder, at, mode).signal, where).toBe('SIGKILL');
      check.killed(folder, where);
      // A minute later: a lock's copy is old enough to be a killed run's on any machine.
      for (const file of leftOvers(folder)) utimesSync(path.join(folder, file), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      const again = await runCli(argv, { cwd: folder });
      check.again(folder, again.code);
      expect(leftOvers(folder), where).toEqual([]);
    }
  }
  return changes.length;
}

describe('a command killed at any write, then run again', () => {
  it('recap run over many sessions: the next run resumes, each session gets exactly one result line, no lock copy stays', async () => {
    const argv = ['run', 'plain-summary.yaml', 's/', '--output', 'r.jsonl', '--concurrency', '1'];
    const changes = await killAtEveryChange(sessions, argv, {
      killed: () => undefined,
      again: (folder, code) => {
        expect(code).toBe(0);
        const lines = readFileSync(path.join(folder, 'r.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { session_id: string; result?: unknown });
        expect(lines.map((line) => line.session_id).sort()).toEqual(['u-1:s-1', 'u-2:s-2', 'u-3:s-3']);
        expect(lines.every((line) => line.result !== undefined)).toBe(true);
      },
    });
    expect(changes).toBeGreaterThanOrEqual(7);
  }, 120_000);

  it('recap report --output: the earlier report stays whole until the new one replaces it', async () => {
    const setup = async (folder: string): Promise<void> => {
      await sessions(folder);
      expect((await runCli(['run', 'plain-summary.yaml', 's/', '--output', 'r.jsonl'], { cwd: folder })).code).toBe(0);
      writeFileSync(path.join(folder, 'report.md'), 'the earlier report\n');
    };
    const reference = crashFolder('reference');
    await setup(reference);
    expect((await runCli(['report', 'r.jsonl', '--output', 'report.md'], { cwd: reference })).code).toBe(0);
    const complete = readFileSync(path.join(reference, 'report.md'), 'utf8');
    await killAtEveryChange(setup, ['report', 'r.jsonl', '--output', 'report.md'], {
      killed: (folder, where) => expect(['the earlier report\n', complete], where).toContain(readFileSync(path.join(folder, 'report.md'), 'utf8')),
      again: (folder, code) => {
        expect(code).toBe(0);
        expect(readFileSync(path.join(folder, 'report.md'), 'utf8')).toBe(complete);
      },
    });
  }, 60_000);

  it('recap test --update --output: snapshots and the JSON report (maybe the next --baseline) are whole or as before', async () => {
    const setup = async (folder: string): Promise<void> => {
      await sessions(folder);
      writeFileSync(path.join(folder, 'x.recap.yaml'), SUITE);
      writeFileSync(path.join(folder, 'report.json'), '{"earlier": true}\n');
    };
    const argv = ['test', '--update', '--reporter', 'json', '--output', 'report.json'];
    const reference = crashFolder('reference');
    await setup(reference);
    expect((await runCli(argv, { cwd: reference })).code).toBe(0);
    const snapshots = filesUnder(path.join(reference, '__snapshots__'));
    expect(Object.keys(snapshots)).toHaveLength(2);
    const whole = (folder: string, where: string): void => {
      const report = JSON.parse(readFileSync(path.join(folder, 'report.json'), 'utf8')) as { earlier?: true; summary?: { passed: number } };
      if (report.earlier !== true) expect(report.summary?.passed, where).toBe(2);
      const written = filesUnder(path.join(folder, '__snapshots__'));
      for (const [file, text] of Object.entries(written)) if (file in snapshots) expect(text, `${where}: ${file}`).toBe(snapshots[file]);
    };
    await killAtEveryChange(setup, argv, {
      killed: (folder, where) => {
        mkdirSync(path.join(folder, '__snapshots__'), { recursive: true });
        whole(folder, where);
      },
      again: (folder, code) => {
        expect(code).toBe(0);
        expect(filesUnder(path.join(folder, '__snapshots__'))).toEqual(snapshots);
        whole(folder, 'again');
      },
    });
  }, 60_000);

  it('recap import rrweb --output DIR: each fixture whole or absent, and the next run writes them all', async () => {
    const setup = async (folder: string): Promise<void> => {
      mkdirSync(path.join(folder, 'rec'));
      for (const name of ['a.json', 'b.json']) copyFileSync(path.join(REPOSITORY, 'recordings', 'rrweb', 'shop-dev.json'), path.join(folder, 'rec', name));
    };
    const argv = ['import', 'rrweb', 'rec/', '--output', 'out/'];
    const reference = crashFolder('reference');
    await setup(reference);
    expect((await runCli(argv, { cwd: reference })).code).toBe(0);
    const fixtures = filesUnder(path.join(reference, 'out'));
    await killAtEveryChange(setup, argv, {
      killed: (folder, where) => {
        const out = path.join(folder, 'out');
        for (const name of readdirSync(folder).includes('out') ? readdirSync(out) : []) {
          if (name in fixtures) expect(readFileSync(path.join(out, name), 'utf8'), `${where}: ${name}`).toBe(fixtures[name]);
        }
      },
      again: (folder, code) => {
        expect(code).toBe(0);
        expect(filesUnder(path.join(folder, 'out'))).toEqual(fixtures);
      },
    });
  }, 60_000);
});
