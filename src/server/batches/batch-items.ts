// The items of user and event batches: each validated and applied in the chunk's transaction, a
// refused item one error result with its index (the others are applied).

import { ApiError } from '../http/api-error.js';
import { checkItemStrings, validateBody } from '../http/parse-request.js';
import { unsafeStringDetails } from '../http/unsafe-strings.js';
import { recordEvents } from '../events/record-events.js';
import { storedEventImport } from './event-import-results.js';
import type { CoreDependencies } from '../app/server-dependencies.js';
import type { JobRecord, JobResultRecord, JsonValue } from '../store/records.js';
import type { StoreWriter } from '../store/store.js';
import { retentionCutoff } from '../users/limits.js';
import { checkIdentifier, upsertUser, type UserRequest } from '../users/upsert-user.js';
import { userView } from '../users/user-view.js';
import { userRequestSchema } from '../routes/schemas.js';
import { ChunkUsers, type NamedUsers } from './chunk-users.js';

const errorResult = (error: ApiError): JsonValue => ({
  code: error.code,
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details.map((detail) => ({ ...detail })) }),
});

/** The uids and ids the items of a users batch name (those of items that will be refused too: locking them is harmless). */
function namedUsers(items: readonly JsonValue[]): NamedUsers {
  const uids = new Set<string>();
  const ids = new Set<string>();
  for (const item of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    // Text no store can keep (a NUL) would fail the statement: such an item is one error line.
    if (typeof item.uid === 'string' && unsafeStringDetails(item.uid).length === 0) uids.add(item.uid);
    if (typeof item.id === 'string' && unsafeStringDetails(item.id).length === 0) ids.add(item.id);
  }
  return { uids: [...uids], ids: [...ids] };
}

/** Applies the items `[from, from + items.length)` of a user or event batch; one result per item. */
export async function processChunk(writer: StoreWriter, job: JobRecord, items: readonly JsonValue[], from: number, deps: CoreDependencies): Promise<JobResultRecord[]> {
  const now = deps.clock();
  const context = { orgId: job.orgId, now, newId: deps.newId, retentionCutoff: retentionCutoff(now, deps.retentionDays) };
  if (job.kind === 'events') {
    const outcomes = await recordEvents(writer, items, context);
    return outcomes.map((outcome, offset) => ({
      index: from + offset,
      ok: outcome.ok,
      result: outcome.ok ? storedEventImport(outcome.view, items[offset] ?? null) : errorResult(outcome.error),
    }));
  }
  const users = await ChunkUsers.read(writer, job.orgId, namedUsers(items));
  const results: JobResultRecord[] = [];
  for (const [offset, item] of items.entries()) {
    const index = from + offset;
    try {
      checkItemStrings(item);
      const request = validateBody(item ?? null, userRequestSchema) as UserRequest;
      checkIdentifier(request.uid, 'uid');
      const { user, rejectedProperties } = await upsertUser(users, request, context);
      results.push({ index, ok: true, result: userView(user, rejectedProperties) as unknown as JsonValue });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ index, ok: false, result: errorResult(error) });
    }
  }
  await users.flush();
  return results;
}
