// `recap studio` runs in a node process of its own, started with V8 flags suited to it.
//
// On every save the studio parses up to megabytes of session and prepares and renders up to
// megabytes of prompt. With V8's default young generation (16 MB semi-spaces) most of that is
// promoted to the old generation before it dies, and old-generation collections were the slowest
// saves in the studio benchmark; with 64 MB semi-spaces it dies young (p95 of a whole-session
// save 258–264 ms before, 177–190 ms after; see docs/studio.md). V8 reads the size only when the
// process starts, so the `recap` executable starts the studio in a child process that has it.

/** The V8 flags `recap studio` runs with. */
export const STUDIO_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** Shows the cursor and leaves the alternate screen, as the studio does when it ends (src/studio/terminal-screen.ts). */
const GIVE_SCREEN_BACK = '\u001B[?25h\u001B[?1049l';

/** The name of a `--flag=value` or `--flag value` option, `--flag`. */
const flagName = (option: string) => option.split('=')[0] as string;

/**
 * The studio flags this process lacks: none when it was started with them, or when its own
 * command line or NODE_OPTIONS set the same options to values of the user's choosing.
 */
export function missingStudioFlags(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName).map((name) => name.replaceAll('_', '-')));
  return STUDIO_NODE_FLAGS.filter((flag) => !given.has(flagName(flag)));
}

/** How a child process ended: its exit code, or the signal that ended it. */
export type ChildEnd = { readonly code: number; readonly signal?: undefined } | { readonly code?: undefined; readonly signal: NodeJS.Signals };

/**
 * Runs `node <flags> <script> <args>` on this process's terminal (stdin, stdout and stderr are
 * shared, so the child sees the same TTY) and resolves once it ends. Termination signals sent to
 * this process are passed on, so that killing `recap studio` kills the studio.
 */
export async function runNodeWithFlags(flags: readonly string[], script: string, args: readonly string[]): Promise<ChildEnd> {
  // Loaded here: child_process costs every other command start-up time.
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...flags, script, ...args], { stdio: 'inherit' });
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    for (const signal of signals) process.on(signal, forward);
    const settle = () => {
      for (const signal of signals) process.off(signal, forward);
    };
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      settle();
      resolve(signal !== null ? { signal } : { code: code ?? 1 });
    });
  });
}

/**
 * Runs `recap` with `argv` as the executable does (`script` is the executable's own path):
 * `recap studio` in a child node process with {@link STUDIO_NODE_FLAGS} when this one lacks them,
 * anything else in this process. Resolves to how it ended.
 */
export async function runRecap(argv: readonly string[], script: string): Promise<ChildEnd> {
  const flags = argv[0] === 'studio' ? missingStudioFlags() : [];
  if (flags.length > 0) {
    const terminal = await savedTerminalMode();
    const end = await runNodeWithFlags(flags, script, argv).catch((error: Error): ChildEnd => {
      process.stderr.write(`recap studio: cannot start node (${error.message})\n`);
      return { code: 2 };
    });
    // The studio gives the screen and the terminal's line mode back on the signals it is sent
    // (SIGTERM, SIGHUP, SIGINT) and exits with a code; ended by one it cannot catch (SIGKILL, the
    // kernel's out-of-memory killer), it could not: the terminal would stay without echo.
    if (end.signal !== undefined) {
      if (process.stdout.isTTY) process.stdout.write(GIVE_SCREEN_BACK);
      await terminal?.restore();
    }
    return end;
  }
  const { main } = await import('./main.js');
  return { code: await main(argv) };
}

/**
 * The terminal's settings (`stty -g`) when standard input is one, to put back after a studio that
 * could not (see runRecap); undefined elsewhere, or where `stty` cannot be run (Windows).
 */
async function savedTerminalMode(): Promise<{ restore(): Promise<void> } | undefined> {
  // Asked of the descriptor: process.stdin would open a handle on the terminal the studio reads.
  const { isatty } = await import('node:tty');
  if (!isatty(0)) return undefined;
  const { spawnSync } = await import('node:child_process');
  // stty reads the terminal it is given as standard input.
  const saved = spawnSync('stty', ['-g'], { stdio: ['inherit', 'pipe', 'ignore'], encoding: 'utf8' });
  const settings = saved.status === 0 ? saved.stdout.trim() : '';
  if (settings === '') return undefined;
  return {
    async restore() {
      spawnSync('stty', [settings], { stdio: ['inherit', 'ignore', 'ignore'] });
    },
  };
}
