// The store reads behind a user's export (GET /v2/users/{id}/export): everything kept about one
// user, read a page at a time, so that exporting a user with a long history never holds it whole.
// Part of StoreReader; implemented once for both dialects (sql/user-export-reads.ts).

import type { EventRecord, SessionInfo, UserRecord } from './records.js';
import type { Page } from './store.js';

/** One page of a list: after the `next` of the previous page (none for the first), at most `limit` items. */
export interface PageRequest {
  readonly after?: string | null;
  readonly limit: number;
}

/** A session (without its fixture) and the ids it had before it moved (session_aliases). */
export interface SessionWithOldIds extends SessionInfo {
  readonly oldIds: readonly string[];
}

/** A cached summary of a session, under the session id it was made with (an old id if the session moved since). */
export interface CachedSummaryRecord {
  readonly sessionId: string;
  /** The summary result as JSON text. */
  readonly value: string;
  readonly updatedAt: string;
}

export interface UserExportReader {
  /** The users merged into `userId` (their merged_into is it), oldest first (createdAt, then id). */
  listMergedUsers(orgId: string, userId: string): Promise<UserRecord[]>;
  /**
   * Server events recorded for `userId` or for a user merged into it, in creation order, each
   * showing `userId` as its user. There is no index of events by user (it would slow every
   * insert), so the pages walk the organisation's events in order: all pages together read them once.
   */
  listUserEvents(orgId: string, userId: string, page: PageRequest): Promise<Page<EventRecord>>;
  /** The user's sessions, newest first (createdTime descending, then id), each with its old ids. */
  listUserSessions(orgId: string, userId: string, page: PageRequest): Promise<Page<SessionWithOldIds>>;
  /**
   * A slice of a session's stored fixture, as JSON text: `length` characters (code points) from
   * the `offset`-th, fewer at its end (none past it), so that a fixture of megabytes is read a
   * slice at a time and never parsed. An old id leads to the session as for findSession; undefined
   * when no session has it.
   */
  readSessionFixtureText(orgId: string, sessionId: string, slice: { readonly offset: number; readonly length: number }): Promise<string | undefined>;
  /** listSessionEvents a page at a time: by timestamp, then creation order. */
  listSessionEventPage(orgId: string, sessionId: string, page: PageRequest): Promise<Page<EventRecord>>;
  /**
   * Cached summaries made of sessions with these ids (by session id, then cache key). Entries
   * cached before the store recorded their session (schema version 5 on SQLite, 6 on PostgreSQL)
   * have none and are never listed.
   */
  listCachedSummaries(orgId: string, sessionIds: readonly string[], page: PageRequest): Promise<Page<CachedSummaryRecord>>;
}
