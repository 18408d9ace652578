// Starts the studio in the terminal and returns its exit code. Loaded only by `recap studio`
// (lazily), so headless commands never load Ink or React.

import { access } from 'node:fs/promises';
import path from 'node:path';
import { render } from 'ink';
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

/** Exit codes as the CLI's: 0 after `q`, 2 when the folders hold nothing to open. */
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

  const screen = createTerminalScreen(options.stdout);
  const restore = () => screen.leave();
  // A signal or a crash must not leave the terminal on the alternate screen.
  process.once('exit', restore);
  screen.enter();
  try {
    const instance = render(
      <Studio
        dependencies={nodeStudioDependencies({ cwd: options.cwd, env: options.env, terminal: screen })}
        settings={options}
        color={colorEnabled(options.env)}
      />,
      { stdin: options.stdin, stdout: options.stdout, stderr: process.stderr, exitOnCtrlC: false, patchConsole: true },
    );
    await instance.waitUntilExit();
  } finally {
    process.removeListener('exit', restore);
    screen.leave();
  }
  return 0;
}
