// Contract: Idempotency-Key claims (per organisation, with expiry, held by a token under a lease),
// the summary cache, and the holds on summaries being asked for (summary flights).

import { describe, expect, test } from 'vitest';
import type { IdempotencyClaim } from '../records.js';
import type { DataCenterStore } from '../store.js';
import { at, ORG_A, ORG_B } from './store-fixtures.js';

export function describeIdempotencyContract(store: () => DataCenterStore): void {
  /** A claim at `at(now)` by `token` (leased for `lease` seconds) of keys created before `at(expiresBefore)` expire. */
  const claim = (
    key: string,
    options: { fingerprint?: string; now?: number; expiresBefore?: number; orgId?: string; token?: string; lease?: number } = {},
  ): Promise<IdempotencyClaim> =>
    store().transaction((writer) =>
      writer.claimIdempotencyKey(options.orgId ?? ORG_A, key, {
        fingerprint: options.fingerprint ?? 'POST /v2/users sha256:aaa',
        now: at(options.now ?? 100),
        expiresBefore: at(options.expiresBefore ?? 0),
        token: options.token ?? `token-${options.now ?? 100}`,
        leaseMs: (options.lease ?? 1000) * 1000,
      }),
    );
  const complete = (key: string, token: string, result: { status: number; body: string }, orgId = ORG_A) =>
    store().transaction((writer) => writer.completeIdempotencyKey(orgId, key, { token, ...result }));
  const release = (key: string, token: string, orgId = ORG_A) => store().transaction((writer) => writer.releaseIdempotencyKey(orgId, key, token));

  describe('idempotency keys', () => {
    test('the first claim of a key is claimed; another while it executes finds it executing', async () => {
      expect(await claim('key-1')).toEqual({ state: 'claimed', takeover: false });
      expect(await claim('key-1', { now: 101 })).toEqual({ state: 'executing' });
    });

    test('a key whose executing request stopped renewing is taken over once its lease ran out, and the late holder can no longer save', async () => {
      expect(await claim('key-1', { now: 100, token: 'dead', lease: 30 })).toEqual({ state: 'claimed', takeover: false });
      expect(await claim('key-1', { now: 129, token: 'retry' })).toEqual({ state: 'executing' });
      expect(await claim('key-1', { now: 131, token: 'retry', lease: 30 })).toEqual({ state: 'claimed', takeover: true });
      expect(await complete('key-1', 'dead', { status: 200, body: '"late"' })).toBe(false);
      expect(await store().transaction((writer) => writer.renewIdempotencyKey(ORG_A, 'key-1', { token: 'dead', now: at(132), leaseMs: 30_000 }))).toBe(false);
      expect(await complete('key-1', 'retry', { status: 200, body: '"retry"' })).toBe(true);
      expect(await claim('key-1', { now: 200 })).toEqual({ state: 'completed', status: 200, body: '"retry"' });
    });

    test('renewing the lease keeps the key executing past its first lease', async () => {
      await claim('key-1', { now: 100, token: 'alive', lease: 30 });
      expect(await store().transaction((writer) => writer.renewIdempotencyKey(ORG_A, 'key-1', { token: 'alive', now: at(125), leaseMs: 30_000 }))).toBe(true);
      expect(await claim('key-1', { now: 150, token: 'other' })).toEqual({ state: 'executing' });
      expect(await claim('key-1', { now: 156, token: 'other' })).toEqual({ state: 'claimed', takeover: true });
    });

    test('a taken-over key keeps its fingerprint: another request is still a mismatch', async () => {
      await claim('key-1', { now: 100, token: 'dead', lease: 1 });
      expect(await claim('key-1', { now: 200, token: 'other', fingerprint: 'POST /v2/users sha256:bbb' })).toEqual({ state: 'mismatch' });
    });

    test('the same key with another fingerprint (method, path or body) is a mismatch', async () => {
      await claim('key-1');
      expect(await claim('key-1', { fingerprint: 'POST /v2/users sha256:bbb' })).toEqual({ state: 'mismatch' });
    });

    test('once completed, a claim returns the saved status and body', async () => {
      await claim('key-1', { token: 'first' });
      expect(await complete('key-1', 'first', { status: 400, body: '{"code":"invalid_request"}' })).toBe(true);
      expect(await claim('key-1', { now: 150 })).toEqual({ state: 'completed', status: 400, body: '{"code":"invalid_request"}' });
      expect(await claim('key-1', { now: 150, fingerprint: 'other' })).toEqual({ state: 'mismatch' });
    });

    test('after a release, the next claim is claimed anew', async () => {
      await claim('key-1', { token: 'first' });
      await release('key-1', 'someone else');
      expect(await claim('key-1', { fingerprint: 'anything', now: 101 })).toEqual({ state: 'mismatch' });
      await release('key-1', 'first');
      expect(await claim('key-1', { fingerprint: 'anything', now: 101 })).toEqual({ state: 'claimed', takeover: false });
    });

    test('a key created before expiresBefore is forgotten and claimed anew, whatever it held', async () => {
      await claim('done', { now: 100, token: 'first' });
      await complete('done', 'first', { status: 200, body: '{}' });
      await claim('stuck', { now: 100 });
      expect(await claim('done', { now: 200, expiresBefore: 100 })).toEqual({ state: 'completed', status: 200, body: '{}' });
      expect(await claim('done', { now: 300, expiresBefore: 101, fingerprint: 'new body' })).toEqual({ state: 'claimed', takeover: false });
      expect(await claim('stuck', { now: 300, expiresBefore: 101 })).toEqual({ state: 'claimed', takeover: false });
      expect(await claim('done', { now: 301, expiresBefore: 101, fingerprint: 'new body' })).toEqual({ state: 'executing' });
    });

    test('keys belong to an organisation: two organisations may use the same key', async () => {
      expect(await claim('shared', { token: 'a' })).toEqual({ state: 'claimed', takeover: false });
      expect(await claim('shared', { orgId: ORG_B, fingerprint: 'another request', token: 'b' })).toEqual({ state: 'claimed', takeover: false });
      expect(await complete('shared', 'b', { status: 201, body: 'b' }, ORG_B)).toBe(true);
      expect(await claim('shared', { token: 'c' })).toEqual({ state: 'executing' });
      await release('shared', 'b', ORG_B);
      expect(await claim('shared', { token: 'c' })).toEqual({ state: 'executing' });
    });
  });

  describe('summary cache', () => {
    test('a cached summary is read back in its organisation only, and kept when another comes for its key', async () => {
      expect(await store().getCachedSummary(ORG_A, 'session-1|profile-1@1')).toBeUndefined();
      await store().transaction((writer) => writer.putCachedSummary(ORG_A, { key: 'session-1|profile-1@1', value: '{"summary":"first"}', sessionId: 'session-1', now: at(1) }));
      expect(await store().getCachedSummary(ORG_A, 'session-1|profile-1@1')).toBe('{"summary":"first"}');
      expect(await store().getCachedSummary(ORG_B, 'session-1|profile-1@1')).toBeUndefined();
      // Two instances that asked the model for one request at once: the first answer stored stays,
      // and the second writer learns it, to answer with it too.
      const kept = await store().transaction((writer) => writer.putCachedSummary(ORG_A, { key: 'session-1|profile-1@1', value: '{"summary":"second"}', sessionId: 'session-1', now: at(2) }));
      expect(kept).toBe('{"summary":"first"}');
      expect(await store().getCachedSummary(ORG_A, 'session-1|profile-1@1')).toBe('{"summary":"first"}');
    });
  });

  describe('summary flights', () => {
    const flight = (token: string, now: number, lease = 30) => ({ token, now: at(now), leaseMs: lease * 1000 });
    const claimFlight = (key: string, token: string, now: number, options: { lease?: number; orgId?: string } = {}) =>
      store().transaction((writer) => writer.claimSummaryFlight(options.orgId ?? ORG_A, key, flight(token, now, options.lease)));

    test('one claim of a summary holds it until it lets go; the key is per organisation', async () => {
      expect(await claimFlight('summary-1', 'a', 100)).toBe(true);
      expect(await claimFlight('summary-1', 'b', 101)).toBe(false);
      expect(await claimFlight('summary-1', 'b', 101, { orgId: ORG_B })).toBe(true);
      expect(await claimFlight('summary-2', 'b', 101)).toBe(true);
      // Only the holder lets go.
      await store().transaction((writer) => writer.releaseSummaryFlight(ORG_A, 'summary-1', 'b'));
      expect(await claimFlight('summary-1', 'c', 102)).toBe(false);
      await store().transaction((writer) => writer.releaseSummaryFlight(ORG_A, 'summary-1', 'a'));
      expect(await claimFlight('summary-1', 'c', 102)).toBe(true);
    });

    test('a hold whose holder stopped renewing it is taken over once its lease ran out, and the late holder cannot renew', async () => {
      expect(await claimFlight('summary-1', 'dead', 100, { lease: 30 })).toBe(true);
      expect(await store().transaction((writer) => writer.renewSummaryFlight(ORG_A, 'summary-1', flight('dead', 120, 30)))).toBe(true);
      expect(await claimFlight('summary-1', 'waiter', 149)).toBe(false);
      expect(await claimFlight('summary-1', 'waiter', 151, { lease: 30 })).toBe(true);
      expect(await store().transaction((writer) => writer.renewSummaryFlight(ORG_A, 'summary-1', flight('dead', 152, 30)))).toBe(false);
      expect(await claimFlight('summary-1', 'third', 160)).toBe(false);
    });

    test('of several claims at once, one holds the summary', async () => {
      const claims = await Promise.all(Array.from({ length: 6 }, (_, index) => claimFlight('summary-1', `token-${index}`, 100)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });
  });
}
