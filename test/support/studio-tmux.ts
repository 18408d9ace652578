// Runs the real studio in a detached tmux session of a given size, for end-to-end tests and for
// capturing the frames shown in docs/studio.md. Each run gets its own tmux server, on a socket in
// a temporary folder that stop() removes, so nothing touches the user's tmux or lingers.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX_LOADER = pathToFileURL(path.join(REPOSITORY, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const CLI = path.join(REPOSITORY, 'test', 'support', 'studio-cli.ts');
/** The built executable, as `npx recap` runs it. */
const BIN = path.join(REPOSITORY, 'bin', 'recap.js');
/** Printed in the pane when the studio process ends. */
export const EXIT_MARKER = '[studio exited with';

/** Fails with instructions when tmux is missing: the end-to-end test must not silently skip. */
export function requireTmux(): void {
  const result = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  if (result.error !== undefined || result.status !== 0) {
    throw new Error(
      'tmux is required for the studio end-to-end test and was not found on PATH. ' +
        'Install it (apt-get install tmux, brew install tmux); CI installs it.',
    );
  }
}

export interface TmuxStudioOptions {
  /** The working directory of the studio (profiles/ and sessions-fixtures/ inside). */
  readonly cwd: string;
  /** Arguments after `recap studio`. */
  readonly args?: readonly string[];
  /** Extra environment for the studio. CI variables are always removed: Ink draws nothing under CI. */
  readonly env?: Readonly<Record<string, string>>;
  readonly columns?: number;
  readonly rows?: number;
  /** Run the built CLI (bin/recap.js and dist/) instead of the TypeScript sources. */
  readonly built?: boolean;
}

export interface TmuxStudio {
  /** The screen as text. */
  capture(): string;
  /** The screen with its escape sequences (colours, bold…). */
  captureWithEscapes(): string;
  /** Keys as tmux names them: `3`, `Tab`, `Escape`, `Enter`, `Down`. */
  sendKeys(...keys: string[]): void;
  /** A tmux format about the pane, as `tmux display -p` prints it: `#{alternate_on}`, `#{pane_pid}`. */
  display(format: string): string;
  /** Polls the screen until `expected` shows or the deadline passes; returns the screen. */
  waitFor(expected: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Kills the tmux server of this run (and the studio in it); safe to call twice. */
  stop(): void;
}

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export function startStudioInTmux(options: TmuxStudioOptions): TmuxStudio {
  requireTmux();
  const folder = mkdtempSync(path.join(tmpdir(), 'recap-tmux-'));
  const socket = path.join(folder, 'socket');
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  const env = Object.entries({ TSX_TSCONFIG_PATH: path.join(REPOSITORY, 'tsconfig.json'), ...options.env })
    .map(([name, value]) => `${name}=${quote(value)}`)
    .join(' ');
  const runner = options.built === true ? ['node', BIN] : ['node', '--import', TSX_LOADER, CLI];
  const studio = [...runner, 'studio', ...(options.args ?? [])].map(quote).join(' ');
  const command =
    `cd ${quote(options.cwd)} && env -u CI -u CONTINUOUS_INTEGRATION ${env} ${studio}; ` +
    `echo "${EXIT_MARKER} $?]"; sleep 600`;
  tmux('new-session', '-d', '-s', 'studio', '-x', String(options.columns ?? 80), '-y', String(options.rows ?? 24), command);
  const capture = () => tmux('capture-pane', '-p', '-t', 'studio');
  return {
    capture,
    captureWithEscapes: () => tmux('capture-pane', '-p', '-e', '-t', 'studio'),
    display: (format) => tmux('display', '-p', '-t', 'studio', format).trim(),
    sendKeys: (...keys) => void tmux('send-keys', '-t', 'studio', ...keys),
    async waitFor(expected, timeoutMs = 20_000) {
      const matches =
        typeof expected === 'function'
          ? expected
          : (screen: string) => (typeof expected === 'string' ? screen.includes(expected) : expected.test(screen));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const screen = capture();
        if (matches(screen)) return screen;
        if (Date.now() > deadline) throw new Error(`the studio never showed ${String(expected)}; the screen was:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => {
      spawnSync('tmux', ['-S', socket, 'kill-server']);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
