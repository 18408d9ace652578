// A summary batch whose first session's user is deleted before the batch is summarised: the first
// item holds the batch's profile beside its session, and the deletion replaces only the session.
// The line of that session is the line a deletion leaves; every other session is summarised (the
// profile went with the session before, and every other line was "the batch lost its profile").

import { afterEach, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
afterEach(async () => {
  await server?.close();
});

const fixture = (uid: string, n: number) =>
  JSON.stringify({
    id: `${uid}:s-${n}`,
    user: { uid },
    events: [{ type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: `https://shop.example/p/${n}`, title: `page ${n}` }],
  });

describe('a summary batch whose first session belongs to a deleted user', () => {
  it('summarises its other sessions with the profile the first item held', async () => {
    server = await createServerHarness({ runJobs: false });
    const key = server.keys.acme.architect;
    const orgId = server.orgs.acme.id;
    const gone = await importSession(server.stores.na1, server.orgs.acme, fixture('gone', 1), { source: 'gone.json', now: server.clock.now });
    const kept = await importSession(server.stores.na1, server.orgs.acme, fixture('kept', 2), { source: 'kept.json', now: server.clock.now });
    const profile = (await server.request('POST', '/v2/visit_profile', { key, body: { name: 'Plain' } })).body.id as string;
    const submitted = await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profile}`, { key, body: { session_ids: [gone.id, kept.id] } });
    expect(submitted.status).toBe(202);
    const batch = submitted.body.operation.id as string;

    const goneId = gone.id.slice(0, gone.id.indexOf(':'));
    const deletion = (await server.request('DELETE', `/v2/users/${goneId}`, { key })).body.job.id as string;
    while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(orgId, deletion))));
    server.jobs.start();
    await server.jobs.idle();

    const operation = (await server.request('GET', `/v2/operations/${batch}`, { key })).body;
    expect(operation).toMatchObject({ status: 'COMPLETED', progress: { done: 2, total: 2, failed: 1 } });
    const lines = (await server.request('GET', `/v2/operations/${batch}/results`, { key })).body.results;
    expect(lines[0]).toMatchObject({ file: '[deleted] item 0', error: { code: 'deleted' } });
    expect(lines[1]).toMatchObject({ session_id: kept.id });
    expect(lines[1].result.summary).toEqual(expect.any(String));
    expect(JSON.stringify(lines)).not.toContain(goneId);
  });
});
