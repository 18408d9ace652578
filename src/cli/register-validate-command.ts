// `recap validate`: its arguments, flags and help. The work is in validate-command.ts.

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import type { ValidateOptions } from './validate-command.js';

/** `recap validate <profile.yaml>...` */
export function registerValidateCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('validate')
    .description('check profiles and the privacy rules beside them (a privacy.yaml given is checked as rules); prints file:line:col for every problem, exit 1 when any is invalid')
    .argument('<profile.yaml...>', 'profiles to check')
    .option('--json', 'print a JSON report')
    .option('--privacy <file>', 'check the profiles with these privacy rules instead of the privacy.yaml beside each, as recap run --privacy applies them')
    .addHelpText('after', helpExample('recap validate profiles/*.yaml'))
    .action(async (files: string[], options: ValidateOptions) => {
      const { validateCommand } = await commandModules.validate();
      exit.code = await validateCommand(files, options, io);
    });
}
