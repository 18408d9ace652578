// `recap admin`: organisations, API keys and recorded sessions, written straight into the stores
// the server uses (SQLite under --data-dir, or PostgreSQL; see docs/deployment.md).

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CliIo } from './cli-io.js';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { readFailure } from '../session/read-failure.js';
import { plainWholeNumber } from './plain-whole-number.js';
import { terminalJson } from './terminal-json.js';

type Stores = import('../server/admin/admin-actions.js').Stores;

const LEVELS = ['standard', 'architect', 'admin'] as const;
const DATA_CENTERS = ['na1', 'eu1'] as const;

export interface CreateOrganisationOptions {
  readonly dataCenter: string;
  readonly serverEventQuota?: string;
  readonly dataDir: string;
  readonly json?: boolean;
}

export interface CreateKeyOptions {
  readonly org: string;
  readonly name: string;
  readonly level: string;
  readonly dataDir: string;
  readonly json?: boolean;
}

export interface UpdateKeyOptions {
  readonly org: string;
  readonly key: string;
  readonly name?: string;
  readonly level?: string;
  readonly dataDir: string;
}

export interface OrganisationOptions {
  readonly org: string;
  readonly dataDir: string;
}

/** Opens the stores the server would use, runs `work`, closes them; maps admin errors to exit 2. */
/**
 * Opens the stores for `work`. Only `org create` makes a new data folder: any other command on a
 * folder without a store file (a mistyped --data-dir) would find no organisation there and point
 * at `org create`, which would then make a second one, in the wrong place.
 */
async function withStores(io: CliIo, dataDir: string, work: (stores: Stores) => Promise<number>, options: { readonly create?: boolean } = {}): Promise<number> {
  const { databaseUrlVariable, openStores, StoreOpenError } = await import('../server/store/open-stores.js');
  const { AdminError } = await import('../server/admin/admin-actions.js');
  const folder = path.resolve(io.cwd, dataDir);
  const sqlite = DATA_CENTERS.filter((dataCenter) => (io.env[databaseUrlVariable(dataCenter)] ?? '') === '');
  if (options.create !== true && sqlite.length === DATA_CENTERS.length && !sqlite.some((dataCenter) => existsSync(path.join(folder, `${dataCenter}.db`)))) {
    io.stderr.write(
      `error: --data-dir ${dataDir}: no recap data there (no ${sqlite.map((dataCenter) => `${dataCenter}.db`).join(' or ')}); give the --data-dir that recap serve uses, or create an organisation first with recap admin org create <org> --data-center na1\n`,
    );
    return EXIT_USAGE;
  }
  let stores: Stores;
  try {
    stores = await openStores({ dataDir: folder, env: io.env });
  } catch (error) {
    if (!(error instanceof StoreOpenError)) throw error;
    io.stderr.write(`error: ${error.message}\n`);
    return EXIT_USAGE;
  }
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

/** `recap admin org create <org>` */
export async function createOrganisationCommand(name: string, options: CreateOrganisationOptions, io: CliIo): Promise<number> {
  if (!oneOf(options.dataCenter, DATA_CENTERS, '--data-center', io)) return EXIT_USAGE;
  const quota = options.serverEventQuota === undefined ? null : (plainWholeNumber(options.serverEventQuota) ?? Number.NaN);
  if (quota !== null && !(quota <= Number.MAX_SAFE_INTEGER)) {
    io.stderr.write(`--server-event-quota: expected a whole number, got "${options.serverEventQuota}"\n`);
    return EXIT_USAGE;
  }
  const dataCenter = options.dataCenter;
  return withStores(io, options.dataDir, async (stores) => {
    const { createOrganisation } = await import('../server/admin/admin-actions.js');
    const created = await createOrganisation(stores, { name, dataCenter, serverEventQuota: quota, now: new Date() });
    io.stdout.write(
      options.json === true
        ? `${terminalJson({ id: created.id, name: created.name, data_center: created.dataCenter, server_event_quota: created.serverEventQuota })}\n`
        : `created organisation ${created.name} (${created.id}) in ${created.dataCenter}\n`,
    );
    return EXIT_OK;
  }, { create: true });
}

/** `recap admin key create`: the key is printed once, on the last line. */
export async function createKeyCommand(options: CreateKeyOptions, io: CliIo): Promise<number> {
  if (!oneOf(options.level, LEVELS, '--level', io)) return EXIT_USAGE;
  const level = options.level;
  return withStores(io, options.dataDir, async (stores) => {
    const { createKey } = await import('../server/admin/admin-actions.js');
    const created = await createKey(stores, { orgName: options.org, name: options.name, level, now: new Date() });
    if (options.json === true) {
      io.stdout.write(`${terminalJson({ key: created.key, id: created.record.id, name: created.record.name, level: created.record.level, data_center: created.org.dataCenter })}\n`);
    } else {
      io.stdout.write(`created ${level} key "${created.record.name}" (id ${created.record.id}) for ${created.org.name} in ${created.org.dataCenter}; it is shown only now:\n${created.key}\n`);
    }
    return EXIT_OK;
  });
}

/** `recap admin key update`: a new name or level for a key named by its id or current name. */
export async function updateKeyCommand(options: UpdateKeyOptions, io: CliIo): Promise<number> {
  if (options.name === undefined && options.level === undefined) {
    io.stderr.write('nothing to change: give --name and/or --level\n');
    return EXIT_USAGE;
  }
  if (options.level !== undefined && !oneOf(options.level, LEVELS, '--level', io)) return EXIT_USAGE;
  const level = options.level as (typeof LEVELS)[number] | undefined;
  return withStores(io, options.dataDir, async (stores) => {
    const { updateKey } = await import('../server/admin/admin-actions.js');
    const updated = await updateKey(stores, { orgName: options.org, key: options.key, name: options.name, level, now: new Date() });
    io.stdout.write(`key ${updated.id} is now "${updated.name}", ${updated.level}\n`);
    return EXIT_OK;
  });
}

export interface KeyOptions {
  readonly org: string;
  readonly key: string;
  readonly dataDir: string;
}

/** `recap admin key list`: id, level, name, created, last used and revoked; never the keys. */
export async function listKeysCommand(options: OrganisationOptions & { readonly json?: boolean }, io: CliIo): Promise<number> {
  return withStores(io, options.dataDir, async (stores) => {
    const { listKeys } = await import('../server/admin/admin-actions.js');
    const keys = await listKeys(stores, options.org);
    if (options.json === true) {
      const rows = keys.map((record) => ({ id: record.id, name: record.name, level: record.level, created: record.createdAt, last_used: record.lastUsedAt, revoked: record.revokedAt }));
      io.stdout.write(`${terminalJson(rows)}\n`);
      return EXIT_OK;
    }
    const rows = [['ID', 'LEVEL', 'NAME', 'CREATED', 'LAST USED', 'REVOKED'], ...keys.map((record) => [record.id, record.level, record.name, record.createdAt, record.lastUsedAt ?? 'never', record.revokedAt ?? '-'])];
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] as string).length))) ?? [];
    for (const row of rows) io.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()}\n`);
    return EXIT_OK;
  });
}

/** `recap admin key revoke`: every instance refuses the key from its next request on. */
export async function revokeKeyCommand(options: KeyOptions, io: CliIo): Promise<number> {
  return withStores(io, options.dataDir, async (stores) => {
    const { revokeKey } = await import('../server/admin/admin-actions.js');
    const revoked = await revokeKey(stores, { orgName: options.org, key: options.key, now: new Date() });
    io.stdout.write(`key ${revoked.id} ("${revoked.name}") is revoked since ${revoked.revokedAt ?? ''}: every instance refuses it\n`);
    return EXIT_OK;
  });
}

/** `recap admin key delete`: the key is refused and no longer listed. */
export async function deleteKeyCommand(options: KeyOptions, io: CliIo): Promise<number> {
  return withStores(io, options.dataDir, async (stores) => {
    const { deleteKey } = await import('../server/admin/admin-actions.js');
    const deleted = await deleteKey(stores, { orgName: options.org, key: options.key });
    io.stdout.write(`key ${deleted.id} ("${deleted.name}") is deleted: every instance refuses it\n`);
    return EXIT_OK;
  });
}

/** `recap admin sessions import`: every file is tried; exit 2 when any could not be imported. */
export async function importSessionsCommand(files: readonly string[], options: OrganisationOptions, io: CliIo): Promise<number> {
  return withStores(io, options.dataDir, async (stores) => {
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
}
