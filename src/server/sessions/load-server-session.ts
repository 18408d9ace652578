// A stored session as the pipeline reads it: the imported fixture plus the server events that
// joined it (as custom events), parsed once and kept while nothing new joins.

import { parseSession } from '../../session/parse-session.js';
import type { Session } from '../../session/session-schema.js';
import type { JsonObject, JsonValue } from '../store/records.js';
import type { StoreReader } from '../store/store.js';

export interface LoadedServerSession {
  readonly session: Session;
  /** Changes whenever an event joins the session: part of the summary cache key. */
  readonly version: string;
}

/** A small least-recently-used cache of parsed sessions. */
export class SessionCache {
  readonly #entries = new Map<string, LoadedServerSession>();

  constructor(private readonly capacity = 32) {}

  get(key: string, version: string): LoadedServerSession | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: LoadedServerSession): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/**
 * The session, or undefined when the organisation has none with this id. An old id (of a session
 * that moved when its anonymous user was merged into an identified one) loads the session under
 * its new id.
 */
export async function loadServerSession(store: StoreReader, orgId: string, requestedId: string, cache: SessionCache): Promise<LoadedServerSession | undefined> {
  // The fixture (megabytes for a long session) is read only when the cache cannot answer.
  const info = await store.findSessionInfo(orgId, requestedId);
  if (info === undefined) return undefined;
  const sessionId = info.id;
  const joined = await store.listSessionEvents(orgId, sessionId);
  const version = `${info.importedAt}|${joined.length}|${joined.at(-1)?.id ?? ''}`;
  const key = `${orgId}\u0000${sessionId}`;
  const cached = cache.get(key, version);
  if (cached !== undefined) return cached;
  const record = await store.findSession(orgId, sessionId);
  if (record === undefined) return undefined;
  const recorded = Array.isArray(record.fixture.events) ? (record.fixture.events as JsonValue[]) : [];
  const serverEvents: JsonObject[] = joined.map((event) => ({ type: 'custom', name: event.name, timestamp: event.timestamp, properties: event.properties, source: 'server' }));
  const session = parseSession({ ...record.fixture, id: sessionId, events: [...recorded, ...serverEvents] }, { source: `session ${sessionId}` });
  const loaded = { session, version };
  cache.set(key, loaded);
  return loaded;
}
