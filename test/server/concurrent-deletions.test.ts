// A user deletion and the state of other jobs, on both stores: its scrub (which rewrites every job
// row that holds one of its user's identifiers as a JSON string) must not take the state of
// another deletion, nor of an export of events, for a row that names its user when the user's uid
// is an event name (one the other deletion keeps in its state, to release it later; one the
// export is of). And an export of a search whose position (a base64 page cursor, which no scrub of
// the text finds) stands at a session of the deleted user moves off it, exporting every other
// session once.

import { beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { exportStep, SESSIONS_PER_STEP } from '../../src/server/exports/export-step.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, STORE_KINDS } from '../support/server-harness.js';

describe.each(STORE_KINDS)('two user deletions at once (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });

  it("deletes each user, though one's uid is an event name the other's data used", async () => {
    const key = server.keys.acme.standard;
    const architect = server.keys.acme.architect;
    await server.request('POST', '/v2/events/batch', { key, body: { requests: [{ name: 'Signup', user: { uid: 'bea' } }] } });
    await server.request('POST', '/v2/users', { key, body: { uid: 'Signup' } });
    server.jobs.start();
    await server.jobs.idle();
    await server.jobs.stop();
    const idOf = async (uid: string) => (await server.request('GET', `/v2/users?uid=${uid}`, { key: architect })).body.id as string;
    const bea = await idOf('bea');
    const signup = await idOf('Signup');
    const deletionOf = async (id: string) => (await server.request('DELETE', `/v2/users/${id}`, { key: architect })).body.job.id as string;
    const step = (job: string) => server.stores.na1.transaction((writer) => writer.deleteUserDataStep(server.orgs.acme.id, job));
    // Bea's deletion deletes her event: its state now keeps the name "Signup" to release later.
    const beaDeletion = await deletionOf(bea);
    expect(await step(beaDeletion)).toBe(false);
    // The user whose uid is "Signup" is deleted meanwhile, to the end.
    const signupDeletion = await deletionOf(signup);
    while (!(await step(signupDeletion)));
    while (!(await step(beaDeletion)));
    for (const uid of ['bea', 'Signup']) expect((await server.request('GET', `/v2/users?uid=${uid}`, { key: architect })).status, uid).toBe(404);
    const status = await server.request('GET', `/v2/users/deletions/${beaDeletion}`, { key: architect });
    expect(status.body.events_deleted).toBe(1);
  });
});

describe.each(STORE_KINDS)('a user deletion during an export of events (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });

  it('leaves the export whole, though the deleted uid is the name of the events it exports', async () => {
    const architect = server.keys.acme.architect;
    for (const uid of ['bea', 'cas', 'dot']) {
      await server.request('POST', '/v2/events', { key: server.keys.acme.standard, body: { name: 'Signup', timestamp: '2026-11-21T09:00:00.000Z', user: { uid } } });
    }
    await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid: 'Signup' } });
    const exported = (await server.request('POST', '/v2/exports/events', { key: architect, body: { from: '2026-11-21T08:00:00Z', to: '2026-11-21T10:00:00Z', names: ['Signup'] } })).body.operation.id as string;
    const user = (await server.request('GET', '/v2/users?uid=Signup', { key: architect })).body.id as string;
    const deletion = (await server.request('DELETE', `/v2/users/${user}`, { key: architect })).body.job.id as string;
    while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(server.orgs.acme.id, deletion))));
    server.jobs.start();
    await server.jobs.idle();
    expect((await server.request('GET', `/v2/operations/${exported}`, { key: architect })).body).toMatchObject({ status: 'COMPLETED', result: { lines: 3 } });
    const response = await server.app.request(`/v2/exports/${exported}/download`, { headers: { authorization: `Basic ${architect}` } });
    const lines = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8').split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(3);
  });
});

describe.each(STORE_KINDS)('a user deletion during an export of a search (%s)', (store) => {
  let server: Awaited<ReturnType<typeof createServerHarness>>;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    return () => server.close();
  });

  it("moves the export's position off the deleted user's session, and exports every other session once", async () => {
    const architect = server.keys.acme.architect;
    // Sessions of one created time (the import's clock), so that the position is by id alone.
    const sessions = SESSIONS_PER_STEP + 10;
    for (let n = 0; n < sessions; n++) {
      const fixture = { id: `visitor-${String(n).padStart(3, '0')}:s-1`, user: { uid: `shopper-${n}` }, events: [{ type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/' }] };
      await importSession(server.stores.na1, server.orgs.acme, JSON.stringify(fixture), { source: `s${n}.json`, now: server.clock.now });
    }
    const exported = (await server.request('POST', '/v2/exports/search', { key: architect, body: { url_contains: 'shop' } })).body.operation.id as string;
    const job = await server.stores.na1.findJob(server.orgs.acme.id, exported);
    if (job === undefined) throw new Error('no export job');
    await server.stores.na1.transaction((writer) => exportStep(writer, job, server.deps));
    const positionOf = async () => {
      const [state] = (await server.stores.na1.transaction((writer) => writer.readJobItems(exported, 0, 1))) as [{ after: string }];
      return JSON.parse(Buffer.from(state.after, 'base64url').toString('utf8')) as string[];
    };
    // The page ended at a session: its user is deleted while the export is under way.
    const [, , at] = await positionOf();
    const user = (at ?? '').slice(0, (at ?? '').indexOf(':'));
    const deletion = (await server.request('DELETE', `/v2/users/${user}`, { key: architect })).body.job.id as string;
    while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(server.orgs.acme.id, deletion))));
    expect((await positionOf()).join(' ')).not.toContain(user);
    server.jobs.start();
    await server.jobs.idle();
    const response = await server.app.request(`/v2/exports/${exported}/download`, { headers: { authorization: `Basic ${architect}` } });
    const ids = gunzipSync(Buffer.from(await response.arrayBuffer()))
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toHaveLength(sessions - 1);
    expect(new Set(ids).size).toBe(sessions - 1);
    expect(ids.some((id) => id.startsWith(`${user}:`))).toBe(false);
  });
});
