// POST /v2/users (see docs/server.md): create or update one user; anonymous users; identification
// by id + uid, merging into an existing uid; uid immutability; properties merged by path, newest
// wins.

import { ApiError, invalidRequest } from '../http/api-error.js';
import type { UserRecord } from '../store/records.js';
import type { StoreWriter } from '../store/store.js';
import { USER_PROPERTY_LIMIT } from './limits.js';
import { applyWrites, lastType, mergeStates, propertyStateFromJson, propertyStateToJson } from './property-state.js';
import type { PropertyType } from './property-types.js';
import { readDeclarations, validateProperties } from './validate-properties.js';

export interface UserRequest {
  readonly id?: string | undefined;
  readonly uid?: string | undefined;
  readonly display_name?: string | null | undefined;
  readonly email?: string | null | undefined;
  readonly properties?: unknown;
  readonly schema?: unknown;
}

/** What upsertUser reads and writes: a StoreWriter, or the users of a chunk of a users batch (chunk-users.ts). */
export type UserWriter = Pick<StoreWriter, 'findUserForUpdate' | 'findUserByUidForUpdate' | 'admitNames' | 'insertUser' | 'updateUser' | 'moveUserSessions'>;

export interface UpsertContext {
  readonly orgId: string;
  readonly now: Date;
  readonly newId: () => string;
  readonly retentionCutoff: string;
  /** Declared types that override a request's own schema (v1 suffixes). */
  readonly declarations?: ReadonlyMap<string, PropertyType>;
}

export interface UpsertResult {
  readonly user: UserRecord;
  readonly rejectedProperties: readonly string[];
  readonly created: boolean;
}

const MAX_MERGE_HOPS = 8;

/** The user with this id, following merges of anonymous users into identified ones. */
export async function resolveUserForUpdate(writer: Pick<UserWriter, 'findUserForUpdate'>, orgId: string, id: string): Promise<UserRecord | undefined> {
  let user = await writer.findUserForUpdate(orgId, id);
  for (let hop = 0; user?.mergedInto != null && hop < MAX_MERGE_HOPS; hop++) user = await writer.findUserForUpdate(orgId, user.mergedInto);
  return user;
}

function newUser(context: UpsertContext, uid: string | null): UserRecord {
  const now = context.now.toISOString();
  return {
    id: `u-${context.newId()}`,
    orgId: context.orgId,
    uid,
    displayName: null,
    email: null,
    properties: {},
    identifiedInSession: false,
    mergedInto: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Creates or updates a user inside a transaction; throws 400/404/409 ApiErrors. */
export async function upsertUser(writer: UserWriter, request: UserRequest, context: UpsertContext): Promise<UpsertResult> {
  const declarations = context.declarations ?? readDeclarations(request.schema);
  const now = context.now.toISOString();
  let target: UserRecord | undefined;
  let absorbed: UserRecord | undefined;
  let created = false;

  if (request.id !== undefined) {
    const found = await resolveUserForUpdate(writer, context.orgId, request.id);
    if (found === undefined) throw new ApiError('not_found', `no user with id ${request.id}`);
    target = found;
    if (request.uid !== undefined && found.uid !== null && found.uid !== request.uid) {
      throw new ApiError('uid_immutable', `user ${found.id} already has uid ${JSON.stringify(found.uid)}; a uid never changes`);
    }
    if (request.uid !== undefined && found.uid === null) {
      const owner = await writer.findUserByUidForUpdate(context.orgId, request.uid);
      if (owner !== undefined && owner.id !== found.id) {
        // Identifying an anonymous user as someone who exists: their data becomes one user.
        absorbed = found;
        target = owner;
      } else {
        target = { ...found, uid: request.uid };
      }
    }
  } else if (request.uid !== undefined) {
    target = await writer.findUserByUidForUpdate(context.orgId, request.uid);
    if (target === undefined) {
      target = newUser(context, request.uid);
      created = true;
    }
  } else {
    target = newUser(context, null);
    created = true;
  }

  let state = propertyStateFromJson(target.properties);
  if (absorbed !== undefined) state = mergeStates(state, propertyStateFromJson(absorbed.properties));
  const current = state;
  const { writes, removals } = validateProperties(request.properties, declarations, { previousType: (path) => lastType(current, path) });
  const newNames = [...new Set(writes.map((write) => write.path))];
  const rejected =
    newNames.length === 0
      ? []
      : await writer.admitNames(context.orgId, 'user_property', newNames, { limit: USER_PROPERTY_LIMIT, now, retentionCutoff: context.retentionCutoff });
  const rejectedSet = new Set(rejected);
  state = applyWrites(state, writes.filter((write) => !rejectedSet.has(write.path)), removals, now);

  const user: UserRecord = {
    ...target,
    // Sessions recorded while anonymous now belong to this user (moved below).
    identifiedInSession: target.identifiedInSession || absorbed?.identifiedInSession === true,
    displayName: request.display_name !== undefined ? request.display_name : (target.displayName ?? absorbed?.displayName ?? null),
    email: request.email !== undefined ? request.email : (target.email ?? absorbed?.email ?? null),
    properties: propertyStateToJson(state),
    updatedAt: now,
  };
  if (created) await writer.insertUser(user);
  else await writer.updateUser(user);
  if (absorbed !== undefined) {
    await writer.updateUser({ ...absorbed, mergedInto: user.id, updatedAt: now });
    // One logical user: the sessions and events recorded while anonymous come along.
    await writer.moveUserSessions(context.orgId, absorbed.id, user.id);
  }
  return { user, rejectedProperties: rejected, created };
}

/** A uid or id must be a non-empty string without surrounding whitespace. */
export function checkIdentifier(value: string | undefined, field: string): void {
  if (value !== undefined && (value.trim() !== value || value === '')) throw invalidRequest(`invalid ${field}`, [{ path: field, message: 'must be a non-empty string without surrounding spaces' }]);
}
