// Starts the studio in the terminal and returns its exit code. Loaded only by `recap studio`
// (lazily), so headless commands never load Ink or React.

import { access } from 'node:fs/promises';
import path from 'node:path';
import { render } from 'ink';
import { discardPendingInput } from './discard-pending-input.js';
import { exitOnSignals } from './exit-on-signals.js';
import { listFolder, nodeStudioDependencies } from './node-studio-dependencies.js';
import type { StudioSettings } from './studio-dependencies.js';
import { PROFILE_EXTENSIONS, SESSION_EXTENSIONS } from './studio-paths.js';
import { Studio } from './Studio.js';
import { createTerminalScreen } from './terminal-screen.js';
import { colorEnabled } from './theme.js';

export interface RunStudioOptions extends StudioSettings {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: { write(text: string): unknown };
}

/** Exit codes as the CLI's: 0 after `q`, 2 when the folders hold nothing to open; 128 + n on signal n (exit-on-signals.ts). */
export async function runStudio(options: RunStudioOptions): Promise<number> {
  const problems: string[] = [];
  for (const [flag, folder, extensions, kind] of [
    ['--profiles', options.profilesFolder, PROFILE_EXTENSIONS, 'profiles (*.yaml)'],
    ['--sessions', options.sessionsFolder, SESSION_EXTENSIONS, 'session fixtures (*.json)'],
  ] as const) {
    const absolute = path.resolve(options.cwd, folder);
    const found = await access(absolute).then(
      () => listFolder(absolute, extensions),
      () => undefined,
    );
    if (found === undefined) problems.push(`${folder}: no such folder (choose another with ${flag} DIR)`);
    else if (found.length === 0) problems.push(`${folder}: no ${kind} in it (choose another folder with ${flag} DIR)`);
  }
  if (problems.length > 0) {
    options.stderr.write(`${problems.join('\n')}\n`);
    return 2;
  }

  const screen = createTerminalScreen(options.stdout, { discardInput: () => discardPendingInput(options.stdin) });
  const restore = () => screen.leave();
  // A crash must not leave the terminal on the alternate screen.
  process.once('exit', restore);
  screen.enter();
  let stopSignals: () => void = () => undefined;
  try {
    const instance = render(
      <Studio
        dependencies={nodeStudioDependencies({ cwd: options.cwd, env: options.env, terminal: screen })}
        settings={options}
        color={colorEnabled(options.env)}
      />,
      { stdin: options.stdin, stdout: options.stdout, stderr: process.stderr, exitOnCtrlC: false, patchConsole: true },
    );
    // Nor a signal, on which node runs no 'exit' handler: Ink draws its last frame and lets go of
    // the keyboard, then the screen, the cursor and line mode are given back.
    stopSignals = exitOnSignals(() => {
      instance.unmount();
      screen.leave();
      if (options.stdin.isTTY) options.stdin.setRawMode(false);
    });
    await instance.waitUntilExit();
  } finally {
    stopSignals();
    process.removeListener('exit', restore);
    screen.leave();
  }
  return 0;
}
