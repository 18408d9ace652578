// The `recap` command line: wiring only; each command's work lives in its module.

import { Command, CommanderError } from 'commander';
import { processIo, type CliIo } from './cli-io.js';
import { EXIT_USAGE } from './exit-codes.js';
import { runCommand, type RunOptions } from './run-command.js';
import { validateCommand, type ValidateOptions } from './validate-command.js';

const VERSION = '0.1.0';

function example(...lines: string[]): string {
  return `\nExample:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/** Builds the program; every action stores its exit code in `exit.code`. */
export function buildProgram(io: CliIo, exit: { code: number }): Command {
  const program = new Command('recap')
    .description('A workbench for AI summaries of recorded user sessions.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    });

  program
    .command('run')
    .description('prepare a profile against a recorded session and summarise it')
    .argument('<profile.yaml>', 'a summary profile')
    .argument('<session.json>', 'a session fixture')
    .option('--provider <provider>', 'gemini | openai | extractive | replay (default: gemini with a key, else extractive)')
    .option('--model <model>', "model name (default: the profile's llm.model, else the provider's default)")
    .option('--base-url <url>', 'API base URL of the provider (proxies, local stand-ins)')
    .option('--cassettes <dir>', 'cassette directory for --provider replay', '.recap/cassettes')
    .option('--dry-run', 'prepare only: show the prompt, no model call')
    .option('--json', 'print the DESIGN §7 JSON object instead of text')
    .addHelpText(
      'after',
      example(
        'recap run profiles/plain-summary.yaml sessions-fixtures/checkout-abandon.json',
        'recap run profiles/friction-report.yaml sessions-fixtures/checkout-abandon.json --dry-run --json',
      ),
    )
    .action(async (profile: string, session: string, options: RunOptions) => {
      exit.code = await runCommand(profile, session, options, io);
    });

  program
    .command('validate')
    .description('check profiles; prints file:line:col for every problem, exit 1 when any is invalid')
    .argument('<profile.yaml...>', 'profiles to check')
    .option('--json', 'print a JSON report')
    .addHelpText('after', example('recap validate profiles/*.yaml'))
    .action(async (files: string[], options: ValidateOptions) => {
      exit.code = await validateCommand(files, options, io);
    });

  return program;
}

/** Runs `recap` with `argv` (without node and script); returns the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const exit = { code: 0 };
  const program = buildProgram(io, exit);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exit.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
