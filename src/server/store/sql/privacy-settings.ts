// The privacy settings of an organisation in the store: its rules document and its element block
// rules, under one version that every change to either increments (the version is part of a cached
// summary's key, so that a summary made under other rules is never served). Writers lock the
// settings row first (PostgreSQL: an upsert that takes the row lock), so concurrent changes from
// several instances each get their own version.

import type { Kysely } from 'kysely';
import type { BlockRuleRecord, JsonValue, PrivacySettingsRecord } from '../records.js';
import { StoreConflictError } from '../store.js';
import type { Database } from './database.js';

const toBlockRule = (row: Database['block_rules']): BlockRuleRecord => ({
  orgId: row.org_id,
  id: row.id,
  selector: row.selector,
  description: row.description,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** How often a read of the settings starts again because they changed while it read them. */
const SETTINGS_READ_ATTEMPTS = 20;

/**
 * The organisation's settings as of one moment: the rules document, the version and the block
 * rules that belong to that version. The settings row and the block rules are read one after the
 * other (a reader may be outside a transaction, where each statement sees its own moment), then
 * the version again: every change increments it in the transaction that makes the change, so the
 * same version before and after means no change committed in between.
 */
export async function getPrivacySettings(db: Kysely<Database>, orgId: string): Promise<PrivacySettingsRecord> {
  const versionNow = async () => (await db.selectFrom('privacy_settings').select('version').where('org_id', '=', orgId).executeTakeFirst())?.version ?? 0;
  for (let attempt = 1; ; attempt++) {
    const settings = await db.selectFrom('privacy_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    const rules = await db.selectFrom('block_rules').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
    const version = settings?.version ?? 0;
    if ((await versionNow()) === version) {
      return {
        rules: settings === undefined ? null : (JSON.parse(settings.rules) as JsonValue),
        version,
        updatedAt: settings?.updated_at ?? null,
        blockRules: rules.map(toBlockRule),
      };
    }
    if (attempt >= SETTINGS_READ_ATTEMPTS) throw new StoreConflictError(`the privacy settings of organisation ${orgId} changed during each of ${SETTINGS_READ_ATTEMPTS} reads`);
  }
}

/**
 * Increments the organisation's settings version (creating the row, without a rules document,
 * when there is none) and, when given, replaces the rules document. The row stays locked until
 * the transaction ends.
 */
export async function bumpPrivacyVersion(db: Kysely<Database>, orgId: string, now: string, rules?: JsonValue): Promise<void> {
  const text = rules === undefined ? null : JSON.stringify(rules);
  await db
    .insertInto('privacy_settings')
    .values({ org_id: orgId, rules: text ?? 'null', version: 1, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('org_id').doUpdateSet((eb) => ({
        version: eb(eb.ref('privacy_settings.version'), '+', 1),
        updated_at: now,
        ...(text === null ? {} : { rules: text }),
      })),
    )
    .execute();
}

export async function putBlockRule(db: Kysely<Database>, record: BlockRuleRecord): Promise<{ rule: BlockRuleRecord; created: boolean }> {
  await bumpPrivacyVersion(db, record.orgId, record.updatedAt);
  const existing = await db.selectFrom('block_rules').selectAll().where('org_id', '=', record.orgId).where('id', '=', record.id).executeTakeFirst();
  if (existing === undefined) {
    await db
      .insertInto('block_rules')
      .values({ org_id: record.orgId, id: record.id, selector: record.selector, description: record.description, created_at: record.createdAt, updated_at: record.updatedAt })
      .execute();
    return { rule: record, created: true };
  }
  await db
    .updateTable('block_rules')
    .set({ selector: record.selector, description: record.description, updated_at: record.updatedAt })
    .where('org_id', '=', record.orgId)
    .where('id', '=', record.id)
    .execute();
  return { rule: { ...record, createdAt: existing.created_at }, created: false };
}

export async function deleteBlockRule(db: Kysely<Database>, orgId: string, id: string, now: string): Promise<boolean> {
  const exists = await db.selectFrom('block_rules').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (exists === undefined) return false;
  // The settings row first, as every writer locks it (a rule's row first would deadlock with a
  // writer that holds the settings row and waits for that rule). A rule deleted meanwhile leaves
  // one version unused: a cached summary is made again, nothing is served wrongly.
  await bumpPrivacyVersion(db, orgId, now);
  const deleted = await db.deleteFrom('block_rules').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
