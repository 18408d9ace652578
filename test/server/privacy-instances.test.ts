// Privacy across real `recap serve` processes on one PostgreSQL database: rules put on one
// instance apply to the next context rendered on another, and a user deletion whose instance is
// killed with SIGKILL mid-way is taken over and finished by another, deleting every event once.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { openStores } from '../../src/server/store/open-stores.js';
import { startServe, waitFor, type ServeProcess } from '../support/serve-processes.js';
import { throwawayPostgres } from '../support/throwaway-postgres.js';

const LEASE_ARGS = ['--job-lease-ms', '2000'];
const DOOMED_EVENTS = 60_000;
const PER_BATCH = 20_000;

const session = JSON.stringify({
  id: 'shopper:s-1',
  user: { uid: 'shopper', email: 'canary.multi@example.org' },
  events: [{ type: 'console-error', timestamp: '2026-11-20T10:00:00.000Z', message: 'mail to canary.multi@example.org bounced' }],
});

async function call(url: string, key: string, method: string, target: string, body?: unknown) {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('privacy on several recap serve processes and one PostgreSQL database', () => {
  const postgres = throwawayPostgres('privacy_instances');
  const running: ServeProcess[] = [];
  let cwd: string;
  let key: string;
  let sessionId: string;
  beforeAll(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'recap-privacy-instances-'));
    const stores = await openStores({ dataDir: path.join(cwd, '.recap/data'), env: postgres.env });
    try {
      const org = await createOrganisation(stores, { name: 'acme', dataCenter: 'na1', serverEventQuota: null, now: new Date() });
      key = (await createKey(stores, { orgName: 'acme', name: 'admin', level: 'admin', now: new Date() })).key;
      sessionId = (await importSession(stores.na1, org, session, { source: 'session.json', now: new Date() })).id;
    } finally {
      await Promise.all(Object.values(stores).map((store) => store.close()));
    }
  });
  afterAll(async () => {
    await Promise.all(running.map((instance) => instance.crash()));
    await postgres.drop();
  });

  const start = async () => {
    const instance = await startServe({ cwd, env: postgres.env, args: LEASE_ARGS });
    running.push(instance);
    return instance;
  };

  it('applies rules put on one instance to the next context another renders', async () => {
    const [first, second] = [await start(), await start()] as [ServeProcess, ServeProcess];
    const profile = (await call(first.url, key, 'POST', '/v2/visit_profile', { llm: { pre_prompt: 'Summarise.' } })).body.id as string;
    const context = async (instance: ServeProcess) =>
      (await call(instance.url, key, 'POST', `/v2/sessions/${encodeURIComponent(sessionId)}/context?config_profile=${profile}`)).body.prompt as string;
    expect(await context(second)).toContain('canary.multi@example.org');
    expect((await call(first.url, key, 'PUT', '/v2/settings/privacy', { presets: ['email'] })).status).toBe(200);
    expect(await context(second)).not.toContain('canary.multi@example.org');
    expect((await call(second.url, key, 'PUT', '/v2/settings/privacy', {})).status).toBe(200);
    expect(await context(first)).toContain('canary.multi@example.org');
  });

  it('finishes a deletion on another instance after the one running it is killed mid-way', async () => {
    const [first] = running as [ServeProcess, ServeProcess];
    for (let start = 0; start < DOOMED_EVENTS; start += PER_BATCH) {
      const requests = Array.from({ length: PER_BATCH }, (_, index) => ({ name: 'Doomed', user: { uid: 'doomed' }, properties: { seq: start + index } }));
      expect((await call(first.url, key, 'POST', '/v2/events/batch', { requests })).status).toBe(202);
    }
    await call(first.url, key, 'POST', '/v2/events', { name: 'Kept', user: { uid: 'survivor' }, properties: { note: 'still here' } });
    const doomed = await waitFor(async () => {
      const user = await call(first.url, key, 'GET', '/v2/users?uid=doomed');
      return user.status === 200 ? (user.body.id as string) : undefined;
    }, 'the doomed user');
    // Only one instance runs jobs while the batches finish and the deletion starts: then it is the one killed.
    await (running.pop() as ServeProcess).stop();
    const stores = await openStores({ dataDir: path.join(cwd, '.recap/data'), env: postgres.env });
    try {
      const countDoomed = async () => {
        let count = 0;
        let after: string | null = null;
        do {
          const page = await stores.na1.listEvents((await stores.na1.findOrganisationByName('acme'))?.id ?? '', { after, limit: 5000 });
          count += page.items.filter((event) => event.name === 'Doomed').length;
          after = page.next;
        } while (after !== null);
        return count;
      };
      await waitFor(async () => ((await countDoomed()) === DOOMED_EVENTS ? true : undefined), 'every doomed event stored', 120_000, 500);

      const accepted = await call(first.url, key, 'DELETE', `/v2/users/${doomed}`);
      expect(accepted.status).toBe(202);
      const job = accepted.body.job.id as string;
      await waitFor(async () => ((await call(first.url, key, 'GET', `/v2/users/deletions/${job}`)).body.events_deleted > 0 ? true : undefined), 'a first step of the deletion', 60_000, 5);
      await first.crash();
      running.splice(running.indexOf(first), 1);
      const left = await countDoomed();
      expect(left, 'the deletion was killed mid-way').toBeGreaterThan(0);
      expect(left).toBeLessThan(DOOMED_EVENTS);

      const second = await start();
      const done = await waitFor(async () => {
        const status = await call(second.url, key, 'GET', `/v2/users/deletions/${job}`);
        return status.body.job.status === 'PROCESSING' ? undefined : status.body;
      }, 'the deletion to finish on another instance');
      expect(done).toEqual({ job: { id: job, status: 'COMPLETED', created: expect.any(String), finished: expect.any(String) }, events_deleted: DOOMED_EVENTS });
      expect(await countDoomed()).toBe(0);
      expect((await call(second.url, key, 'GET', '/v2/users?uid=doomed')).status).toBe(404);
      expect((await call(second.url, key, 'GET', '/v2/users?uid=survivor')).status).toBe(200);
    } finally {
      await Promise.all(Object.values(stores).map((store) => store.close()));
    }
  });
});
