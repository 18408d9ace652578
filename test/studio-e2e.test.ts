// `recap studio` end to end: the command without a terminal, the lazy loading of the UI, and the
// real studio in tmux at 80×24 — live editing, errors, runs against the Gemini stand-in, the
// editor, the diff after a restart, quitting, NO_COLOR.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';
import { EXIT_MARKER, requireTmux, startStudioInTmux, type TmuxStudio } from './support/studio-tmux.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = pathToFileURL(path.join(REPOSITORY, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const CLI = path.join(REPOSITORY, 'test', 'support', 'studio-cli.ts');
const DENY_UI = pathToFileURL(path.join(REPOSITORY, 'test', 'support', 'studio-deny-ui.mjs')).href;

describe('recap studio without a terminal', () => {
  it('exits 2 and points at recap run', async () => {
    const result = await runCli(['studio']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs a terminal');
    expect(result.stderr).toContain('recap run <profile.yaml> <session.json>');
  });

  it('exits 2 in a real process whose stdin and stdout are pipes', () => {
    const result = spawnSync(process.execPath, ['--import', TSX, CLI, 'studio'], { cwd: REPOSITORY, encoding: 'utf8', input: '' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('recap run');
  });

  it('documents its options with an example', async () => {
    const result = await runCli(['studio', '--help']);
    expect(result.stdout).toContain('--profiles <dir>');
    expect(result.stdout).toContain('--sessions <dir>');
    expect(result.stdout).toContain('--base-url <url>');
    expect(result.stdout).toContain('--privacy <file>');
    expect(result.stdout).toContain('$ recap studio --privacy strict-privacy.yaml');
    expect(result.stdout).toContain('$ recap studio');
  });

  it('never loads Ink or React for a headless command', () => {
    const args = ['run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', '--dry-run', '--provider', 'extractive'];
    const headless = spawnSync(process.execPath, ['--import', TSX, '--import', DENY_UI, CLI, ...args], { cwd: REPOSITORY, encoding: 'utf8' });
    expect(headless.stderr).toBe('');
    expect(headless.status).toBe(0);
    expect(headless.stdout).toContain('--- prompt ---');
    // The same hook does stop the studio module: the check above is not vacuous.
    const studio = spawnSync(process.execPath, ['--import', TSX, '--import', DENY_UI, '--input-type=module', '-e', "await import('./src/studio/run-studio.tsx')"], {
      cwd: REPOSITORY,
      encoding: 'utf8',
    });
    expect(studio.status).not.toBe(0);
    expect(studio.stderr).toMatch(/a headless command loaded the studio UI: (ink|react)/);
  });
});

/** The command lines of the studio processes running in `directory` (Linux: read from /proc). */
function studioCommandLines(directory: string): string[][] {
  const lines: string[][] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('studio') && realpathSync(`/proc/${entry}/cwd`) === realpathSync(directory)) lines.push(args);
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return lines;
}

describe('recap studio in tmux at 80×24', () => {
  let directory: string;
  let standIn: GeminiStandIn;
  let studio: TmuxStudio;
  /** Every studio started, so a failing test leaves no tmux server behind. */
  const started: TmuxStudio[] = [];
  let answers = 0;

  beforeAll(async () => {
    requireTmux();
    directory = mkdtempSync(path.join(tmpdir(), 'recap-studio-e2e-'));
    cpSync(path.join(REPOSITORY, 'profiles'), path.join(directory, 'profiles'), { recursive: true });
    cpSync(path.join(REPOSITORY, 'sessions-fixtures'), path.join(directory, 'sessions-fixtures'), { recursive: true });
    writeFileSync(
      path.join(directory, 'editor.mjs'),
      "import fs from 'node:fs';\nconst file = process.argv[2];\nfs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('MARKER-ONE', 'MARKER-TWO'));\n",
    );
    standIn = await startGeminiStandIn({ apiKey: 'e2e-key' });
    standIn.setHandler((request) => (request.path.includes(':generateContent') ? `ANSWER-${++answers}: the coupon request failed.` : undefined));
  });

  afterEach(() => {
    for (const instance of started.splice(0)) instance.stop();
  });

  afterAll(async () => {
    await standIn?.close();
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  });

  const start = (env: Record<string, string> = {}) => {
    const instance = startStudioInTmux({
      cwd: directory,
      args: ['--provider', 'gemini', '--base-url', standIn.url],
      env: { GEMINI_API_KEY: 'e2e-key', EDITOR: `node ${path.join(directory, 'editor.mjs')}`, ...env },
    });
    started.push(instance);
    return instance;
  };
  const profile = () => path.join(directory, 'profiles', 'error-window.yaml');

  it('re-prepares on save, shows a broken save with file:line:col, runs, edits, diffs across a restart and quits with 0', async () => {
    const original = readFileSync(profile(), 'utf8');
    studio = start();
    // On start: the first profile and the first session by name, the vendor's token count.
    let screen = await studio.waitFor((text) => text.includes('✓ valid') && text.includes('tokens (counted)'));
    expect(screen).toContain('profile error-window.yaml');
    expect(screen).toContain('session anonymous-visitor.json');
    expect(screen).toContain('gemini/gemini-2.5-flash');
    expect(screen.split('\n').every((line) => line.length <= 80)).toBe(true);
    // The studio runs in a child node process started with the studio's V8 flags.
    expect(studioCommandLines(directory).some((args) => args.includes('--max-semi-space-size=64'))).toBe(true);

    studio.sendKeys('3');
    await studio.waitFor('An error was reported in this user session');

    // Saved the way many editors do: a temporary file renamed over the profile.
    writeFileSync(`${profile()}.tmp`, original.replace('An error was reported', 'MARKER-ONE An error was reported'));
    renameSync(`${profile()}.tmp`, profile());
    await studio.waitFor('MARKER-ONE An error was reported');

    writeFileSync(profile(), original.replace('An error was reported', 'MARKER-ONE An error was reported').replace('mode: TIMESTAMP', 'mode: MIDDLE'));
    screen = await studio.waitFor(/profiles\/error-window\.yaml:\d+:\d+ slice\.mode: expected FIRST, LAST or TIMESTAMP/);
    expect(screen).toContain('MARKER-ONE An error was reported');
    expect(screen).toMatch(/✗ invalid[^│]*│ .* │ kept \d+\/\d+/);

    writeFileSync(profile(), original.replace('An error was reported', 'MARKER-ONE An error was reported'));
    await studio.waitFor('✓ valid');

    studio.sendKeys('r');
    screen = await studio.waitFor('ANSWER-1: the coupon request failed.');
    expect(screen).toContain('run #1');
    expect(screen).toContain('gemini / gemini-2.5-flash');

    // e: the editor (a script here) changes the file; the studio takes the terminal back.
    studio.sendKeys('e');
    // Keys read while the editor opens are dropped (they were meant for the editor): wait until
    // the studio is back and has re-read the profile.
    await studio.waitFor('the prompt changed since this run');
    studio.sendKeys('3');
    await studio.waitFor('MARKER-TWO An error was reported');
    studio.sendKeys('r');
    await studio.waitFor('ANSWER-2: the coupon request failed.');
    studio.sendKeys('q');
    await studio.waitFor(`${EXIT_MARKER} 0]`);
    studio.stop();
    expect(readdirSync(path.join(directory, '.recap', 'history'))).toHaveLength(1);

    // The history survives a restart: the Diff pane compares the last two runs.
    studio = start();
    await studio.waitFor('✓ valid');
    studio.sendKeys('5');
    screen = await studio.waitFor('+ run #2');
    expect(screen).toContain('- run #1');
    expect(screen).toMatch(/- MARKER-ONE An error was reported/);
    expect(screen).toMatch(/\+ MARKER-TWO An error was reported/);
    expect(screen).toContain('- ANSWER-1: the coupon request failed.');
    expect(screen).toContain('+ ANSWER-2: the coupon request failed.');
    studio.sendKeys('q');
    await studio.waitFor(`${EXIT_MARKER} 0]`);
    studio.stop();
  }, 120_000);

  it('draws in colour (even with CI set), and without any colour under NO_COLOR', async () => {
    const coloured = /\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;[25])[;m]/;
    // CI left set in an interactive shell must not stop Ink from drawing.
    studio = start({ CI: 'true' });
    await studio.waitFor('✓ valid');
    expect(studio.captureWithEscapes()).toMatch(coloured);
    // Keys sent together (one send-keys: a fast typist, a script): each acts on the screen the
    // key before it led to, so ↓ and Enter act in the list p opened.
    studio.sendKeys('p', 'Down', 'Enter', 's', 'Down', 'Enter', '3');
    // (The files are read after the pick: the screen says Preparing… until the prompt is ready.)
    await studio.waitFor(
      (text) => text.includes('profile friction-report.yaml') && text.includes('session checkout-abandon.json') && text.includes('[3 Prompt]') && text.includes('UX analyst'),
    );
    studio.sendKeys('q');
    await studio.waitFor(`${EXIT_MARKER} 0]`);
    studio.stop();

    studio = start({ NO_COLOR: '1' });
    await studio.waitFor('✓ valid');
    const screen = studio.captureWithEscapes();
    expect(screen).not.toMatch(coloured);
    // Meaning survives without colour: the active pane is bracketed.
    expect(screen).toContain('[1 Events]');
    studio.sendKeys('q');
    await studio.waitFor(`${EXIT_MARKER} 0]`);
    studio.stop();
    expect(existsSync(directory)).toBe(true);
  }, 60_000);
});
