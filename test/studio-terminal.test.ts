// `recap studio` gives the terminal back, in tmux: keys typed while an editor that does not read
// the terminal runs are dropped, and a signal leaves the alternate screen with the exit code a
// shell expects (128 + the signal's number).

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_MARKER, requireTmux, startStudioInTmux, type TmuxStudio } from './support/studio-tmux.js';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The processes `pid` started (Linux: read from /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Polls `condition` until it holds, or fails naming `what`. */
async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} never happened`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('recap studio gives the terminal back (tmux)', () => {
  let directory: string;
  const started: TmuxStudio[] = [];

  beforeAll(() => {
    requireTmux();
    directory = mkdtempSync(path.join(tmpdir(), 'recap-studio-terminal-'));
    mkdirSync(path.join(directory, 'profiles'));
    mkdirSync(path.join(directory, 'sessions-fixtures'));
    cpSync(path.join(REPOSITORY, 'profiles', 'plain-summary.yaml'), path.join(directory, 'profiles', 'plain-summary.yaml'));
    cpSync(path.join(REPOSITORY, 'sessions-fixtures', 'checkout-abandon.json'), path.join(directory, 'sessions-fixtures', 'checkout-abandon.json'));
    // An editor with a window of its own (`code --wait`): it never reads the terminal, and runs
    // until the test lets it go. Its path holds a space, as $EDITOR quoting must allow.
    mkdirSync(path.join(directory, 'slow editor'));
    writeFileSync(
      path.join(directory, 'slow editor', 'edit.mjs'),
      [
        "import fs from 'node:fs';",
        `const folder = ${JSON.stringify(directory)};`,
        "fs.writeFileSync(`${folder}/editor-started`, process.argv[2]);",
        "const wait = () => (fs.existsSync(`${folder}/editor-release`) ? process.exit(0) : setTimeout(wait, 50));",
        'wait();',
      ].join('\n'),
    );
  });

  afterEach(() => {
    for (const instance of started.splice(0)) instance.stop();
    rmSync(path.join(directory, 'editor-started'), { force: true });
    rmSync(path.join(directory, 'editor-release'), { force: true });
  });

  afterAll(() => {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  });

  const start = () => {
    const studio = startStudioInTmux({ cwd: directory, env: { EDITOR: `node "${path.join(directory, 'slow editor', 'edit.mjs')}"` } });
    started.push(studio);
    return studio;
  };

  /** The `recap studio` process the shell in the pane started. */
  const recapProcess = (studio: TmuxStudio) => {
    const recap = childrenOf(Number(studio.display('#{pane_pid}')))[0];
    if (recap === undefined) throw new Error('no recap process in the pane');
    return recap;
  };

  it('drops the keys typed while the editor runs instead of acting on them when it returns', async () => {
    const studio = start();
    await studio.waitFor('✓ valid');
    studio.sendKeys('e');
    await until('the editor starting', () => existsSync(path.join(directory, 'editor-started')));
    expect(readFileSync(path.join(directory, 'editor-started'), 'utf8')).toBe(path.join(directory, 'profiles', 'plain-summary.yaml'));
    // Typed at the terminal while the editor has it: `2` would switch panes, `q` quit the studio.
    studio.sendKeys('2', 'q');
    // The terminal is in line mode meanwhile: it echoes them.
    await studio.waitFor('2q');
    writeFileSync(path.join(directory, 'editor-release'), '');
    // Back on its own screen (the echo was on the other one), on the pane it was on.
    await studio.waitFor((screen) => screen.includes('[1 Events]') && !screen.includes('2q'));
    studio.sendKeys('3');
    const screen = await studio.waitFor('[3 Prompt]');
    expect(screen).not.toContain(EXIT_MARKER);
    studio.sendKeys('q');
    await studio.waitFor(`${EXIT_MARKER} 0]`);
  }, 60_000);

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const) {
    it(`leaves the alternate screen and exits with ${code} when sent ${signal}`, async () => {
      const studio = start();
      await studio.waitFor('✓ valid');
      expect(studio.display('#{alternate_on}')).toBe('1');
      process.kill(recapProcess(studio), signal);
      await studio.waitFor(`${EXIT_MARKER} ${code}]`);
      expect(studio.display('#{alternate_on}')).toBe('0');
      expect(studio.display('#{cursor_flag}')).toBe('1');
    }, 60_000);
  }

  it('leaves the alternate screen even when the studio itself is killed with SIGKILL', async () => {
    const studio = start();
    await studio.waitFor('✓ valid');
    // recap runs the studio in a child node process (src/cli/studio-process.ts): kill that one.
    const child = childrenOf(recapProcess(studio))[0];
    if (child === undefined) throw new Error('no studio process under recap');
    process.kill(child, 'SIGKILL');
    await studio.waitFor(`${EXIT_MARKER} 137]`);
    expect(studio.display('#{alternate_on}')).toBe('0');
    // …and puts the terminal back in line mode, with echo: the studio had it raw.
    const settings = execFileSync('stty', ['-a'], { stdio: [openSync(studio.display('#{pane_tty}'), 'r'), 'pipe', 'pipe'], encoding: 'utf8' });
    expect(settings.split(/[\s;]+/)).toEqual(expect.arrayContaining(['icanon', 'echo']));
  }, 60_000);
});
