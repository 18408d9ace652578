// Contract: Idempotency-Key claims (per organisation, with expiry) and the summary cache.

import { describe, expect, test } from 'vitest';
import type { IdempotencyClaim } from '../records.js';
import type { DataCenterStore } from '../store.js';
import { at, ORG_A, ORG_B } from './store-fixtures.js';

export function describeIdempotencyContract(store: () => DataCenterStore): void {
  /** A claim at `at(now)` of keys created before `at(expiresBefore)` expire. */
  const claim = (key: string, options: { fingerprint?: string; now?: number; expiresBefore?: number; orgId?: string } = {}): Promise<IdempotencyClaim> =>
    store().transaction((writer) =>
      writer.claimIdempotencyKey(options.orgId ?? ORG_A, key, {
        fingerprint: options.fingerprint ?? 'POST /v2/users sha256:aaa',
        now: at(options.now ?? 100),
        expiresBefore: at(options.expiresBefore ?? 0),
      }),
    );

  describe('idempotency keys', () => {
    test('the first claim of a key is claimed; another while it executes finds it executing', async () => {
      expect(await claim('key-1')).toEqual({ state: 'claimed' });
      expect(await claim('key-1', { now: 101 })).toEqual({ state: 'executing' });
    });

    test('the same key with another fingerprint (method, path or body) is a mismatch', async () => {
      await claim('key-1');
      expect(await claim('key-1', { fingerprint: 'POST /v2/users sha256:bbb' })).toEqual({ state: 'mismatch' });
    });

    test('once completed, a claim returns the saved status and body', async () => {
      await claim('key-1');
      await store().transaction((writer) => writer.completeIdempotencyKey(ORG_A, 'key-1', { status: 400, body: '{"code":"invalid_request"}' }));
      expect(await claim('key-1', { now: 150 })).toEqual({ state: 'completed', status: 400, body: '{"code":"invalid_request"}' });
      expect(await claim('key-1', { now: 150, fingerprint: 'other' })).toEqual({ state: 'mismatch' });
    });

    test('after a release, the next claim is claimed anew', async () => {
      await claim('key-1');
      await store().transaction((writer) => writer.releaseIdempotencyKey(ORG_A, 'key-1'));
      expect(await claim('key-1', { fingerprint: 'anything' })).toEqual({ state: 'claimed' });
    });

    test('a key created before expiresBefore is forgotten and claimed anew, whatever it held', async () => {
      await claim('done', { now: 100 });
      await store().transaction((writer) => writer.completeIdempotencyKey(ORG_A, 'done', { status: 200, body: '{}' }));
      await claim('stuck', { now: 100 });
      expect(await claim('done', { now: 200, expiresBefore: 100 })).toEqual({ state: 'completed', status: 200, body: '{}' });
      expect(await claim('done', { now: 300, expiresBefore: 101, fingerprint: 'new body' })).toEqual({ state: 'claimed' });
      expect(await claim('stuck', { now: 300, expiresBefore: 101 })).toEqual({ state: 'claimed' });
      expect(await claim('done', { now: 301, expiresBefore: 101, fingerprint: 'new body' })).toEqual({ state: 'executing' });
    });

    test('keys belong to an organisation: two organisations may use the same key', async () => {
      expect(await claim('shared')).toEqual({ state: 'claimed' });
      expect(await claim('shared', { orgId: ORG_B, fingerprint: 'another request' })).toEqual({ state: 'claimed' });
      await store().transaction((writer) => writer.completeIdempotencyKey(ORG_B, 'shared', { status: 201, body: 'b' }));
      expect(await claim('shared')).toEqual({ state: 'executing' });
      await store().transaction((writer) => writer.releaseIdempotencyKey(ORG_B, 'shared'));
      expect(await claim('shared')).toEqual({ state: 'executing' });
    });
  });

  describe('summary cache', () => {
    test('a cached summary is read back in its organisation only, and replaced by a newer one', async () => {
      expect(await store().getCachedSummary(ORG_A, 'session-1|profile-1@1')).toBeUndefined();
      await store().transaction((writer) => writer.putCachedSummary(ORG_A, 'session-1|profile-1@1', '{"summary":"first"}', at(1)));
      expect(await store().getCachedSummary(ORG_A, 'session-1|profile-1@1')).toBe('{"summary":"first"}');
      expect(await store().getCachedSummary(ORG_B, 'session-1|profile-1@1')).toBeUndefined();
      await store().transaction((writer) => writer.putCachedSummary(ORG_A, 'session-1|profile-1@1', '{"summary":"second"}', at(2)));
      expect(await store().getCachedSummary(ORG_A, 'session-1|profile-1@1')).toBe('{"summary":"second"}');
    });
  });
}
