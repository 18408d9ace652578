// Contract: an organisation's data is invisible through another organisation's id.

import { expect, test } from 'vitest';
import type { DataCenterStore } from '../store.js';
import { apiKey, at, event, job, ORG_A, ORG_B, profile, session, user } from './store-fixtures.js';

export function describeIsolationContract(store: () => DataCenterStore): void {
  test("every per-organisation read with another organisation's id returns nothing", async () => {
    await store().transaction(async (writer) => {
      await writer.createApiKey(apiKey('key-a'));
      await writer.insertUser(user('user-a', { uid: 'uid-a', email: 'a@example.com' }));
      await writer.insertSession(session('user-a:s1', { userId: 'user-a' }));
      await writer.insertEvents([event('event-a', { userId: 'user-a', sessionId: 'user-a:s1' })]);
      await writer.insertProfile(profile('profile-a'));
      await writer.createJob(job('job-a', { total: 1 }), [{ name: 'x' }]);
      await writer.putCachedSummary(ORG_A, { key: 'summary-a', value: 'cached', sessionId: 'session-1', now: at(1) });
    });
    const other = store();
    expect(await other.listApiKeys(ORG_B)).toEqual([]);
    expect(await other.findUser(ORG_B, 'user-a')).toBeUndefined();
    expect(await other.findUserByUid(ORG_B, 'uid-a')).toBeUndefined();
    expect(await other.findUserByEmail(ORG_B, 'a@example.com')).toBeUndefined();
    expect(await other.findSession(ORG_B, 'user-a:s1')).toBeUndefined();
    expect(await other.listSessionsForUser(ORG_B, 'user-a', 10)).toEqual([]);
    expect(await other.listSessionEvents(ORG_B, 'user-a:s1')).toEqual([]);
    expect(await other.listEvents(ORG_B, { limit: 10 })).toEqual({ items: [], next: null });
    expect(await other.findProfile(ORG_B, 'profile-a')).toBeUndefined();
    expect(await other.listProfiles(ORG_B, { limit: 10 })).toEqual({ items: [], next: null });
    expect(await other.findJob(ORG_B, 'job-a')).toBeUndefined();
    expect(await other.getCachedSummary(ORG_B, 'summary-a')).toBeUndefined();
    const locked = await other.transaction(async (writer) => [
      await writer.findUserForUpdate(ORG_B, 'user-a'),
      await writer.findUserByUidForUpdate(ORG_B, 'uid-a'),
      await writer.updateApiKey(ORG_B, 'key-a', { name: 'taken over', updatedAt: at(2) }),
      await writer.deleteProfile(ORG_B, 'profile-a'),
    ]);
    expect(locked).toEqual([undefined, undefined, undefined, false]);
    // Writes through the wrong organisation changed nothing either.
    await other.transaction(async (writer) => {
      await writer.updateUser(user('user-a', { orgId: ORG_B, uid: 'hijacked' }));
      await writer.updateProfile(profile('profile-a', { orgId: ORG_B, version: 9 }));
    });
    expect(await other.findUser(ORG_A, 'user-a')).toMatchObject({ uid: 'uid-a' });
    expect(await other.findProfile(ORG_A, 'profile-a')).toMatchObject({ version: 1 });
    expect(await other.findApiKey('key-a')).toMatchObject({ name: 'key key-a' });
  });
}
