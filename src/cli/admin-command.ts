// `recap admin`: organisations and keys (and, with the sessions subcommand, recorded sessions).

import type { Command } from 'commander';
import path from 'node:path';
import type { CliIo } from './cli-io.js';
import { helpExample, type CommandContext } from './command-context.js';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { DEFAULT_DATA_DIR } from './serve-command.js';
import { readFailure } from '../session/read-failure.js';

type Stores = import('../server/admin/admin-actions.js').Stores;

const LEVELS = ['standard', 'architect', 'admin'] as const;
const DATA_CENTERS = ['na1', 'eu1'] as const;

/** Opens the stores the server would use, runs `work`, closes them; maps admin errors to exit 2. */
async function withStores(io: CliIo, dataDir: string, work: (stores: Stores) => Promise<number>): Promise<number> {
  const { openStores } = await import('../server/store/open-stores.js');
  const { AdminError } = await import('../server/admin/admin-actions.js');
  const stores = await openStores({ dataDir: path.resolve(io.cwd, dataDir), env: io.env });
  try {
    return await work(stores);
  } catch (error) {
    if (error instanceof AdminError) {
      io.stderr.write(`${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
}

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string, io: CliIo): value is T {
  if ((allowed as readonly string[]).includes(value)) return true;
  io.stderr.write(`${flag}: expected ${allowed.join(' or ')}, got "${value}"\n`);
  return false;
}

/** `recap admin ...` */
export function registerAdminCommand(program: Command, context: CommandContext): Command {
  const { io, exit } = context;
  const admin = program.command('admin').description('manage organisations, API keys and recorded sessions of the server');
  const org = admin.command('org').description('organisations');
  org
    .command('create')
    .description('create an organisation in a data center')
    .argument('<org>', 'the organisation name')
    .requiredOption('--data-center <dc>', 'na1 or eu1')
    .option('--server-event-quota <n>', 'server events per calendar month (default: unlimited)')
    .option('--data-dir <dir>', 'the server data directory', DEFAULT_DATA_DIR)
    .option('--json', 'print the organisation as JSON')
    .addHelpText('after', helpExample('recap admin org create acme --data-center eu1 --server-event-quota 100000'))
    .action(async (name: string, options: { dataCenter: string; serverEventQuota?: string; dataDir: string; json?: boolean }) => {
      if (!oneOf(options.dataCenter, DATA_CENTERS, '--data-center', io)) return void (exit.code = EXIT_USAGE);
      const quota = options.serverEventQuota === undefined ? null : Number(options.serverEventQuota);
      if (quota !== null && !(Number.isInteger(quota) && quota >= 0)) {
        io.stderr.write(`--server-event-quota: expected a whole number, got "${options.serverEventQuota}"\n`);
        return void (exit.code = EXIT_USAGE);
      }
      const dataCenter = options.dataCenter;
      exit.code = await withStores(io, options.dataDir, async (stores) => {
        const { createOrganisation } = await import('../server/admin/admin-actions.js');
        const created = await createOrganisation(stores, { name, dataCenter, serverEventQuota: quota, now: new Date() });
        io.stdout.write(options.json === true ? `${JSON.stringify({ id: created.id, name: created.name, data_center: created.dataCenter, server_event_quota: created.serverEventQuota })}\n` : `created organisation ${created.name} (${created.id}) in ${created.dataCenter}\n`);
        return EXIT_OK;
      });
    });

  const key = admin.command('key').description('API keys');
  key
    .command('create')
    .description('create an API key; the key is printed once, on the last line')
    .requiredOption('--org <org>', 'the organisation')
    .requiredOption('--name <name>', 'a name for the key')
    .requiredOption('--level <level>', 'standard, architect or admin')
    .option('--data-dir <dir>', 'the server data directory', DEFAULT_DATA_DIR)
    .option('--json', 'print {"key": ...}')
    .addHelpText('after', helpExample('recap admin key create --org acme --name ingest --level standard'))
    .action(async (options: { org: string; name: string; level: string; dataDir: string; json?: boolean }) => {
      if (!oneOf(options.level, LEVELS, '--level', io)) return void (exit.code = EXIT_USAGE);
      const level = options.level;
      exit.code = await withStores(io, options.dataDir, async (stores) => {
        const { createKey } = await import('../server/admin/admin-actions.js');
        const created = await createKey(stores, { orgName: options.org, name: options.name, level, now: new Date() });
        if (options.json === true) {
          io.stdout.write(`${JSON.stringify({ key: created.key, id: created.record.id, name: created.record.name, level: created.record.level, data_center: created.org.dataCenter })}\n`);
        } else {
          io.stdout.write(`created ${level} key "${created.record.name}" (id ${created.record.id}) for ${created.org.name} in ${created.org.dataCenter}; it is shown only now:\n${created.key}\n`);
        }
        return EXIT_OK;
      });
    });
  key
    .command('update')
    .description("rename a key or change its level (the key's id or current name)")
    .requiredOption('--org <org>', 'the organisation')
    .requiredOption('--key <id-or-name>', 'the key id or its current name')
    .option('--name <name>', 'the new name')
    .option('--level <level>', 'the new level: standard, architect or admin')
    .option('--data-dir <dir>', 'the server data directory', DEFAULT_DATA_DIR)
    .addHelpText('after', helpExample('recap admin key update --org acme --key ingest --level architect'))
    .action(async (options: { org: string; key: string; name?: string; level?: string; dataDir: string }) => {
      if (options.name === undefined && options.level === undefined) {
        io.stderr.write('nothing to change: give --name and/or --level\n');
        return void (exit.code = EXIT_USAGE);
      }
      if (options.level !== undefined && !oneOf(options.level, LEVELS, '--level', io)) return void (exit.code = EXIT_USAGE);
      const level = options.level as (typeof LEVELS)[number] | undefined;
      exit.code = await withStores(io, options.dataDir, async (stores) => {
        const { updateKey } = await import('../server/admin/admin-actions.js');
        const updated = await updateKey(stores, { orgName: options.org, key: options.key, name: options.name, level, now: new Date() });
        io.stdout.write(`key ${updated.id} is now "${updated.name}", ${updated.level}\n`);
        return EXIT_OK;
      });
    });
  key
    .command('list')
    .description('list the keys of an organisation (ids, names, levels; never the keys)')
    .requiredOption('--org <org>', 'the organisation')
    .option('--data-dir <dir>', 'the server data directory', DEFAULT_DATA_DIR)
    .action(async (options: { org: string; dataDir: string }) => {
      exit.code = await withStores(io, options.dataDir, async (stores) => {
        const { listKeys } = await import('../server/admin/admin-actions.js');
        for (const record of await listKeys(stores, options.org)) io.stdout.write(`${record.id}  ${record.level.padEnd(9)}  ${record.name}  (created ${record.createdAt})\n`);
        return EXIT_OK;
      });
    });
  admin
    .command('sessions')
    .description('recorded sessions')
    .command('import')
    .description("load session fixtures into an organisation's store (re-importing one changes nothing)")
    .requiredOption('--org <org>', 'the organisation')
    .option('--data-dir <dir>', 'the server data directory', DEFAULT_DATA_DIR)
    .argument('<session.json...>', 'session fixtures (DESIGN §2)')
    .addHelpText('after', helpExample('recap admin sessions import --org acme sessions-fixtures/*.json'))
    .action(async (files: string[], options: { org: string; dataDir: string }) => {
      exit.code = await withStores(io, options.dataDir, async (stores) => {
        const { readUtf8File } = await import('../session/read-utf8-file.js');
        const { findOrganisation } = await import('../server/admin/admin-actions.js');
        const { importSession } = await import('../server/sessions/import-session.js');
        const { SessionFixtureError } = await import('../session/session-error.js');
        const { org, store } = await findOrganisation(stores, options.org);
        let failed = 0;
        for (const file of files) {
          try {
            const text = await readUtf8File(path.resolve(io.cwd, file));
            const imported = await importSession(store, org, text, { source: file, now: new Date() });
            io.stdout.write(`${imported.created ? 'imported' : 'already imported'} ${file} as ${imported.id}\n`);
          } catch (error) {
            const unreadable = ['ENOENT', 'EISDIR', 'EACCES', 'EPERM', 'ERR_NOT_UTF8'].includes((error as NodeJS.ErrnoException).code ?? '');
            if (!(error instanceof SessionFixtureError) && !unreadable) throw error;
            failed++;
            io.stderr.write(`${error instanceof SessionFixtureError ? error.message : `${file}: ${readFailure(error)}`}\n`);
          }
        }
        return failed === 0 ? EXIT_OK : EXIT_USAGE;
      });
    });
  return admin;
}
