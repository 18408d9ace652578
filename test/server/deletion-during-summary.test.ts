// A user deleted while the model answers about one of its sessions: the answer reaches the request
// that asked (it was under way), but nothing of it is kept. The summary is not cached (the session
// is gone when the answer would be written), and a summary batch's line for that session is the
// line a deletion leaves, not the summary.

import { afterEach, describe, expect, it } from 'vitest';
import { createModel } from '../../src/models/create-model.js';
import type { SummaryModel } from '../../src/models/summary-model.js';
import { parseProfile } from '../../src/profile/parse-profile.js';
import { orgPrivacy } from '../../src/server/privacy/org-privacy.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { loadServerSession, SessionCache } from '../../src/server/sessions/load-server-session.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

const fixture = JSON.stringify({
  id: 'visitor-1:s-1',
  user: { uid: 'canary-shopper' },
  events: [
    { type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/checkout' },
    { type: 'rage-click', timestamp: '2026-11-20T10:00:05.000Z', target: { selector: 'button#pay', text: 'Pay' }, count: 4 },
  ],
});

/** The extractive model, which first runs `beforeAnswer` (once) on every call. */
function modelDeletingFirst(beforeAnswer: { run?: () => Promise<void> }) {
  return async (settings: Parameters<typeof createModel>[0]): Promise<SummaryModel> => {
    const inner = await createModel(settings);
    return {
      provider: inner.provider,
      model: inner.model,
      kind: inner.kind,
      async generate(request) {
        const run = beforeAnswer.run;
        beforeAnswer.run = undefined;
        await run?.();
        return inner.generate(request);
      },
    };
  };
}

/** Deletes the user `userId` to the end, each step in its own transaction (not waiting for the job runner, which may be busy with the caller). */
async function deleteUser(server: ServerHarness, userId: string): Promise<void> {
  const deletion = await server.request('DELETE', `/v2/users/${encodeURIComponent(userId)}`, { key: server.keys.acme.architect });
  expect(deletion.status).toBe(202);
  while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(server.orgs.acme.id, deletion.body.job.id as string))));
}

describe('a user deleted while the model answers about its session', () => {
  let server: ServerHarness | undefined;
  afterEach(async () => server?.close());

  it('gets its answer to the request under way, and no summary of the session is cached', async () => {
    const hook: { run?: () => Promise<void> } = {};
    server = await createServerHarness({ models: { provider: 'extractive', env: {}, create: modelDeletingFirst(hook) }, summaryCache: true });
    const harness = server;
    const imported = await importSession(harness.stores.na1, harness.orgs.acme, fixture, { source: 'session.json', now: harness.clock.now });
    const loaded = await loadServerSession(harness.stores.na1, harness.orgs.acme.id, imported.id, new SessionCache(1));
    if (loaded === undefined) throw new Error('the imported session is not found');
    const request = {
      store: harness.stores.na1,
      orgId: harness.orgs.acme.id,
      session: loaded.session,
      sessionVersion: loaded.version,
      profile: parseProfile('llm:\n  pre_prompt: Summarise the session.\n'),
      profileKey: { id: 'inline' },
      privacy: await orgPrivacy(harness.stores.na1, harness.orgs.acme.id),
      now: harness.clock.now,
    };
    // The control: a summary asked again is served from the cache.
    const control = await harness.deps.summaries.summarize(request);
    expect([control.cached, (await harness.deps.summaries.summarize(request)).cached]).toEqual([false, true]);

    const userId = (await harness.stores.na1.findSessionInfo(harness.orgs.acme.id, imported.id))?.userId ?? '';
    hook.run = () => deleteUser(harness, userId);
    const during = await harness.deps.summaries.summarize({ ...request, profileKey: { id: 'inline', edit: 2 } });
    expect(during.cached).toBe(false);
    expect(await harness.stores.na1.findSessionInfo(harness.orgs.acme.id, imported.id)).toBeUndefined();
    // Asked again (the same key), the model is asked again: nothing was kept.
    expect((await harness.deps.summaries.summarize({ ...request, profileKey: { id: 'inline', edit: 2 } })).cached).toBe(false);
  });

  it("a summary batch's line for that session is the deleted line, and the batch's other lines are kept", async () => {
    const hook: { run?: () => Promise<void> } = {};
    server = await createServerHarness({ models: { provider: 'extractive', env: {}, create: modelDeletingFirst(hook) }, modelConcurrency: 1 });
    const harness = server;
    const key = harness.keys.acme.architect;
    const doomed = await importSession(harness.stores.na1, harness.orgs.acme, fixture, { source: 'doomed.json', now: harness.clock.now });
    const kept = await importSession(harness.stores.na1, harness.orgs.acme, fixture.replace('visitor-1:s-1', 'visitor-2:s-2').replace('canary-shopper', 'other-shopper'), { source: 'kept.json', now: harness.clock.now });
    const userId = (await harness.stores.na1.findSessionInfo(harness.orgs.acme.id, doomed.id))?.userId ?? '';
    hook.run = () => deleteUser(harness, userId);
    const profileId = (await harness.request('POST', '/v2/visit_profile', { key, body: { name: 'Batch', llm: { pre_prompt: 'Summarise the session.' } } })).body.id as string;
    const submitted = await harness.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [doomed.id, kept.id] } });
    expect(submitted.status).toBe(202);
    await harness.jobs.idle();
    const page = await harness.request('GET', `/v2/operations/${submitted.body.operation.id}/results`, { key });
    expect(page.status).toBe(200);
    const lines = JSON.stringify(page.body);
    expect(lines).not.toContain('canary-shopper');
    expect(lines).not.toContain(userId);
    expect(page.body.results).toHaveLength(2);
    expect(page.body.results[0]).toMatchObject({ error: { code: 'deleted' } });
    expect(page.body.results[1]).toMatchObject({ session_id: kept.id, result: { summary: expect.any(String) } });
  });
});
