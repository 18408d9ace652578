// Records server events (POST /v2/events and each batch item): validation, the user and session
// they refer to, the name and property limits, then one insert for all of them.

import type { z } from 'zod';
import { parseIsoTimestamp, timestampProblem } from '../../session/iso-timestamp.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { checkItemStrings, validateBody } from '../http/parse-request.js';
import { eventRequestSchema } from '../routes/schemas.js';
import { isEventRequest } from './is-event-request.js';
import type { EventRecord, JsonObject, JsonValue, UserRecord } from '../store/records.js';
import type { StoreWriter } from '../store/store.js';
import { EVENT_NAME_LIMIT, EVENT_PROPERTY_LIMIT } from '../users/limits.js';
import { checkIdentifier, resolveUserForUpdate } from '../users/upsert-user.js';
import { readDeclarations, validateProperties, type PropertyWrite } from '../users/validate-properties.js';

export type EventRequest = z.infer<typeof eventRequestSchema>;

export interface EventView {
  id: string;
  name: string;
  timestamp: string;
  user_id: string | null;
  session_id: string | null;
  properties: JsonObject;
  rejected_event_names?: string[];
  rejected_properties?: string[];
}

export type EventOutcome = { readonly ok: true; readonly view: EventView } | { readonly ok: false; readonly error: ApiError };

export interface EventContext {
  readonly orgId: string;
  readonly now: Date;
  readonly newId: () => string;
  readonly retentionCutoff: string;
}

interface Prepared {
  readonly request: EventRequest;
  readonly timestamp: string;
  readonly writes: readonly PropertyWrite[];
  /** Some properties were sent as null (dropped). */
  readonly hasRemovals: boolean;
}

function nest(writes: readonly PropertyWrite[]): JsonObject {
  const root = Object.create(null) as JsonObject;
  for (const { path, value } of writes) {
    const segments = path.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const child = node[segment];
      if (child === undefined || child === null || typeof child !== 'object' || Array.isArray(child)) node[segment] = Object.create(null) as JsonObject;
      node = node[segment] as JsonObject;
    }
    node[segments.at(-1) as string] = value as JsonValue;
  }
  return root;
}

function prepare(item: unknown, now: Date, alreadyValid: boolean): Prepared {
  // A single event's body was checked when it was parsed; a batch item is checked here.
  if (!alreadyValid) checkItemStrings(item);
  const request = alreadyValid || isEventRequest(item) ? (item as EventRequest) : validateBody(item ?? null, eventRequestSchema);
  // The same rule as POST /v2/users: a uid it could never address is refused here too.
  if (request.user !== undefined && 'uid' in request.user) checkIdentifier(request.user.uid, 'user.uid');
  let timestamp = now.toISOString();
  if (request.timestamp !== undefined) {
    const time = parseIsoTimestamp(request.timestamp);
    if (time === undefined) throw invalidRequest('invalid timestamp', [{ path: 'timestamp', message: timestampProblem(request.timestamp) ?? 'not an ISO 8601 date' }]);
    timestamp = new Date(time).toISOString();
  }
  const { writes, removals } = validateProperties(request.properties, readDeclarations(request.schema));
  return { request, timestamp, writes, hasRemovals: removals.length > 0 };
}

/** Records `items` in one transaction; each item gets its own outcome, in order. */
export async function recordEvents(writer: StoreWriter, items: readonly unknown[], context: EventContext, options: { readonly validated?: boolean } = {}): Promise<EventOutcome[]> {
  const outcomes: (EventOutcome | undefined)[] = new Array(items.length);
  const prepared: (Prepared | undefined)[] = items.map((item, index) => {
    try {
      return prepare(item, context.now, options.validated === true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes[index] = { ok: false, error };
      return undefined;
    }
  });

  const now = context.now.toISOString();
  // Events only need their users' ids: one query for every uid of the chunk.
  const uids = [...new Set(prepared.flatMap((entry) => (entry?.request.user !== undefined && 'uid' in entry.request.user ? [entry.request.user.uid] : [])))];
  const idsByUid = await writer.findUserIdsByUids(context.orgId, uids);
  // A uid no user has yet gets one, all of them in one statement (or the user a concurrent
  // request created in the meantime).
  const newUsers = uids.filter((uid) => !idsByUid.has(uid)).map((uid): UserRecord => ({ id: `u-${context.newId()}`, orgId: context.orgId, uid, displayName: null, email: null, properties: {}, identifiedInSession: false, mergedInto: null, createdAt: now, updatedAt: now }));
  for (const [uid, id] of await writer.ensureUsers(newUsers)) idsByUid.set(uid, id);
  const usersByUid = new Map<string, Pick<UserRecord, 'id'>>();
  for (const [uid, id] of idsByUid) usersByUid.set(uid, { id });
  const usersById = new Map<string, Pick<UserRecord, 'id'> | undefined>();
  const latestSession = new Map<string, string | null>();
  // A session reference may be an old id (its user was merged into another): events join it under its id now.
  const sessions = new Map<string, { readonly id: string; readonly userId: string } | undefined>();
  const resolved: { userId: string | null; sessionId: string | null }[] = [];

  for (const [index, entry] of prepared.entries()) {
    if (entry === undefined) continue;
    try {
      let user: Pick<UserRecord, 'id'> | undefined;
      const reference = entry.request.user;
      if (reference !== undefined && 'uid' in reference) {
        user = usersByUid.get(reference.uid);
        if (user === undefined) throw new Error(`no user for uid ${reference.uid} after ensureUsers`);
      } else if (reference !== undefined) {
        if (!usersById.has(reference.id)) usersById.set(reference.id, await resolveUserForUpdate(writer, context.orgId, reference.id));
        user = usersById.get(reference.id);
        if (user === undefined) throw invalidRequest('unknown user', [{ path: 'user.id', message: `no user with id ${reference.id}` }]);
      }
      let sessionId: string | null = null;
      const session = entry.request.session;
      if (session !== undefined && 'id' in session) {
        if (!sessions.has(session.id)) {
          const found = await writer.findSessionInfo(context.orgId, session.id);
          sessions.set(session.id, found === undefined ? undefined : { id: found.id, userId: found.userId });
        }
        const target = sessions.get(session.id);
        if (target === undefined) throw invalidRequest('unknown session', [{ path: 'session.id', message: `no session ${session.id}` }]);
        const owner = target.userId;
        if (user !== undefined && owner !== user.id) throw invalidRequest('session of another user', [{ path: 'session.id', message: `session ${session.id} belongs to another user` }]);
        sessionId = target.id;
        user ??= usersById.get(owner) ?? (await writer.findUser(context.orgId, owner));
      } else if (session !== undefined) {
        if (user === undefined) throw invalidRequest('use_most_recent needs a user', [{ path: 'session.use_most_recent', message: 'name the user with user.uid or user.id' }]);
        if (!latestSession.has(user.id)) latestSession.set(user.id, (await writer.listSessionsForUser(context.orgId, user.id, 1))[0]?.id ?? null);
        sessionId = latestSession.get(user.id) ?? null;
      }
      resolved[index] = { userId: user?.id ?? null, sessionId };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes[index] = { ok: false, error };
      prepared[index] = undefined;
    }
  }

  const live = prepared.flatMap((entry, index) => (entry === undefined ? [] : [{ entry, index }]));
  const catalog = { now, retentionCutoff: context.retentionCutoff };
  const names = [...new Set(live.map(({ entry }) => entry.request.name))];
  const rejectedNames = new Set(names.length === 0 ? [] : await writer.admitNames(context.orgId, 'event_name', names, { ...catalog, limit: EVENT_NAME_LIMIT }));
  // A property name counts once per event name: the catalog key is `<event name>\0<path>`. An event
  // whose name was refused is not indexed, so its properties take no place in the catalog.
  const keys = new Set<string>();
  for (const { entry } of live) {
    if (rejectedNames.has(entry.request.name)) continue;
    for (const write of entry.writes) keys.add(`${entry.request.name}\u0000${write.path}`);
  }
  const propertyKeys = [...keys];
  const rejectedKeys = new Set(propertyKeys.length === 0 ? [] : await writer.admitNames(context.orgId, 'event_property', propertyKeys, { ...catalog, limit: EVENT_PROPERTY_LIMIT }));

  const records: EventRecord[] = [];
  for (const { entry, index } of live) {
    const name = entry.request.name;
    // No property refused (the common case): nothing to look up per property.
    const kept = rejectedKeys.size === 0 ? entry.writes : entry.writes.filter((write) => !rejectedKeys.has(`${name}\u0000${write.path}`));
    const rejectedProperties = kept === entry.writes ? [] : entry.writes.filter((write) => rejectedKeys.has(`${name}\u0000${write.path}`)).map((write) => write.path);
    const { userId, sessionId } = resolved[index] ?? { userId: null, sessionId: null };
    const record: EventRecord = {
      orgId: context.orgId,
      id: `e-${context.newId()}`,
      name,
      timestamp: entry.timestamp,
      userId,
      sessionId,
      // The validated request's own object when nothing was dropped (the common case); rebuilt otherwise.
      properties: kept.length === entry.writes.length && !entry.hasRemovals && entry.request.properties != null ? (entry.request.properties as JsonObject) : nest(kept),
      context: (entry.request.context as JsonObject | undefined) ?? null,
      createdAt: now,
      // Stored and listed, but neither counted for search nor its properties catalogued.
      ...(rejectedNames.has(name) ? { indexed: false } : {}),
    };
    records.push(record);
    const view: EventView = { id: record.id, name, timestamp: record.timestamp, user_id: userId, session_id: sessionId, properties: record.properties };
    if (rejectedNames.has(name)) view.rejected_event_names = [name];
    if (rejectedProperties.length > 0) view.rejected_properties = rejectedProperties;
    outcomes[index] = { ok: true, view };
  }
  if (records.length > 0) await writer.insertEvents(records);
  return outcomes as EventOutcome[];
}
