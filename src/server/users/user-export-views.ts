// How a user's export shows each record: the API's own views (users, events, session list items)
// with what else the store keeps of them, and the type conflicts as the property state holds them.

import type { EventView } from '../events/record-events.js';
import type { EventRecord, JsonObject, JsonValue, UserRecord } from '../store/records.js';
import { propertyStateFromJson } from './property-state.js';
import { userView, type UserView } from './user-view.js';

export interface ExportedUser extends UserView {
  identified_in_session: boolean;
  created_at: string;
  updated_at: string;
  /** Only on a user merged into another: the user it leads to. */
  merged_into?: string;
}

export interface ExportedEvent extends EventView {
  /** The request's `context`, as stored. */
  context: JsonObject | null;
  /** When the server received it. */
  created_at: string;
}

/** A path captured with more than one type: each type's latest value and when it was captured. */
export interface ExportedTypeConflict {
  user_id: string;
  path: string;
  /** The type of the newest capture. */
  last_type: string;
  types: Record<string, { value: JsonValue; captured_at: string }>;
}

/** The user as GET /v2/users shows it, with its flag, times and (for a merged user) merged_into. */
export function exportedUser(user: UserRecord): ExportedUser {
  const view: ExportedUser = { ...userView(user), identified_in_session: user.identifiedInSession, created_at: user.createdAt, updated_at: user.updatedAt };
  if (user.mergedInto !== null) view.merged_into = user.mergedInto;
  return view;
}

/** The event as POST /v2/events answers it, with its context and time of receipt. */
export function exportedEvent(event: EventRecord): ExportedEvent {
  return {
    id: event.id,
    name: event.name,
    timestamp: event.timestamp,
    user_id: event.userId,
    session_id: event.sessionId,
    properties: event.properties,
    context: event.context,
    created_at: event.createdAt,
  };
}

/** The user's conflicting property paths, by path (`type_conflicts` of a read shows only the values). */
export function typeConflictEntries(user: UserRecord): ExportedTypeConflict[] {
  const entries: ExportedTypeConflict[] = [];
  for (const [path, entry] of propertyStateFromJson(user.properties)) {
    if (entry.types.size < 2) continue;
    const types = Object.fromEntries([...entry.types].map(([type, captured]) => [type, { value: captured.value, captured_at: captured.at }]));
    entries.push({ user_id: user.id, path, last_type: entry.last, types });
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
