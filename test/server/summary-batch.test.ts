// POST /v2/sessions/summary/batch on both stores: an operation whose results are one line per
// session (the shape of recap run --output's lines), duplicates summarised once, unknown sessions
// named, the model's 429s retried, a crash between the answers and the commit answered from the
// operation's cache rather than asked again.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createConcurrencyLimit } from '../../src/server/summaries/concurrency-limit.js';
import { summarizeBatchItems } from '../../src/server/summaries/summary-batch.js';
import { geminiError, startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

const fixture = (n: number) =>
  JSON.stringify({
    id: `visitor-${n}:s-${n}`,
    user: { uid: `shopper-${n}` },
    events: [
      { type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/checkout' },
      { type: 'rage-click', timestamp: '2026-11-20T10:00:05.000Z', target: { selector: 'button#pay', text: 'Pay' }, count: 4 },
    ],
  });

const profile = { name: 'Batch', llm: { pre_prompt: 'Summarise the session.' } };

describe.each(STORE_KINDS)('summary batches (%s)', (store) => {
  let standIn: GeminiStandIn;
  let server: ServerHarness;
  let key: string;
  let profileId: string;
  let sessionIds: string[];
  beforeAll(async () => {
    standIn = await startGeminiStandIn();
    server = await createServerHarness({
      store,
      runJobs: false,
      summaryCache: false,
      summaryRetryDelaysMs: [0, 0, 0],
      models: { provider: 'gemini', baseUrl: standIn.url, env: { GEMINI_API_KEY: 'stand-in' }, retry: { retries: 1, baseDelayMs: 0 } },
    });
    key = server.keys.acme.architect;
    sessionIds = [];
    for (const n of [1, 2, 3]) sessionIds.push((await importSession(server.stores.na1, server.orgs.acme, fixture(n), { source: `s${n}.json`, now: server.clock.now })).id);
    profileId = (await server.request('POST', '/v2/visit_profile', { key, body: profile })).body.id as string;
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  const generateCalls = () => standIn.requests.filter((request) => request.path.includes(':generateContent')).length;

  it('says what is wrong with a body of neither form, both, or too many ids', async () => {
    const submit = (body: unknown) => server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body });
    const tooMany = await submit({ session_ids: Array.from({ length: 10_001 }, (_, index) => `u-1:s-${index}`) });
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'invalid_request', details: [{ path: 'session_ids', message: 'allows at most 10000 item(s)' }] } });
    expect((await submit({})).body.details).toEqual([{ path: 'body', message: 'give either session_ids or search' }]);
    expect((await submit({ session_ids: sessionIds, search: {} })).body.details).toEqual([{ path: 'body', message: 'give either session_ids or search, not both' }]);
    expect((await submit({ search: { limit: 5 } })).body.details).toEqual([{ path: 'search.limit', message: 'unknown field' }]);
  });

  it('summarises each named session once and answers its lines as results', async () => {
    const before = generateCalls();
    const submitted = await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [sessionIds[0], sessionIds[1], sessionIds[0], 'nobody:s-0'] } });
    expect(submitted.status).toBe(202);
    const operation = submitted.body.operation;
    expect(operation).toMatchObject({ kind: 'summary_batch', status: 'PENDING', progress: { done: 0, total: 3, failed: 0 } });
    server.jobs.start();
    await server.jobs.idle();
    const done = await server.request('GET', `/v2/operations/${operation.id}`, { key });
    expect(done.body).toMatchObject({ status: 'COMPLETED', progress: { done: 3, total: 3, failed: 1 }, result: { summarized: 2, failed: 1 } });
    const results = (await server.request('GET', `/v2/operations/${operation.id}/results`, { key })).body.results;
    expect(results).toEqual([
      expect.objectContaining({ session_id: sessionIds[0], file: sessionIds[0], app_url: expect.stringContaining('/session/'), result: { summary: expect.any(String) }, tokens: expect.objectContaining({ total: expect.any(Number) }), model: 'gemini-2.5-flash', ms: expect.any(Number), cached: false }),
      expect.objectContaining({ session_id: sessionIds[1], result: { summary: expect.any(String) } }),
      { session_id: 'nobody:s-0', file: 'nobody:s-0', error: { code: 'not_found', message: 'no session nobody:s-0' }, run: results[0].run },
    ]);
    expect(results[0].grounding).toMatchObject({ score: expect.any(Number) });
    // What made each line, as the CLI's lines say it: the profile as submitted, and no privacy rules.
    const run = { profile: profileId, profile_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), provider: 'gemini', model: 'gemini-2.5-flash', privacy_sha256: null };
    for (const line of results) expect(line.run).toEqual(run);
    expect(generateCalls() - before).toBe(2);

    // Rules put since apply to the next items, and their lines name them.
    expect((await server.request('PUT', '/v2/settings/privacy', { key, body: { presets: ['email'] } })).status).toBe(200);
    const next = (await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [sessionIds[0]] } })).body.operation;
    await server.jobs.idle();
    const [line] = (await server.request('GET', `/v2/operations/${next.id}/results`, { key })).body.results;
    expect(line.run).toEqual({ ...run, profile_sha256: results[0].run.profile_sha256, privacy_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await server.request('PUT', '/v2/settings/privacy', { key, body: {} })).status).toBe(200);
    await server.jobs.stop();
  });

  it('summarises a session named by its old id (its user was merged) and by its new one once, under its new id', async () => {
    const fresh = await createServerHarness({ store, summaryCache: false, models: { provider: 'gemini', baseUrl: standIn.url, env: { GEMINI_API_KEY: 'stand-in' }, retry: { retries: 0, baseDelayMs: 0 } } });
    try {
      const architect = fresh.keys.acme.architect;
      await fresh.request('POST', '/v2/users', { key: architect, body: { uid: 'shopper-known' } });
      const anonymous = JSON.stringify({ id: 'visitor-8:s-8', events: JSON.parse(fixture(8)).events });
      const oldId = (await importSession(fresh.stores.na1, fresh.orgs.acme, anonymous, { source: 's8.json', now: fresh.clock.now })).id;
      // Identifying the anonymous visitor as a known uid merges it, with its session, into that user.
      await fresh.request('POST', '/v2/users', { key: architect, body: { id: oldId.split(':')[0], uid: 'shopper-known' } });
      const newId = (await fresh.request('GET', '/v2/sessions?uid=shopper-known', { key: architect })).body.results[0].id as string;
      expect(newId).not.toBe(oldId);
      const profile8 = (await fresh.request('POST', '/v2/visit_profile', { key: architect, body: profile })).body.id as string;
      const submitted = await fresh.request('POST', `/v2/sessions/summary/batch?config_profile=${profile8}`, { key: architect, body: { session_ids: [oldId, newId] } });
      expect(submitted.body.operation.progress).toEqual({ done: 0, total: 1, failed: 0 });
      await fresh.jobs.idle();
      const results = (await fresh.request('GET', `/v2/operations/${submitted.body.operation.id}/results`, { key: architect })).body.results;
      expect(results).toEqual([expect.objectContaining({ session_id: newId, result: { summary: expect.any(String) } })]);
    } finally {
      await fresh.close();
    }
  });

  /**
   * One session summarised in a batch of its own on a server whose adapter retries once and whose
   * batch tries an item again at once, after the stand-in was given `answers`: the item's result
   * lines and how many model calls the batch made.
   */
  async function batchOfOne(n: number, answers: ReturnType<typeof geminiError>[]): Promise<{ id: string; results: unknown; calls: number }> {
    const fresh = await createServerHarness({
      store,
      summaryCache: false,
      summaryRetryDelaysMs: [0, 0, 0],
      models: { provider: 'gemini', baseUrl: standIn.url, env: { GEMINI_API_KEY: 'stand-in' }, retry: { retries: 1, baseDelayMs: 0 } },
    });
    try {
      const id = (await importSession(fresh.stores.na1, fresh.orgs.acme, fixture(n), { source: `s${n}.json`, now: fresh.clock.now })).id;
      const profileId = (await fresh.request('POST', '/v2/visit_profile', { key: fresh.keys.acme.architect, body: profile })).body.id as string;
      standIn.enqueue(...answers);
      const before = generateCalls();
      const submitted = await fresh.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key: fresh.keys.acme.architect, body: { session_ids: [id] } });
      await fresh.jobs.idle();
      const results = (await fresh.request('GET', `/v2/operations/${submitted.body.operation.id}/results`, { key: fresh.keys.acme.architect })).body.results;
      return { id, results, calls: generateCalls() - before };
    } finally {
      await fresh.close();
    }
  }

  it("retries a session the model keeps answering 429, after the adapter's own retries", async () => {
    // Four 429s: two calls of the adapter (one retry each) fail, the third item attempt succeeds.
    const { id, results } = await batchOfOne(9, Array.from({ length: 4 }, () => geminiError(429, 'Resource has been exhausted (e.g. check quota).', { headers: { 'retry-after': '0' } })));
    expect(results).toEqual([expect.objectContaining({ session_id: id, result: { summary: expect.any(String) } })]);
  });

  it('does not try a session again when the model asked for a longer wait than the adapter waits (a spent daily quota)', async () => {
    const quota = geminiError(429, 'Quota exceeded for generate_content_free_tier_requests.', { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3600s' }] });
    // One answer only: a try again would get the stand-in's summary.
    const { id, results, calls } = await batchOfOne(10, [quota]);
    expect(calls).toBe(1);
    expect(results).toEqual([expect.objectContaining({ session_id: id, error: expect.objectContaining({ code: 'model_error', message: expect.stringContaining('(not retried: the server asked to wait 3,600 s') }) })]);
  });

  it('answers a chunk run again after a crash from the operation cache, not from the model', async () => {
    const fresh = await createServerHarness({
      store,
      runJobs: false,
      summaryCache: false,
      models: { provider: 'gemini', baseUrl: standIn.url, env: { GEMINI_API_KEY: 'stand-in' } },
    });
    try {
      const ids: string[] = [];
      for (const n of [4, 5]) ids.push((await importSession(fresh.stores.na1, fresh.orgs.acme, fixture(n), { source: `s${n}.json`, now: fresh.clock.now })).id);
      const profileB = (await fresh.request('POST', '/v2/visit_profile', { key: fresh.keys.acme.architect, body: profile })).body.id as string;
      const submitted = await fresh.request('POST', `/v2/sessions/summary/batch?config_profile=${profileB}`, { key: fresh.keys.acme.architect, body: { session_ids: ids } });
      const operation = submitted.body.operation.id as string;
      const job = await fresh.stores.na1.findJob(fresh.orgs.acme.id, operation);
      if (job === undefined) throw new Error('no job');
      const items = await fresh.stores.na1.readJobItems(operation, 0, 2);
      const context = { deps: fresh.deps, store: fresh.stores.na1, limit: createConcurrencyLimit(2), signal: new AbortController().signal };
      const before = generateCalls();
      // An instance summarises the chunk, then dies before committing it: nothing is recorded.
      const first = await summarizeBatchItems(context, job, items, 0);
      expect(first.map((entry) => (entry.result as { cached: boolean }).cached)).toEqual([false, false]);
      // The instance that takes the job over runs the chunk again: the answers come from the cache.
      fresh.jobs.start();
      await fresh.jobs.idle();
      expect(generateCalls() - before).toBe(2);
      const results = (await fresh.request('GET', `/v2/operations/${operation}/results`, { key: fresh.keys.acme.architect })).body.results;
      expect(results.map((line: { session_id: string; cached: boolean; result: unknown }) => [line.session_id, line.cached, line.result])).toEqual(
        first.map((entry) => [(entry.result as { session_id: string }).session_id, true, (entry.result as { result: unknown }).result]),
      );
    } finally {
      await fresh.close();
    }
  });
});
