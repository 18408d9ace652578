// `recap admin`: its subcommands, flags and help. The work is in admin-command.ts, which opens
// the stores only when a subcommand runs.

import type { Command } from 'commander';
import type { CreateKeyOptions, CreateOrganisationOptions, KeyOptions, OrganisationOptions, UpdateKeyOptions } from './admin-command.js';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import { DEFAULT_DATA_DIR } from './data-dir.js';

const DATA_DIR_HELP = 'the server data directory';

/** `recap admin org|key|sessions ...` */
export function registerAdminCommand(program: Command, { io, exit }: CommandContext): Command {
  const admin = program.command('admin').description('manage organisations, API keys and recorded sessions of the server');
  const org = admin.command('org').description('organisations');
  org
    .command('create')
    .description('create an organisation in a data center')
    .argument('<org>', 'the organisation name')
    .requiredOption('--data-center <dc>', 'na1 or eu1')
    .option('--server-event-quota <n>', 'server events per calendar month (default: unlimited)')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .option('--json', 'print the organisation as JSON')
    .addHelpText('after', helpExample('recap admin org create acme --data-center eu1 --server-event-quota 100000'))
    .action(async (name: string, options: CreateOrganisationOptions) => {
      const { createOrganisationCommand } = await commandModules.admin();
      exit.code = await createOrganisationCommand(name, options, io);
    });

  const key = admin.command('key').description('API keys');
  key
    .command('create')
    .description('create an API key; the key is printed once, on the last line')
    .requiredOption('--org <org>', 'the organisation')
    .requiredOption('--name <name>', 'a name for the key')
    .requiredOption('--level <level>', 'standard, architect or admin')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .option('--json', 'print {"key": ...}')
    .addHelpText('after', helpExample('recap admin key create --org acme --name ingest --level standard'))
    .action(async (options: CreateKeyOptions) => {
      const { createKeyCommand } = await commandModules.admin();
      exit.code = await createKeyCommand(options, io);
    });
  key
    .command('update')
    .description("rename a key or change its level (the key's id or current name)")
    .requiredOption('--org <org>', 'the organisation')
    .requiredOption('--key <id-or-name>', 'the key id or its current name')
    .option('--name <name>', 'the new name')
    .option('--level <level>', 'the new level: standard, architect or admin')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .addHelpText('after', helpExample('recap admin key update --org acme --key ingest --level architect'))
    .action(async (options: UpdateKeyOptions) => {
      const { updateKeyCommand } = await commandModules.admin();
      exit.code = await updateKeyCommand(options, io);
    });
  key
    .command('list')
    .description('list the keys of an organisation: id, level, name, created, last used, revoked (never the keys)')
    .requiredOption('--org <org>', 'the organisation')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .option('--json', 'print the keys as a JSON list')
    .addHelpText('after', helpExample('recap admin key list --org acme'))
    .action(async (options: OrganisationOptions & { json?: boolean }) => {
      const { listKeysCommand } = await commandModules.admin();
      exit.code = await listKeysCommand(options, io);
    });
  key
    .command('revoke')
    .description('revoke a key (its id or name): every instance refuses it from its next request on; it stays listed')
    .requiredOption('--org <org>', 'the organisation')
    .requiredOption('--key <id-or-name>', 'the key id or its name')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .addHelpText('after', helpExample('recap admin key revoke --org acme --key ingest'))
    .action(async (options: KeyOptions) => {
      const { revokeKeyCommand } = await commandModules.admin();
      exit.code = await revokeKeyCommand(options, io);
    });
  key
    .command('delete')
    .description('delete a key (its id or name): every instance refuses it, and it is no longer listed')
    .requiredOption('--org <org>', 'the organisation')
    .requiredOption('--key <id-or-name>', 'the key id or its name')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .addHelpText('after', helpExample('recap admin key delete --org acme --key 7e431af0522a6453'))
    .action(async (options: KeyOptions) => {
      const { deleteKeyCommand } = await commandModules.admin();
      exit.code = await deleteKeyCommand(options, io);
    });
  admin
    .command('sessions')
    .description('recorded sessions')
    .command('import')
    .description("load session fixtures into an organisation's store (re-importing one changes nothing)")
    .requiredOption('--org <org>', 'the organisation')
    .option('--data-dir <dir>', DATA_DIR_HELP, DEFAULT_DATA_DIR)
    .argument('<session.json...>', 'session fixtures (docs/fixtures.md)')
    .addHelpText('after', helpExample('recap admin sessions import --org acme sessions-fixtures/*.json'))
    .action(async (files: string[], options: OrganisationOptions) => {
      const { importSessionsCommand } = await commandModules.admin();
      exit.code = await importSessionsCommand(files, options, io);
    });
  return admin;
}
