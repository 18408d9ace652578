// The `recap` command line: wiring only. Each command's definition (flags, help) is loaded here;
// the code behind it only when it runs (command-modules.ts).

import { Command, CommanderError } from 'commander';
import { processIo, type CliIo } from './cli-io.js';
import type { CommandContext } from './command-context.js';
import { EXIT_USAGE } from './exit-codes.js';
import { registerAdminCommand } from './register-admin-command.js';
import { registerImportCommand } from './register-import-command.js';
import { registerInitCommand } from './register-init-command.js';
import { registerRunCommand } from './register-run-command.js';
import { registerReportCommand } from './register-report-command.js';
import { registerServeCommand } from './register-serve-command.js';
import { registerStudioCommand } from './register-studio-command.js';
import { registerTestCommand } from './register-test-command.js';
import { registerValidateCommand } from './register-validate-command.js';
import { shortUsage } from './short-usage.js';

const VERSION = '0.1.0';

/** Where the reference of every command, flag and exit code lives. */
export const CLI_REFERENCE = 'docs/cli.md';

/** Builds the program; every action stores its exit code in `exit.code`. */
export function buildProgram(io: CliIo, exit: { code: number }): Command {
  const context: CommandContext = { io, exit };
  const program = new Command('recap')
    .description('A workbench for AI summaries of recorded user sessions.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .addHelpText('after', `\nEvery command has --help with an example; the reference is ${CLI_REFERENCE}.\n`);

  registerRunCommand(program, context);
  registerReportCommand(program, context);
  registerValidateCommand(program, context);
  registerTestCommand(program, context);
  registerStudioCommand(program, context);
  registerServeCommand(program, context);
  registerAdminCommand(program, context);
  registerImportCommand(program, context);
  registerInitCommand(program, context);

  return program;
}

/** Runs `recap` with `argv` (without node and script); returns the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const exit = { code: 0 };
  const program = buildProgram(io, exit);
  if (argv.length === 0) {
    io.stderr.write(shortUsage(program, CLI_REFERENCE));
    return EXIT_USAGE;
  }
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
