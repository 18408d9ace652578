// `recap studio [--profiles DIR] [--sessions DIR] [--privacy FILE]`: the Ink workbench. The studio
// module is imported only here and only when the command runs, so other commands never load Ink.

import path from 'node:path';
import { isProvider } from '../models/create-model.js';
import { loadPrivacyRules, PRIVACY_FILE_NAME } from '../privacy/load-privacy-rules.js';
import { PrivacyRulesError } from '../privacy/privacy-rules-error.js';
import type { CliIo } from './cli-io.js';
import { EXIT_USAGE } from './exit-codes.js';

export interface StudioOptions {
  readonly profiles: string;
  readonly sessions: string;
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  /** Privacy rules file; default privacy.yaml in the profiles folder when it exists. */
  readonly privacy?: string;
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

/**
 * The privacy rules' problems, or undefined when they load (or there are none). The studio reads
 * them again itself, and on every save; this only refuses to start on rules that do not load, as
 * `recap run` does, checked before the terminal so that scripts see it too.
 */
async function privacyProblems(options: StudioOptions, io: CliIo): Promise<string | undefined> {
  try {
    // loadPrivacyRules looks in a profile's folder; every profile the studio lists is in --profiles,
    // so any name in that folder stands for them all.
    await loadPrivacyRules(io.cwd, path.join(options.profiles, PRIVACY_FILE_NAME), options.privacy);
    return undefined;
  } catch (error) {
    if (error instanceof PrivacyRulesError) return error.message;
    throw error;
  }
}

/** Runs the studio; returns the exit code. Without a terminal it points at `recap run`. */
export async function studioCommand(options: StudioOptions, io: CliIo): Promise<number> {
  const problems = await privacyProblems(options, io);
  if (problems !== undefined) {
    io.stderr.write(`${problems}\n`);
    return EXIT_USAGE;
  }
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
    privacyFile: options.privacy,
    env: io.env,
    stdin,
    // A TTY stdout is a WriteStream: checked above.
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr,
  });
}
