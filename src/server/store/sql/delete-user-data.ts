// Deleting a user and everything stored about it, one bounded step per transaction (a user deletion
// job, see docs/privacy.md). The job's one item holds the deletion's state: the user, and the
// catalog names its data used, gathered while its events are deleted. Every step is idempotent and
// commits with the state it leaves, so a deletion whose instance died resumes where it stopped, on
// any instance. Steps: the events of the user (and of users merged into it) and of its sessions, a
// few thousand at a time; the batch items and results and export lines that hold its identifiers,
// a few dozen rows at a time (scrub-job-rows.ts); then, in one last step, its sessions and their
// old ids, the summaries cached for them, idempotency records and the job rows written since that
// hold its identifiers, the catalog names nothing else uses, and the user records themselves.
//
// Writes that add to the user's data while it is deleted (events, sessions, cached summaries,
// export lines, summary batch results) are ordered with it by row locks where rows lock
// (PostgreSQL; SQLite runs one transaction at a time): each step locks the organisation's running
// exports, summary batches and user and event batches, the users and their sessions for update,
// and those writes hold a shared lock on the user or session they add to (or their job's lock).
// So the last step, which finds no event left under those locks, sees everything committed before
// it, and what comes after finds no user: the job is COMPLETED with nothing of the user left.

import { sql, type Kysely } from 'kysely';
import { DELETED_ITEM } from '../deleted-item.js';
import { candidatePieces, textNamesUser, type DeletedUsers } from '../names-user.js';
import type { CatalogKind } from '../records.js';
import type { Database } from './database.js';
import { holdsPiece, moveExportPositions, scrubJobRows, scrubJobRowsStep, type JobsSince, type ScrubCursor } from './scrub-job-rows.js';
import type { StoreDialect } from './store-dialect.js';
import { deleteSessionFacts } from './session-facts-writes.js';

/** What a deletion job's item holds. */
export interface UserDeletionState {
  readonly user_id: string;
  /** Events deleted so far (the job's progress). */
  readonly events_deleted?: number;
  /** The highest seq of the events deleted so far found by their user, and by their session (deleteEvents). */
  readonly after_user_seq?: number;
  readonly after_session_seq?: number;
  /** Catalog names the deleted data used, by kind, to be released when nothing else uses them. */
  readonly names?: Partial<Record<CatalogKind, string[]>>;
  /** How far the job rows that hold the users' identifiers have been rewritten (scrubJobRowsStep). */
  readonly scrub_after?: ScrubCursor;
  /**
   * The jobs a row written after the scrub passed it can belong to, read in the first step: the
   * jobs mark then (StoreDialect#jobsMark: jobs created since are marked at or above it) and the
   * jobs running then (a finished job writes no row again). The last step rescans only their
   * rows. A deletion begun before jobs had marks has none, and its last step rescans every job's.
   */
  readonly jobs_since?: JobsSince;
}

/** Events deleted per step: one transaction stays short, so other writers never wait long. */
export const EVENTS_PER_STEP = 2000;

/** Dotted paths of an event's properties (nested objects walked, anything else a leaf), as the catalog keys them. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix === '' ? [] : [prefix];
  return Object.entries(value).flatMap(([key, item]) => leafPaths(item, prefix === '' ? key : `${prefix}.${key}`));
}

function addNames(state: UserDeletionState, kind: CatalogKind, names: Iterable<string>): UserDeletionState {
  const set = new Set(state.names?.[kind] ?? []);
  for (const name of names) set.add(name);
  return { ...state, names: { ...state.names, [kind]: [...set] } };
}

async function readState(db: Kysely<Database>, jobId: string): Promise<UserDeletionState> {
  const row = await db.selectFrom('job_items').select('item').where('job_id', '=', jobId).where('item_index', '=', 0).executeTakeFirstOrThrow();
  return (JSON.parse(row.item) as UserDeletionState[])[0] as UserDeletionState;
}

/** What the item of a finished deletion keeps: no identifier, only how much was deleted. */
const finished = (state: UserDeletionState) => ({ ...DELETED_ITEM, events_deleted: state.events_deleted ?? 0 });

const writeState = (db: Kysely<Database>, jobId: string, state: UserDeletionState | ReturnType<typeof finished>) =>
  db.updateTable('job_items').set({ item: JSON.stringify([state]) }).where('job_id', '=', jobId).where('item_index', '=', 0).execute();

/**
 * Locks the organisation's running exports, summary batches and user and event batches for update
 * (where rows lock), first in every step. Each of their steps copies data (export lines,
 * summaries) or applies items, and commits under its job's lock: a step under way commits before
 * this returns, so the last step finds what it wrote and removes it; a step that comes after
 * waits for this transaction, then finds nothing of the user and, as it reads its items under
 * that lock, the items that named the user rewritten. Other deletions are not locked: each step
 * holds its own job's row already, so two deletions would wait for each other.
 */
async function lockRunningJobs(db: Kysely<Database>, dialect: StoreDialect, orgId: string): Promise<void> {
  if (!dialect.rowLocks) return;
  await db.selectFrom('jobs').select('id').where('org_id', '=', orgId).where('kind', 'in', ['export', 'summary_batch', 'users', 'events']).where('status', '=', 'PROCESSING').orderBy('id').forUpdate().execute();
}

/**
 * The users deleted together: the user and the users merged into it, locked for update until the
 * step's transaction ends (where rows lock). A write that names one of them holds a shared lock
 * on its row (the events' users, see SqlStoreReader.sharesRowLocks): the step waits for those
 * under way, then sees what they wrote; those that come after wait for it, and once the last
 * step has committed they find no user.
 */
async function usersOf(db: Kysely<Database>, dialect: StoreDialect, orgId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'uid', 'email', 'properties'])
    .where('org_id', '=', orgId)
    .where((row) => row.or([row('id', '=', userId), row('merged_into', '=', userId)]))
    .orderBy('id')
    .$if(dialect.rowLocks, (query) => query.forUpdate())
    .execute();
}

/** The users' sessions, locked for update as their users are (events and summaries that join a session lock it shared). */
async function sessionIdsOf(db: Kysely<Database>, dialect: StoreDialect, orgId: string, userIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('org_id', '=', orgId)
    .where(dialect.inList('user_id', userIds))
    .orderBy('id')
    .$if(dialect.rowLocks, (query) => query.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

/** The state's cursor of each way events are found: the highest seq deleted so far that way. */
const CURSORS = { user_id: 'after_user_seq', session_id: 'after_session_seq' } as const;

/**
 * Deletes up to EVENTS_PER_STEP events of the users or their sessions; the names they used go into
 * the state. Events have no index by user: each way of finding them is read in seq order from the
 * cursor where the step before stopped, so that the deletion reads the organisation's events about
 * once, not once per step. Only when nothing is left past the cursor are they read from the start:
 * a user merged into this one after the cursor passed its events (or, on PostgreSQL, an event
 * whose seq was drawn before the step began but committed after) is found then, and the last step
 * (which finds nothing either way, under the locks) sees every event.
 */
async function deleteEvents(db: Kysely<Database>, dialect: StoreDialect, orgId: string, userIds: readonly string[], sessionIds: readonly string[], state: UserDeletionState) {
  const firstEvents = (column: keyof typeof CURSORS, values: readonly string[], after: number | undefined) =>
    db
      .selectFrom('events')
      .select(['seq', 'name', 'properties'])
      .where('org_id', '=', orgId)
      .$if(after !== undefined, (query) => query.where('seq', '>', after as number))
      .where(dialect.inList(column, values))
      .orderBy('seq')
      .limit(EVENTS_PER_STEP)
      .execute();
  const nextEvents = async (column: keyof typeof CURSORS, values: readonly string[]) => {
    const after = state[CURSORS[column]];
    const rows = after === undefined ? [] : await firstEvents(column, values, after);
    return rows.length > 0 ? rows : firstEvents(column, values, undefined);
  };
  let column: keyof typeof CURSORS = 'user_id';
  let rows = await nextEvents(column, userIds);
  if (rows.length === 0 && sessionIds.length > 0) rows = await nextEvents((column = 'session_id'), sessionIds);
  const last = rows.at(-1);
  if (last === undefined) return { deleted: 0, state };
  await db.deleteFrom('events').where('org_id', '=', orgId).where('seq', 'in', rows.map((row) => row.seq)).execute();
  let next = addNames({ ...state, events_deleted: (state.events_deleted ?? 0) + rows.length, [CURSORS[column]]: Number(last.seq) }, 'event_name', rows.map((row) => row.name));
  next = addNames(next, 'event_property', rows.flatMap((row) => leafPaths(JSON.parse(row.properties)).map((path) => `${row.name}\u0000${path}`)));
  return { deleted: rows.length, state: next };
}

/** The identifiers of `users` that name them in stored copies of their data (names-user.ts). */
const deletedUsers = (users: readonly { id: string; uid: string | null; email: string | null }[]): DeletedUsers => {
  const present = (values: readonly (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null && value !== ''))];
  return { ids: present(users.map((user) => user.id)), uids: present(users.map((user) => user.uid)), emails: present(users.map((user) => user.email)) };
};

/**
 * Deletes the organisation's saved answers of Idempotency-Keys that name one of `users`: the
 * store's text search finds those that may, namesUser decides (another user's answer that holds
 * a uid as a property value stays, and with it the replay a retry of that request expects).
 */
async function deleteSavedAnswers(db: Kysely<Database>, dialect: StoreDialect, orgId: string, users: DeletedUsers): Promise<void> {
  const pieces = candidatePieces(users);
  // A page at a time, in key order: a user may have many saved answers, each read whole.
  for (let after: string | undefined; ; ) {
    const page = await db
      .selectFrom('idempotency_keys')
      .select(['key', 'body'])
      .where('org_id', '=', orgId)
      .where(holdsPiece(dialect, 'body', pieces))
      .$if(after !== undefined, (query) => query.where('key', '>', after ?? ''))
      .orderBy('key')
      .limit(SAVED_ANSWERS_PER_PAGE)
      .execute();
    const named = page.filter((row) => row.body !== null && textNamesUser(row.body, users)).map((row) => row.key);
    if (named.length > 0) await db.deleteFrom('idempotency_keys').where('org_id', '=', orgId).where(dialect.inList('key', named)).execute();
    if (page.length < SAVED_ANSWERS_PER_PAGE) return;
    after = page.at(-1)?.key;
  }
}

/** Saved answers read per statement (and deleted per statement: each a bound parameter). */
const SAVED_ANSWERS_PER_PAGE = 500;

/** Candidate names checked per statement: each adds a column to the statement, which reads its rows once. */
const NAMES_PER_CHECK = 50;

/** The key of a property as the JSON text of its object holds it (`"plan":`): a text match, conservative. */
const propertyKey = (path: string) => `${JSON.stringify(path.split('.').at(-1) ?? path)}:`;

/**
 * Which of `keys` a row of `from` (limited by `where`, grouped by `groupBy` when given) holds in
 * its `column`: one statement per NAMES_PER_CHECK keys, each reading the rows once, rather than a
 * search of them per key. Answers the keys in use, by group (`''` without one).
 */
async function keysInUse(
  db: Kysely<Database>,
  dialect: StoreDialect,
  query: { readonly from: 'events' | 'users'; readonly orgId: string; readonly column: string; readonly eventNames?: readonly string[] },
  keys: readonly string[],
): Promise<Set<string>> {
  const used = new Set<string>();
  for (let start = 0; start < keys.length; start += NAMES_PER_CHECK) {
    const chunk = keys.slice(start, start + NAMES_PER_CHECK);
    const flags = chunk.map((key, index) => sql<number>`max(case when ${dialect.containsText(query.column, key)} then 1 else 0 end)`.as(`k${index}`));
    const rows: Record<string, unknown>[] =
      query.from === 'events'
        ? await db
            .selectFrom('events')
            .select('name')
            .select(flags)
            .where('org_id', '=', query.orgId)
            .where(dialect.inList('name', query.eventNames ?? []))
            .groupBy('name')
            .execute()
        : await db.selectFrom('users').select(flags).where('org_id', '=', query.orgId).execute();
    for (const row of rows) {
      chunk.forEach((key, index) => {
        if (Number(row[`k${index}`]) === 1) used.add(`${typeof row.name === 'string' ? row.name : ''}\u0000${key}`);
      });
    }
  }
  return used;
}

/**
 * Deletes the catalog names of `names` that nothing left in the organisation uses (conservatively:
 * a text match keeps a name). Each kind is checked in one read of the rows that may use its names
 * (events of those names; users), not one per name.
 */
async function releaseNames(db: Kysely<Database>, dialect: StoreDialect, orgId: string, names: UserDeletionState['names']): Promise<void> {
  const unused: Partial<Record<CatalogKind, string[]>> = {};
  const eventNames = names?.event_name ?? [];
  if (eventNames.length > 0) {
    const rows = await db.selectFrom('events').select('name').distinct().where('org_id', '=', orgId).where(dialect.inList('name', eventNames)).execute();
    const used = new Set(rows.map((row) => row.name));
    unused.event_name = eventNames.filter((name) => !used.has(name));
  }
  const eventProperties = names?.event_property ?? [];
  if (eventProperties.length > 0) {
    const pairs = eventProperties.map((name) => {
      const [eventName = '', path = ''] = name.split('\u0000');
      return { name, eventName, key: propertyKey(path) };
    });
    const used = await keysInUse(db, dialect, { from: 'events', orgId, column: 'properties', eventNames: [...new Set(pairs.map((pair) => pair.eventName))] }, [...new Set(pairs.map((pair) => pair.key))]);
    unused.event_property = pairs.filter((pair) => !used.has(`${pair.eventName}\u0000${pair.key}`)).map((pair) => pair.name);
  }
  const userProperties = names?.user_property ?? [];
  if (userProperties.length > 0) {
    const keyOf = (name: string) => `${JSON.stringify(name)}:`;
    const used = await keysInUse(db, dialect, { from: 'users', orgId, column: 'properties' }, [...new Set(userProperties.map(keyOf))]);
    unused.user_property = userProperties.filter((name) => !used.has(`\u0000${keyOf(name)}`));
  }
  for (const kind of ['event_name', 'event_property', 'user_property'] as const) {
    const list = unused[kind] ?? [];
    if (list.length > 0) await db.deleteFrom('catalog_names').where('org_id', '=', orgId).where('kind', '=', kind).where(dialect.inByteList('name', list.map((name) => Buffer.from(name, 'utf8')))).execute();
  }
}

/** Whether a deletion has done nothing yet: no event deleted, no job row rewritten. */
const untouched = (state: UserDeletionState) =>
  state.events_deleted === undefined && state.after_user_seq === undefined && state.after_session_seq === undefined && state.scrub_after === undefined;

/**
 * The jobs mark, then the organisation's running jobs (but deletions, whose rows no scrub reads).
 * In this order: a job that starts running after the mark was read is created after it too, or
 * shows as running here.
 */
async function jobsSince(db: Kysely<Database>, dialect: StoreDialect, orgId: string): Promise<JobsSince> {
  const mark = await dialect.jobsMark(db);
  const running = await db.selectFrom('jobs').select('id').where('org_id', '=', orgId).where('status', '=', 'PROCESSING').where('kind', '!=', 'user_deletion').orderBy('id').execute();
  return { mark, running: running.map((row) => row.id) };
}

/**
 * One step of the deletion job `jobId`: true when the user is gone (the job can complete), false
 * when there is more to delete (the step's work commits with the transaction).
 */
export async function deleteUserDataStep(db: Kysely<Database>, dialect: StoreDialect, orgId: string, jobId: string): Promise<boolean> {
  const read = await readState(db, jobId);
  if (!('user_id' in read)) return true;
  const state = untouched(read) && read.jobs_since === undefined ? { ...read, jobs_since: await jobsSince(db, dialect, orgId) } : read;
  // Rows in one order (jobs, users, sessions), as the writers that copy or add data take them.
  await lockRunningJobs(db, dialect, orgId);
  const users = await usersOf(db, dialect, orgId, state.user_id);
  const userIds = users.map((user) => user.id);
  if (userIds.length === 0) {
    await writeState(db, jobId, finished(state));
    return true;
  }
  const sessionIds = await sessionIdsOf(db, dialect, orgId, userIds);
  const events = await deleteEvents(db, dialect, orgId, userIds, sessionIds, state);
  if (events.deleted > 0) {
    await writeState(db, jobId, events.state);
    return false;
  }

  const named = deletedUsers(users);
  // The job rows that name the users, a few at a time, before the last step: it then scrubs again,
  // under the locks, the rows of the jobs created since the deletion began or running then
  // (jobs_since), where any row written since is. When one pass from the start is done in this
  // step, it was that whole scrub, in this transaction.
  const scrubbedFromStart = state.scrub_after === undefined;
  const scrubbed = await scrubJobRowsStep(db, dialect, orgId, named, state.scrub_after);
  if (scrubbed !== undefined) {
    await writeState(db, jobId, { ...state, scrub_after: scrubbed });
    return false;
  }

  const aliases = sessionIds.length === 0 ? [] : await db.selectFrom('session_aliases').select('old_id').where('org_id', '=', orgId).where(dialect.inList('new_id', sessionIds)).execute();
  const everySessionId = [...sessionIds, ...aliases.map((alias) => alias.old_id)];
  if (everySessionId.length > 0) {
    await db.deleteFrom('summary_cache').where('org_id', '=', orgId).where(dialect.inList('session_id', everySessionId)).execute();
    await db.deleteFrom('session_aliases').where('org_id', '=', orgId).where(dialect.inList('new_id', sessionIds)).execute();
    await db.deleteFrom('sessions').where('org_id', '=', orgId).where(dialect.inList('id', sessionIds)).execute();
    await deleteSessionFacts(db, dialect, orgId, sessionIds);
  }
  // Summaries cached before they named their session cannot be attributed: they all go.
  await db.deleteFrom('summary_cache').where('org_id', '=', orgId).where('session_id', 'is', null).execute();

  if (!scrubbedFromStart) await scrubJobRows(db, dialect, orgId, named, state.jobs_since);
  await moveExportPositions(db, dialect, orgId, userIds);

  const withUserNames = addNames(state, 'user_property', users.flatMap((user) => Object.keys(JSON.parse(user.properties) as Record<string, unknown>)));
  await db.deleteFrom('users').where('org_id', '=', orgId).where(dialect.inList('id', userIds)).execute();
  // Saved answers go after the users: a request writing one of them (POST /v2/users) saves its
  // answer in the transaction that holds the user's row, which this DELETE waited for, so on
  // PostgreSQL (read committed) this statement sees that answer. A key still executing holds no
  // answer (its body is null until the request completes), so every state is matched.
  await deleteSavedAnswers(db, dialect, orgId, named);
  await releaseNames(db, dialect, orgId, withUserNames.names);
  await writeState(db, jobId, finished(state));
  return true;
}
