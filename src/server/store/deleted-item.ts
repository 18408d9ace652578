// What a user deletion leaves in place of a batch item or result that held one of the user's
// identifiers (docs/privacy.md#deleting-a-user): a marker that keeps the item's index and names
// nothing of the user. A summary batch's result is a JSONL line (docs/many-sessions.md), so there
// the marker is an error line, which `recap report` reads like any other.

import type { JsonValue } from './records.js';

/** What replaces a batch item, or a result of a batch other than a summary batch. */
export const DELETED_ITEM = { deleted: 'the data of a deleted user' } as const;

/**
 * What replaces the result line of summary batch item `index`: an error line (code `deleted`)
 * whose `file` names the item, not the session (a session id holds its user's id); the `run` of
 * the line it replaces is kept, when it names nothing of the user.
 */
export function deletedResultLine(index: number, run?: JsonValue): JsonValue {
  return {
    file: `[deleted] item ${index}`,
    error: { code: 'deleted', message: DELETED_ITEM.deleted },
    ...(run === undefined ? {} : { run }),
  };
}
