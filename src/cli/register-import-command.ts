// `recap import rrweb`: its arguments, flags and help. The work is in import-command.ts.

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import type { ImportRrwebCommandOptions } from './import-command.js';

/** `recap import rrweb <recording.json|dir>... [--output FILE|DIR] [--uid U] [--email E] [--privacy FILE]` */
export function registerImportCommand(program: Command, { io, exit }: CommandContext): void {
  const importCommand = program
    .command('import')
    .description('convert recordings made with other tools into session fixtures')
    .addHelpText('after', helpExample('recap import rrweb recording.json --output sessions-fixtures/recording.json'));
  importCommand
    .command('rrweb')
    .description(
      'convert rrweb recordings (a JSON array of events, {"events": [...]}, or {"snapshot_data_by_window_id": {...}}) into session fixtures; see docs/fixtures.md',
    )
    .argument('<recording...>', 'rrweb recordings (.json files), or directories whose *.json files are recordings')
    .option('-o, --output <path>', 'fixture file, or a directory for one fixture per recording named after it (default: print one fixture to stdout)')
    .option('--uid <uid>', "the user's uid: user.uid, and the user part of the fixture id (default: anonymous)")
    .option('--email <email>', "the user's email: user.email (the user part of the id when there is no --uid)")
    .option('--privacy <file>', 'privacy rules applied to every fixture before it is written; block selectors are also matched against the recorded page (default: none)')
    .addHelpText(
      'after',
      helpExample(
        'recap import rrweb recording.json > sessions-fixtures/checkout.json',
        'recap import rrweb recordings/ --output sessions-fixtures/ --uid alice --email alice@example.com',
        'recap import rrweb recording.json --privacy privacy.yaml --output sessions-fixtures/checkout.json',
        'recap run profiles/plain-summary.yaml sessions-fixtures/checkout.json --dry-run',
      ),
    )
    .action(async (inputs: string[], options: ImportRrwebCommandOptions) => {
      const { importRrwebCommand } = await commandModules.import();
      exit.code = await importRrwebCommand(inputs, options, io);
    });
}
