// `recap test`: its arguments, flags and help. The work is in test-command.ts (suites: docs/suites.md).

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import type { TestOptions } from './test-command.js';

/** `recap test [paths...]` */
export function registerTestCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('test')
    .description('run regression suites (*.recap.yaml): prompt assertions, answer assertions, cassettes')
    .argument('[paths...]', 'suite files or directories (default: every suite under the current directory)')
    .option('--reporter <name>', 'pretty | junit | json', 'pretty')
    .option('--output <file>', 'with --reporter junit or json: write that report to a file (the pretty report still goes to stdout)')
    .option('--update', 'rewrite prompt snapshots that differ')
    .option('--record', 'record missing cassettes by calling the model, even with CI set')
    .option('--repeat <n>', "run every case's model calls n times, 1 to 100 (overrides repeat)")
    .option('--baseline <file>', 'compare with an earlier JSON report; exit 1 on any regression')
    .option('--concurrency <n>', 'cases in flight at once, 1 to 64', '4')
    .option('--filter <pattern>', 'only cases whose name contains the text (or matches /regex/)')
    .option('--prices <file>', 'a JSON or YAML price table per model (USD per million tokens)')
    .option('--cassette-note <text>', 'saved as the source of newly recorded cassettes')
    .option('--privacy <file>', "privacy rules for every suite (default: privacy.yaml next to each suite's profile)")
    .addHelpText(
      'after',
      helpExample(
        'recap test',
        'recap test suites/checkout.recap.yaml --reporter junit --output junit.xml',
        'recap test --filter coupon --record',
      ),
    )
    .action(async (paths: string[], options: TestOptions) => {
      const { testCommand } = await commandModules.test();
      exit.code = await testCommand(paths, options, io);
    });
}
