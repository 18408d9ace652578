// `recap init`: its argument and help. The work is in init-command.ts (and src/init/).

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';

/** `recap init [dir]` */
export function registerInitCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('init')
    .description('start a recap project: a profile, two session fixtures, a suite and a CI workflow; never overwrites a file')
    .argument('[dir]', 'the project folder, made when missing (default: the current folder)')
    .addHelpText('after', helpExample('recap init', 'recap init my-summaries'))
    .action(async (directory: string | undefined) => {
      const { initCommand } = await commandModules.init();
      exit.code = await initCommand(directory, io);
    });
}
