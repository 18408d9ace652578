// The `recap` command line: wiring only; each command's work lives in its module.

import { Command, CommanderError } from 'commander';
import { processIo, type CliIo } from './cli-io.js';
import { EXIT_USAGE } from './exit-codes.js';
import type { CommandContext } from './command-context.js';
import { registerImportCommand } from './import-command.js';
import { registerInitCommand } from './init-command.js';
import { registerAdminCommand } from './admin-command.js';
import { registerRunCommand } from './run-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerStudioCommand } from './studio-command.js';
import { registerTestCommand } from './test-command.js';
import { registerValidateCommand } from './validate-command.js';

const VERSION = '0.1.0';

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
    });

  registerRunCommand(program, context);
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
