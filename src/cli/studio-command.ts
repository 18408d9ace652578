// `recap studio [--profiles DIR] [--sessions DIR]`: the Ink workbench. The studio module is
// imported only here and only when the command runs, so other commands never load Ink.

import { isProvider } from '../models/create-model.js';
import type { CliIo } from './cli-io.js';
import { EXIT_USAGE } from './exit-codes.js';

export interface StudioOptions {
  readonly profiles: string;
  readonly sessions: string;
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
}

const isTerminal = (stream: { isTTY?: boolean } | undefined): boolean => stream?.isTTY === true;

/** Variables that make Ink think it runs in CI, where it draws only the last frame. */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

/**
 * Imports the studio (and with it Ink). Ink decides once, when it loads, whether it runs in CI;
 * the studio only ever runs on a terminal (checked before), so a CI variable left in an
 * interactive shell must not blank it. The variables are restored right after.
 */
async function loadStudio(): Promise<typeof import('../studio/run-studio.js')> {
  const saved = CI_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const [name] of saved) delete process.env[name];
  try {
    return await import('../studio/run-studio.js');
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

/** Runs the studio; returns the exit code. Without a terminal it points at `recap run`. */
export async function studioCommand(options: StudioOptions, io: CliIo): Promise<number> {
  const stdin = io.stdin;
  if (stdin === undefined || !isTerminal(stdin) || !isTerminal(io.stdout)) {
    io.stderr.write(
      'recap studio is interactive: it needs a terminal on stdin and stdout.\n' +
        'In scripts and CI use `recap run <profile.yaml> <session.json>` (add --dry-run --json to see the prepared prompt).\n',
    );
    return EXIT_USAGE;
  }
  const provider = options.provider;
  if (provider !== undefined && !isProvider(provider)) {
    io.stderr.write(`unknown provider "${provider}" (expected gemini, openai, extractive or replay)\n`);
    return EXIT_USAGE;
  }
  // React's development build costs milliseconds per frame; set before React loads (just below).
  process.env.NODE_ENV ??= 'production';
  const { runStudio } = await loadStudio();
  return runStudio({
    cwd: io.cwd,
    profilesFolder: options.profiles,
    sessionsFolder: options.sessions,
    provider,
    model: options.model,
    baseUrl: options.baseUrl,
    env: io.env,
    stdin,
    // A TTY stdout is a WriteStream: checked above.
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr,
  });
}
