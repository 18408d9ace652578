// Contract: organisations (unique names) and API keys.

import { describe, expect, test } from 'vitest';
import { StoreConflictError, type DataCenterStore } from '../store.js';
import { apiKey, at, organisation, ORG_A, ORG_B } from './store-fixtures.js';

export function describeOrganisationContract(store: () => DataCenterStore): void {
  describe('organisations', () => {
    test('an organisation is found by id and by name, field for field', async () => {
      const record = organisation('org-c', { name: 'Globex', dataCenter: 'eu1', serverEventQuota: 1_000_000, createdAt: at(5) });
      await store().transaction((writer) => writer.createOrganisation(record));
      expect(await store().findOrganisation('org-c')).toEqual(record);
      expect(await store().findOrganisationByName('Globex')).toEqual(record);
      expect(await store().findOrganisation('missing')).toBeUndefined();
      expect(await store().findOrganisationByName('globex')).toBeUndefined();
    });

    test('a second organisation with a taken name is refused with StoreConflictError, and the transaction goes on', async () => {
      const outcome = await store().transaction(async (writer) => {
        const error = await writer.createOrganisation(organisation('org-c', { name: 'name of org-a' })).catch((caught: unknown) => caught);
        await writer.createOrganisation(organisation('org-d', { name: 'Initech' }));
        return error;
      });
      expect(outcome).toBeInstanceOf(StoreConflictError);
      expect(outcome).toMatchObject({ code: 'conflict' });
      expect(await store().findOrganisation('org-c')).toBeUndefined();
      expect(await store().findOrganisationByName('Initech')).toMatchObject({ id: 'org-d' });
    });

    test('organisations are listed oldest first', async () => {
      await store().transaction((writer) => writer.createOrganisation(organisation('org-0', { createdAt: at(-1) })));
      expect((await store().listOrganisations()).map((record) => record.id)).toEqual(['org-0', ORG_A, ORG_B]);
    });
  });

  describe('API keys', () => {
    test('a key is found by id and listed with its organisation only', async () => {
      const first = apiKey('key-1', { level: 'admin' });
      const second = apiKey('key-2', { createdAt: at(2), updatedAt: at(2) });
      await store().transaction(async (writer) => {
        await writer.createApiKey(second);
        await writer.createApiKey(first);
        await writer.createApiKey(apiKey('key-3', { orgId: ORG_B }));
      });
      expect(await store().findApiKey('key-1')).toEqual(first);
      expect(await store().listApiKeys(ORG_A)).toEqual([first, second]);
      expect((await store().listApiKeys(ORG_B)).map((key) => key.id)).toEqual(['key-3']);
    });

    test('a key id used twice is refused with StoreConflictError', async () => {
      await store().transaction((writer) => writer.createApiKey(apiKey('key-1')));
      await expect(store().transaction((writer) => writer.createApiKey(apiKey('key-1', { orgId: ORG_B })))).rejects.toBeInstanceOf(StoreConflictError);
    });

    test('updating a key changes only the fields given, and only in its organisation', async () => {
      await store().transaction((writer) => writer.createApiKey(apiKey('key-1', { name: 'ci', level: 'standard' })));
      const renamed = await store().transaction((writer) => writer.updateApiKey(ORG_A, 'key-1', { name: 'deploy', updatedAt: at(9) }));
      expect(renamed).toMatchObject({ id: 'key-1', name: 'deploy', level: 'standard', updatedAt: at(9), createdAt: at(1) });
      const promoted = await store().transaction((writer) => writer.updateApiKey(ORG_A, 'key-1', { level: 'architect', updatedAt: at(10) }));
      expect(promoted).toMatchObject({ name: 'deploy', level: 'architect', updatedAt: at(10) });
      expect(await store().findApiKey('key-1')).toEqual(promoted);
      expect(await store().transaction((writer) => writer.updateApiKey(ORG_B, 'key-1', { name: 'stolen', updatedAt: at(11) }))).toBeUndefined();
      expect(await store().transaction((writer) => writer.updateApiKey(ORG_A, 'missing', { name: 'x', updatedAt: at(11) }))).toBeUndefined();
      expect(await store().findApiKey('key-1')).toMatchObject({ name: 'deploy' });
    });

    test('a revoked key keeps its first revocation time; a deleted key is gone; both only in their organisation', async () => {
      await store().transaction(async (writer) => {
        await writer.createApiKey(apiKey('key-1'));
        await writer.createApiKey(apiKey('key-2'));
      });
      expect(await store().transaction((writer) => writer.revokeApiKey(ORG_B, 'key-1', at(5)))).toBeUndefined();
      expect(await store().transaction((writer) => writer.revokeApiKey(ORG_A, 'key-1', at(5)))).toMatchObject({ id: 'key-1', revokedAt: at(5) });
      expect(await store().transaction((writer) => writer.revokeApiKey(ORG_A, 'key-1', at(6)))).toMatchObject({ revokedAt: at(5) });
      expect(await store().findApiKey('key-1')).toMatchObject({ revokedAt: at(5) });
      expect(await store().transaction((writer) => writer.deleteApiKey(ORG_B, 'key-2'))).toBe(false);
      expect(await store().transaction((writer) => writer.deleteApiKey(ORG_A, 'key-2'))).toBe(true);
      expect(await store().findApiKey('key-2')).toBeUndefined();
      expect((await store().listApiKeys(ORG_A)).map((key) => key.id)).toEqual(['key-1']);
      expect(await store().transaction((writer) => writer.deleteApiKey(ORG_A, 'key-2'))).toBe(false);
    });

    test("a key's last use is recorded, but not again within the resolution", async () => {
      await store().transaction((writer) => writer.createApiKey(apiKey('key-1')));
      await store().transaction((writer) => writer.touchApiKey('key-1', at(100), at(40)));
      expect(await store().findApiKey('key-1')).toMatchObject({ lastUsedAt: at(100) });
      await store().transaction((writer) => writer.touchApiKey('key-1', at(130), at(70)));
      expect(await store().findApiKey('key-1')).toMatchObject({ lastUsedAt: at(100) });
      await store().transaction((writer) => writer.touchApiKey('key-1', at(170), at(110)));
      expect(await store().findApiKey('key-1')).toMatchObject({ lastUsedAt: at(170) });
    });
  });
}
