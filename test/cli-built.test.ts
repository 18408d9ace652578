// The CLI as users run it: bin/recap.js and its bundles in dist/cli/ (npm test builds first).
// Every command loads from its bundle, commands load only what they use, and a newcomer's
// mistakes get help.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { shopVisitRecording } from '../src/import/test-recordings/shop-visit.js';
import { requireTmux, startStudioInTmux, type TmuxStudio } from './support/studio-tmux.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(REPOSITORY, 'bin', 'recap.js');
const REPORT_LOADS = path.join(REPOSITORY, 'test', 'support', 'report-loaded-modules.cjs');
const work = mkdtempSync(path.join(tmpdir(), 'recap-built-'));
const env = { PATH: process.env.PATH ?? '', HOME: work };

/** Runs the built `recap` in the repository (its example data), without a terminal. */
function recap(argv: readonly string[], options: { env?: Record<string, string>; nodeOptions?: readonly string[] } = {}) {
  const result = spawnSync(process.execPath, [...(options.nodeOptions ?? []), BIN, ...argv], {
    cwd: REPOSITORY,
    env: { ...env, ...options.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What a run of `recap argv` loaded: node_modules packages, CLI bundles and Node's own modules. */
function loadedBy(argv: readonly string[]): { packages: string[]; bundles: string[]; builtins: string[] } {
  const file = path.join(work, `loaded-${argv.join('-').replace(/[^a-z0-9-]/gi, '_')}.json`);
  // Output goes to files, as a CI log or `> out.txt` takes it: a pipe would have Node load its socket
  // stack for process.stdout whatever the command loads.
  const [out, err] = [openSync(`${file}.out`, 'w'), openSync(`${file}.err`, 'w')];
  spawnSync(process.execPath, ['--require', REPORT_LOADS, BIN, ...argv], { cwd: REPOSITORY, env: { ...env, RECAP_LOADED_MODULES_FILE: file }, stdio: ['ignore', out, err], timeout: 60_000 });
  closeSync(out);
  closeSync(err);
  expect(readFileSync(`${file}.err`, 'utf8')).not.toContain('Error');
  const loaded = JSON.parse(readFileSync(file, 'utf8')) as { modules: string[]; bundles: string[]; builtins: string[] };
  const packages = loaded.modules.map((module) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1]).filter((name): name is string => name !== undefined);
  return { packages: [...new Set(packages)].sort(), bundles: loaded.bundles, builtins: loaded.builtins };
}

const HEAVY = ['@google/genai', 'openai', 'pg', 'better-sqlite3', 'hono', '@hono/node-server', 'ink', 'react'];

describe('the built CLI', () => {
  it('recap --help lists every command and points to docs/cli.md', () => {
    const result = recap(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['run', 'validate', 'test', 'studio', 'serve', 'admin', 'import', 'init']) expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    expect(result.stdout).toContain('docs/cli.md');
  });

  it('recap validate and recap run work from their bundles', () => {
    expect(recap(['validate', 'profiles/plain-summary.yaml'])).toMatchObject({ code: 0, stdout: 'profiles/plain-summary.yaml: valid\n' });
    const run = recap(['run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Rule-based summary');
    const dry = recap(['run', 'profiles/how-it-ended.yaml', 'sessions-fixtures/checkout-abandon.json', '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout)).toMatchObject({ session_id: 'u-1001:s-9001', tokens: { method: 'estimate' } });
  });

  it('recap test runs the repository suites from its bundle, replaying cassettes under CI', () => {
    const result = recap(['test', 'suites'], { env: { CI: 'true' } });
    expect(result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('ok '))).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/all passed/);
  });

  it('recap init writes a project from its bundle (templates found beside dist/), whose suite passes', () => {
    const project = path.join(work, 'project');
    const init = recap(['init', project]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('npx recap test');
    const suite = spawnSync(process.execPath, [BIN, 'test'], { cwd: project, env: { ...env, CI: 'true' }, encoding: 'utf8' });
    expect(suite.stdout).toContain('all passed');
    expect(suite.status).toBe(0);
  });

  it('recap --version is the version in package.json', () => {
    const { version } = JSON.parse(readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as { version: string };
    expect(recap(['--version']).stdout.trim()).toBe(version);
  });

  it('recap import rrweb, recap admin and recap serve work from their bundles', async () => {
    const recording = path.join(work, 'visit.json');
    writeFileSync(recording, JSON.stringify(shopVisitRecording().events));
    const imported = recap(['import', 'rrweb', recording, '--uid', 'shopper']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout).id).toMatch(/^shopper:visit-/);

    const dataDir = path.join(work, 'data');
    expect(recap(['admin', 'org', 'create', 'acme', '--data-center', 'na1', '--data-dir', dataDir]).code).toBe(0);
    const key = recap(['admin', 'key', 'create', '--org', 'acme', '--name', 'ci', '--level', 'admin', '--data-dir', dataDir]).stdout.trim().split('\n').at(-1) ?? '';
    const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], { cwd: work, env });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        server.once('exit', (code) => reject(new Error(`recap serve exited with ${code}: ${output}`)));
      });
      const me = await fetch(`${url}/me`, { headers: { Authorization: `Basic ${key}` } });
      expect(await me.json()).toEqual({ role: 'ADMIN', name: 'ci', data_center: 'na1' });
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    expect(server.exitCode).toBe(0);
  });

  describe('in a terminal', () => {
    let studio: TmuxStudio | undefined;
    afterAll(() => studio?.stop());

    it('recap studio starts from tsc output beside the bundles, shows the first profile and quits with 0', async () => {
      requireTmux();
      studio = startStudioInTmux({ cwd: REPOSITORY, built: true });
      await studio.waitFor((screen) => screen.includes('profile error-window.yaml') && screen.includes('kept 0 of 29'));
      studio.sendKeys('q');
      expect(await studio.waitFor('[studio exited with')).toContain('[studio exited with 0]');
    });
  });
});

describe('commands load only what they use', () => {
  it.each([
    [['--help'], ['recap']],
    [['validate', 'profiles/friction-report.yaml'], ['recap', 'validate']],
    [['run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json'], ['recap', 'run']],
  ])('recap %j loads no model SDK, database driver, HTTP framework or Ink, and neither zod nor ajv', (argv, bundles) => {
    const loaded = loadedBy(argv);
    expect(loaded.packages.filter((name) => HEAVY.includes(name))).toEqual([]);
    expect(loaded.bundles).toEqual(bundles);
    // Node's socket stack (node:net) and node:fs/promises (which brings readline) cost a start-up a millisecond each.
    expect(loaded.builtins.filter((name) => ['net', 'tty', 'fs/promises', 'internal/fs/promises', 'crypto', 'child_process'].includes(name))).toEqual([]);
  });

  it('sees what a command does load: zod for an invalid profile, ajv for a structured answer, SQLite for recap admin', () => {
    const invalid = path.join(work, 'invalid.yaml');
    writeFileSync(invalid, 'slice:\n  mode: MIDDLE\n');
    expect(loadedBy(['validate', invalid]).bundles).toEqual(['recap', 'validate', 'zod']);
    expect(loadedBy(['test', 'suites/checkout.recap.yaml']).bundles).toContain('ajv');
    expect(loadedBy(['admin', 'key', 'list', '--org', 'nobody', '--data-dir', path.join(work, 'empty')]).packages).toContain('better-sqlite3');
  });
});

describe("a newcomer's mistakes", () => {
  it('recap with no arguments prints the short usage and points to docs/cli.md', () => {
    const result = recap([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Usage: recap <command> \[options\]/);
    expect(result.stderr).toMatch(/^ {2}run <profile\.yaml> <session\.\.\.> +prepare a profile/m);
    expect(result.stderr).toMatch(/^ {2}report <results\.jsonl\.\.\.> +report on the results of recap run --output/m);
    expect(result.stderr).toContain('the reference is docs/cli.md');
  });

  it.each([
    [['rnu'], "unknown command 'rnu'", 'Did you mean run?'],
    [['run', '--jsn', 'a.yaml', 'b.json'], "unknown option '--jsn'", 'Did you mean --json?'],
    [['admin', 'key', 'craete'], "unknown command 'craete'", 'Did you mean create?'],
    [['import', 'rbweb', 'x.json'], "unknown command 'rbweb'", 'Did you mean rrweb?'],
  ])('recap %j names the closest command or flag', (argv, problem, suggestion) => {
    const result = recap(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(problem);
    expect(result.stderr).toContain(suggestion);
  });
});
