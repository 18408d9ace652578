// Whether a stored copy of data (a batch item or result, an export line, a saved answer) names
// one of the users a deletion removes (docs/privacy.md#deleting-a-user). The service makes a
// user's id (`u-` and 32 hexadecimal digits, where a session id starts with it), so a string that
// holds one names that user wherever it is: a field, a session id, an error message. A uid is the
// client's own and may be any string, `42` or `admin` as well, which another user's data may hold
// as a property value or a typed text: it names the user only where the data says it is a uid (a
// `uid` field: a users item's, an event's `user`, a search's, a session's user). An e-mail address
// names the user wherever a string is exactly it.

import type { JsonValue } from './records.js';

/** The identifiers of the users a deletion removes (the user and every user merged into it). */
export interface DeletedUsers {
  readonly ids: readonly string[];
  readonly uids: readonly string[];
  readonly emails: readonly string[];
}

/** The fields whose string value is a uid. */
const UID_FIELDS = new Set(['uid', 'user_uid']);

/** Whether `value` names one of `users` (see above). Walks without recursion: a value may nest deep. */
export function namesUser(value: JsonValue, users: DeletedUsers): boolean {
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const current = stack.pop() as JsonValue;
    if (typeof current === 'string') {
      if (stringNamesUser(current, users)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) {
        const field = current[key] as JsonValue;
        if (typeof field === 'string' && UID_FIELDS.has(key) && users.uids.includes(field)) return true;
        stack.push(field);
      }
    }
  }
  return false;
}

const stringNamesUser = (text: string, users: DeletedUsers) => users.ids.some((id) => text.includes(id)) || users.emails.includes(text);

/**
 * Whether the JSON text `json` names one of `users`; a text that is not JSON (none is written so)
 * names them if it holds one of their identifiers at all.
 */
export function textNamesUser(json: string, users: DeletedUsers): boolean {
  let value: JsonValue;
  try {
    value = JSON.parse(json) as JsonValue;
  } catch {
    return [...users.ids, ...users.uids, ...users.emails].some((identifier) => json.includes(identifier));
  }
  return namesUser(value, users);
}

/**
 * Pieces of which the JSON text of every value namesUser answers true for holds one (a store's
 * text search finds the candidates; namesUser decides): an id as it is, an e-mail address as a
 * JSON string, a uid as the end of a uid field (`uid":"42"`, which `"user_uid":"42"` holds too).
 * Every copy searched is written by JSON.stringify, without spaces: a common uid (`42`) then finds
 * the rows that hold it as a uid, not every row that holds the string.
 */
export const candidatePieces = (users: DeletedUsers): string[] => [
  ...new Set([...users.ids, ...users.emails.map((email) => JSON.stringify(email)), ...users.uids.map((uid) => `uid":${JSON.stringify(uid)}`)]),
];
