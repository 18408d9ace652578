// Contract: cardinality catalogs (admitNames, with retention) and the server event quota.

import { describe, expect, test } from 'vitest';
import type { CatalogKind } from '../records.js';
import type { DataCenterStore } from '../store.js';
import { at, ORG_A, ORG_B } from './store-fixtures.js';

/** Retention cutoff `at(cutoff)`, names seen `at(now)`. */
const admit = (store: DataCenterStore, names: readonly string[], options: { limit: number; now: number; cutoff?: number; kind?: CatalogKind; orgId?: string }): Promise<string[]> =>
  store.transaction((writer) =>
    writer.admitNames(options.orgId ?? ORG_A, options.kind ?? 'user_property', names, {
      limit: options.limit,
      now: at(options.now),
      retentionCutoff: at(options.cutoff ?? 0),
    }),
  );

export function describeLimitContract(store: () => DataCenterStore): void {
  describe('cardinality catalogs', () => {
    test('new names are admitted in the order given while fewer than the limit are live; the rest are rejected', async () => {
      expect(await admit(store(), ['plan', 'seats'], { limit: 3, now: 10 })).toEqual([]);
      expect(await admit(store(), ['score', 'beta', 'region'], { limit: 3, now: 11 })).toEqual(['beta', 'region']);
      expect(await admit(store(), ['beta'], { limit: 3, now: 12 })).toEqual(['beta']);
    });

    test('a known name is admitted even at the limit, and a name repeated in one call counts once', async () => {
      expect(await admit(store(), ['plan', 'plan', 'seats'], { limit: 2, now: 10 })).toEqual([]);
      expect(await admit(store(), ['seats', 'extra', 'plan'], { limit: 2, now: 11 })).toEqual(['extra']);
    });

    test('names last seen before the cutoff no longer count and are admitted again as new', async () => {
      await admit(store(), ['old-1', 'old-2'], { limit: 2, now: 10 });
      expect(await admit(store(), ['fresh'], { limit: 2, now: 20, cutoff: 5 })).toEqual(['fresh']);
      // Seen at 10, cutoff 10: no longer live (live means seen after the cutoff).
      expect(await admit(store(), ['fresh', 'old-1'], { limit: 2, now: 30, cutoff: 10 })).toEqual([]);
      expect(await admit(store(), ['old-2'], { limit: 2, now: 31, cutoff: 10 })).toEqual(['old-2']);
    });

    test('admitting a known name refreshes its last-seen time', async () => {
      await admit(store(), ['kept', 'dropped'], { limit: 2, now: 10 });
      await admit(store(), ['kept'], { limit: 2, now: 50, cutoff: 0 });
      // With the cutoff at 20, only `kept` (seen at 50) is live: one slot is free.
      expect(await admit(store(), ['new-1', 'new-2'], { limit: 2, now: 60, cutoff: 20 })).toEqual(['new-2']);
      expect(await admit(store(), ['kept'], { limit: 2, now: 61, cutoff: 20 })).toEqual([]);
    });

    test('one property name under two event names counts twice (the server composes the keys)', async () => {
      const keys = ['Checkout\u0000price', 'Search\u0000price'];
      expect(await admit(store(), keys, { limit: 2, now: 10, kind: 'event_property' })).toEqual([]);
      expect(await admit(store(), ['Cart\u0000price'], { limit: 2, now: 11, kind: 'event_property' })).toEqual(['Cart\u0000price']);
      expect(await admit(store(), ['Checkout\u0000price'], { limit: 2, now: 12, kind: 'event_property' })).toEqual([]);
    });

    test('catalogs are separate per kind and per organisation', async () => {
      await admit(store(), ['price'], { limit: 1, now: 10, kind: 'user_property' });
      expect(await admit(store(), ['other'], { limit: 1, now: 10, kind: 'event_name' })).toEqual([]);
      expect(await admit(store(), ['another'], { limit: 1, now: 10, kind: 'event_property' })).toEqual([]);
      expect(await admit(store(), ['more'], { limit: 1, now: 10, kind: 'user_property', orgId: ORG_B })).toEqual([]);
      expect(await admit(store(), ['more'], { limit: 1, now: 10, kind: 'user_property' })).toEqual(['more']);
    });

    test('names are compared exactly: case, accents and unusual characters are distinct names', async () => {
      const names = ['name', 'Name', 'NAME', 'naïve', 'nai\u0308ve', 'emoji 😀', ''];
      expect(await admit(store(), names, { limit: 10, now: 10 })).toEqual([]);
      expect(await admit(store(), [...names, 'one more', 'two more', 'three more', 'four more'], { limit: 10, now: 11 })).toEqual(['four more']);
    });

    test('a rejected name leaves nothing behind when the transaction rolls back', async () => {
      await store()
        .transaction(async (writer) => {
          await writer.admitNames(ORG_A, 'event_name', ['ghost'], { limit: 1, now: at(10), retentionCutoff: at(0) });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await admit(store(), ['real'], { limit: 1, now: 11, kind: 'event_name' })).toEqual([]);
    });
  });

  describe('server event quota', () => {
    const consume = (count: number, options: { quota: number; period?: string; orgId?: string }): Promise<boolean> =>
      store().transaction((writer) => writer.consumeServerEvents(options.orgId ?? ORG_A, options.period ?? '2026-11', count, options.quota));

    test('events are counted up to the quota and never past it', async () => {
      expect(await consume(6, { quota: 10 })).toBe(true);
      expect(await consume(5, { quota: 10 })).toBe(false);
      expect(await consume(4, { quota: 10 })).toBe(true);
      expect(await consume(1, { quota: 10 })).toBe(false);
      expect(await consume(0, { quota: 10 })).toBe(true);
    });

    test('a request larger than the whole quota is refused without using any of it', async () => {
      expect(await consume(11, { quota: 10 })).toBe(false);
      expect(await consume(10, { quota: 10 })).toBe(true);
    });

    test('each period and each organisation has its own count', async () => {
      expect(await consume(10, { quota: 10 })).toBe(true);
      expect(await consume(10, { quota: 10, period: '2026-12' })).toBe(true);
      expect(await consume(10, { quota: 10, orgId: ORG_B })).toBe(true);
      expect(await consume(1, { quota: 10, period: '2026-12' })).toBe(false);
    });

    test('a raised quota lets the count go on from where it was', async () => {
      expect(await consume(10, { quota: 10 })).toBe(true);
      expect(await consume(5, { quota: 20 })).toBe(true);
      expect(await consume(6, { quota: 20 })).toBe(false);
    });
  });
}
