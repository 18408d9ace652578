// Runs the recap CLI in-process with captured output, for end-to-end tests of commands.

import { main } from '../../src/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `recap ...argv` with the given environment (nothing inherited) and working directory. */
export async function runCli(
  argv: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
  });
  return { code, stdout, stderr };
}
