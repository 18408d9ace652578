// GET /v2/users/{id}/export: the JSON text of everything kept about one user, produced a page of
// the store at a time (docs/server.md, User export). Every value is written with JSON.stringify,
// so whatever text the store holds comes out as valid JSON, but for a session's fixture: the JSON
// text the store wrote (with JSON.stringify) when the session was imported, passed on a slice at a
// time, never parsed, so that a session of 100,000 events is never held whole. The closing brace is
// written only once every page was read, and only when no deletion of the user ran meanwhile, so a
// document cut short by a failure or a deletion never parses.

import { jsonArrayChunks, type JsonItemText } from '../http/json-array-chunks.js';
import { sessionView } from '../sessions/session-view.js';
import { allPages } from '../store/all-pages.js';
import type { JsonValue, UserRecord } from '../store/records.js';
import type { StoreReader } from '../store/store.js';
import type { SessionWithOldIds } from '../store/user-export-reader.js';
import { exportedEvent, exportedUser, typeConflictEntries } from './user-export-views.js';

/** Items read per store call: events, sessions, summaries. */
export const EXPORT_PAGE_SIZE = 500;
/** Characters of a session's fixture text read per store call. */
export const FIXTURE_SLICE_LENGTH = 1 << 20;

export interface UserExportOptions {
  readonly store: StoreReader;
  readonly orgId: string;
  /** The user exported: one that is not merged into another (findLogicalUser). */
  readonly user: UserRecord;
  /** For the sessions' `app_url`. */
  readonly appUrl: string;
  /** Default EXPORT_PAGE_SIZE. */
  readonly pageSize?: number;
  /** Default FIXTURE_SLICE_LENGTH. */
  readonly fixtureSliceLength?: number;
}

/** The document's text, in chunks of a page each (a session's fixture is one chunk). */
export async function* userExportChunks(options: UserExportOptions): AsyncGenerator<string> {
  const { store, orgId, user } = options;
  const limit = options.pageSize ?? EXPORT_PAGE_SIZE;
  const merged = await store.listMergedUsers(orgId, user.id);
  yield `{"user":${JSON.stringify(exportedUser(user))},"merged_users":${JSON.stringify(merged.map(exportedUser))}`;
  yield `,"type_conflicts":${JSON.stringify([user, ...merged].flatMap(typeConflictEntries))},"events":`;
  const events = allPages((after) => store.listUserEvents(orgId, user.id, { after, limit }));
  yield* jsonArrayChunks(mapPages(events, (event) => JSON.stringify(exportedEvent(event))));
  yield ',"sessions":';
  const sessions = allPages((after) => store.listUserSessions(orgId, user.id, { after, limit }));
  yield* jsonArrayChunks(mapPages(sessions, (session) => sessionChunks(options, session, limit)));
  yield ',"summaries":';
  yield* jsonArrayChunks(summaryPages(options, limit));
  // A deletion of the user that ran while the pages were read deletes its events oldest first, so
  // the later pages came back short: such a document is not completed (the connection is aborted).
  if (await deletedMeanwhile(options)) throw new Error(`user ${user.id} was deleted while it was being exported`);
  yield '}';
}

/**
 * Whether the user is gone, or a deletion of it is under way: checked once every page was read.
 * A deletion that starts after this check found its job's first step after every read.
 */
async function deletedMeanwhile({ store, orgId, user }: UserExportOptions): Promise<boolean> {
  if ((await store.findUser(orgId, user.id)) === undefined) return true;
  // Not yet finished: PENDING (no instance has taken it, or it is between two steps) or PROCESSING.
  for await (const jobs of allPages((after) => store.listJobs(orgId, { kinds: ['user_deletion'], unfinished: true, after, limit: 100 }))) {
    for (const job of jobs) {
      const [item] = await store.readJobItems(job.id, 0, 1);
      if ((item as { user_id?: unknown } | undefined)?.user_id === user.id) return true;
    }
  }
  return false;
}

async function* mapPages<Item>(pages: AsyncIterable<readonly Item[]>, show: (item: Item) => JsonItemText): AsyncGenerator<readonly JsonItemText[]> {
  for await (const items of pages) yield items.map(show);
}

/** Code points in `text`: what a slice's offset and length count (a surrogate pair is one). */
function codePoints(text: string): number {
  let pairs = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) pairs++;
  }
  return text.length - pairs;
}

/** One session: its list item, old ids and fixture (a slice of its text at a time), then its events a page at a time. */
async function* sessionChunks({ store, orgId, appUrl, fixtureSliceLength }: UserExportOptions, info: SessionWithOldIds, limit: number): AsyncGenerator<string> {
  const length = fixtureSliceLength ?? FIXTURE_SLICE_LENGTH;
  const head = { ...sessionView(info, appUrl), old_ids: info.oldIds };
  // The head's object is left open (its closing brace dropped) for the fixture and events that follow.
  yield `${JSON.stringify(head).slice(0, -1)},"fixture":`;
  let slice = await store.readSessionFixtureText(orgId, info.id, { offset: 0, length });
  // Deleted since its page was read: shown without a fixture rather than failing the export.
  if (slice === undefined) yield 'null';
  for (let offset = 0; slice !== undefined; ) {
    if (slice !== '') yield slice;
    const read = codePoints(slice);
    if (read < length) break;
    offset += read;
    slice = await store.readSessionFixtureText(orgId, info.id, { offset, length });
    // Deleted part-way: the document cannot be completed (the connection is aborted).
    if (slice === undefined) throw new Error(`session ${info.id} was deleted while its fixture was being exported`);
  }
  yield ',"events":';
  const events = allPages((after) => store.listSessionEventPage(orgId, info.id, { after, limit }));
  yield* jsonArrayChunks(mapPages(events, (event) => JSON.stringify(exportedEvent(event))));
  yield '}';
}

/**
 * The cached summaries of the user's sessions, also those made before a session moved (under an
 * id that now leads to it), each shown with the session's id of today.
 */
async function* summaryPages({ store, orgId, user }: UserExportOptions, limit: number): AsyncGenerator<readonly string[]> {
  for await (const sessions of allPages((after) => store.listUserSessions(orgId, user.id, { after, limit }))) {
    const currentId = new Map<string, string>();
    for (const session of sessions) for (const id of [session.id, ...session.oldIds]) currentId.set(id, session.id);
    const summaries = allPages((after) => store.listCachedSummaries(orgId, [...currentId.keys()], { after, limit }));
    for await (const page of summaries) {
      yield page.map((summary) =>
        JSON.stringify({ session_id: currentId.get(summary.sessionId) ?? summary.sessionId, updated_at: summary.updatedAt, value: JSON.parse(summary.value) as JsonValue }),
      );
    }
  }
}
