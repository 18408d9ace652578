// Idempotency-Key (spec "Idempotency", docs/server.md): the first request with a key has its
// status and body saved (4xx and 500 included, 429 and >500 not); later requests with the same key
// get that result with `Idempotent-Replayed: true`; the same key with another method, path or body
// is 422; while the first is executing, 409. Keys belong to the organisation and expire after 24
// hours. The executing request holds the key with a lease it renews while it runs: when its
// process dies, the key is released once the lease runs out, and the client's retry executes. A
// request that applies something saves its answer in the same transaction (commit-answer.ts), so
// a retry never applies it again; answers of requests that applied nothing are saved after.

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../models/replay/canonical-json.js';
import { ApiError } from '../http/api-error.js';
import type { HandlerResult } from '../http/route-definition.js';
import { toApiError } from '../http/to-api-error.js';
import type { DataCenterStore } from '../store/store.js';
import { holdingKey, isSaved, type KeyHold } from './commit-answer.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long an executing request's key outlives its process: a crashed request's key is free after this. */
export const DEFAULT_KEY_LEASE_MS = 30_000;

/** Whether a parsed body holds a number past a double's range: JSON.parse reads 1e400 as Infinity. */
function holdsNonFiniteNumber(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsNonFiniteNumber);
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What identifies "the same request": method, path with its query, and body (as canonical JSON
 * when it is JSON). The query's parameters are sorted, so their order does not matter; a query
 * decides as much as a body does (`?config_profile=` of a summary batch), so another one is
 * another request. Without a query the fingerprint is what it was before queries counted, so keys
 * saved by an older version still match.
 */
export function requestFingerprint(method: string, path: string, body: Uint8Array | string, query: URLSearchParams = new URLSearchParams()): string {
  const pairs = [...query].sort((a, b) => byCodeUnits(a[0], b[0]) || byCodeUnits(a[1], b[1]));
  const search = pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
  const hash = createHash('sha256').update(`${method.toUpperCase()} ${path}${search}\n`);
  try {
    const text = typeof body === 'string' ? body : strictUtf8.decode(body);
    const parsed: unknown = JSON.parse(text);
    // Canonical JSON would write Infinity as null, making 1e400, -1e400 and null the same body.
    if (!holdsNonFiniteNumber(parsed)) return hash.update(canonicalJson(parsed)).digest('hex');
  } catch {
    // Not UTF-8 or not JSON: the bytes as sent (below).
  }
  return hash.update(body).digest('hex');
}

export interface IdempotentRun {
  readonly result: HandlerResult;
  readonly replayed: boolean;
  /** The key's previous request died while executing; this one took the key over. */
  readonly tookOver: boolean;
}

/** Runs `execute` once per organisation and key, as the spec says. */
export async function runIdempotently(
  options: {
    readonly store: DataCenterStore;
    readonly orgId: string;
    readonly key: string;
    readonly fingerprint: string;
    readonly now: Date;
    /** Names this request's hold on the key. */
    readonly token: string;
    readonly leaseMs?: number;
    /** The clock renewals are stamped with (default the real one). */
    readonly clock?: () => Date;
  },
  execute: () => Promise<HandlerResult>,
): Promise<IdempotentRun> {
  const { store, orgId, key, token } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_KEY_LEASE_MS;
  const clock = options.clock ?? (() => new Date());
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError('invalid_request', `Idempotency-Key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, {
      details: [{ path: 'headers.Idempotency-Key', message: `${key.length} characters` }],
    });
  }
  const claim = await store.transaction((writer) =>
    writer.claimIdempotencyKey(orgId, key, {
      fingerprint: options.fingerprint,
      now: options.now.toISOString(),
      expiresBefore: new Date(options.now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
      token,
      leaseMs,
    }),
  );
  if (claim.state === 'executing') {
    throw new ApiError('idempotency_key_in_use', 'a request with this Idempotency-Key is still executing; retry later');
  }
  if (claim.state === 'mismatch') {
    throw new ApiError('idempotency_key_reused', 'this Idempotency-Key was used for a request with another method, path or body');
  }
  if (claim.state === 'completed') {
    return { result: { status: claim.status, body: JSON.parse(claim.body) as unknown }, replayed: true, tookOver: false };
  }

  // Renewed while the request runs, so that only a dead process's key runs out.
  const heartbeat = setInterval(() => {
    void store.transaction((writer) => writer.renewIdempotencyKey(orgId, key, { token, now: clock().toISOString(), leaseMs })).catch(() => undefined);
  }, Math.max(10, Math.floor(leaseMs / 3)));
  const hold: KeyHold = { orgId, key, token, saved: false };
  let result: HandlerResult;
  try {
    result = await holdingKey(hold, execute);
  } catch (error) {
    // As the client will be answered: a database that cannot be reached is a 503, never saved.
    const answer = toApiError(error);
    const failure =
      answer !== undefined
        ? { status: answer.status, body: answer.body(), headers: answer.headers }
        : { status: 500, body: { code: 'internal_error', message: 'internal error' } };
    clearInterval(heartbeat);
    if (!hold.saved) await settle(store, orgId, key, token, failure);
    throw error;
  }
  clearInterval(heartbeat);
  if (!hold.saved) await settle(store, orgId, key, token, result);
  return { result, replayed: false, tookOver: claim.takeover };
}

async function settle(store: DataCenterStore, orgId: string, key: string, token: string, result: HandlerResult): Promise<void> {
  await store.transaction(async (writer) => {
    if (isSaved(result.status)) await writer.completeIdempotencyKey(orgId, key, { token, status: result.status, body: JSON.stringify(result.body) });
    else await writer.releaseIdempotencyKey(orgId, key, token);
  });
}
