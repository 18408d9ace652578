// The per-organisation limit of summary batches' model calls, on both stores: however many of an
// organisation's batches run at once on an instance, at most 4 of their model calls are in flight
// together, while another organisation's batch has its own 4. The limit is per instance
// (docs/server.md#summary-batches).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

/** The default limit of an organisation's summary batch model calls on one instance. */
const LIMIT = 4;
/** Sessions of each batch: two chunks of 8, each more than the limit. */
const PER_BATCH = 16;
/**
 * How long the model takes to answer: long enough for the calls of a chunk to overlap, and
 * different from call to call, so that calls started together do not end together: a call taking
 * a freed place then starts while others are still in flight (with one answer time for all, the
 * calls of a batch ended within a millisecond of each other, before the next batch's call could
 * arrive, and the two batches seldom overlapped under load).
 */
const answerMs = (session: number) => 80 + (session % 4) * 25;

const fixture = (org: string, n: number) =>
  JSON.stringify({
    id: `visitor-${n}:s-${n}`,
    user: { uid: `shopper-${n}` },
    events: [{ type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: `https://${org}.example/checkout/${n}` }],
  });

describe.each(STORE_KINDS)('the model calls of summary batches (%s)', (store) => {
  let standIn: GeminiStandIn;
  let server: ServerHarness;
  /** Model calls in flight now, and at most, per organisation (named by the host in the prompt). */
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  let peakTotal = 0;
  /** Batches (numbered by their sessions) with calls in flight now, and at most, of acme. */
  const acmeBatches = new Map<number, number>();
  let peakAcmeBatches = 0;

  beforeAll(async () => {
    standIn = await startGeminiStandIn({
      handler: async (request) => {
        if (!request.path.includes(':generateContent')) return undefined;
        const [, org = 'unknown', number = '0'] = /https:\/\/(acme|globex)\.example\/checkout\/(\d+)/.exec(request.body?.contents?.[0]?.parts?.[0]?.text ?? '') ?? [];
        const batch = Math.floor(Number(number) / PER_BATCH);
        inFlight.set(org, (inFlight.get(org) ?? 0) + 1);
        peak.set(org, Math.max(peak.get(org) ?? 0, inFlight.get(org) ?? 0));
        peakTotal = Math.max(peakTotal, [...inFlight.values()].reduce((sum, count) => sum + count, 0));
        if (org === 'acme') {
          acmeBatches.set(batch, (acmeBatches.get(batch) ?? 0) + 1);
          peakAcmeBatches = Math.max(peakAcmeBatches, [...acmeBatches.values()].filter((count) => count > 0).length);
        }
        await new Promise((resolve) => setTimeout(resolve, answerMs(Number(number))));
        inFlight.set(org, (inFlight.get(org) ?? 1) - 1);
        if (org === 'acme') acmeBatches.set(batch, (acmeBatches.get(batch) ?? 1) - 1);
        return undefined;
      },
    });
    server = await createServerHarness({
      store,
      runJobs: false,
      summaryCache: false,
      // The instance's overall model limit leaves room for both organisations' limits.
      modelConcurrency: 4 * LIMIT,
      models: { provider: 'gemini', baseUrl: standIn.url, env: { GEMINI_API_KEY: 'stand-in' }, retry: { retries: 0, baseDelayMs: 0 } },
    });
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  it("keeps an organisation's calls at 4 at once on an instance across its batches, and another organisation's apart", async () => {
    const submit = async (org: 'acme' | 'globex', batch: number) => {
      const key = server.keys[org].architect;
      const ids: string[] = [];
      for (let n = 0; n < PER_BATCH; n++) {
        const number = batch * PER_BATCH + n;
        ids.push((await importSession(server.stores[server.orgs[org].dataCenter], server.orgs[org], fixture(org, number), { source: `s${number}.json`, now: server.clock.now })).id);
      }
      const profile = (await server.request('POST', '/v2/visit_profile', { key, body: { name: `Batch ${batch}`, llm: { pre_prompt: 'Summarise.' } } })).body.id as string;
      const submitted = await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profile}`, { key, body: { session_ids: ids } });
      expect(submitted.status).toBe(202);
      return { key, id: submitted.body.operation.id as string };
    };
    const batches = [await submit('acme', 0), await submit('acme', 1), await submit('globex', 2)];
    server.jobs.start();
    await server.jobs.idle();
    for (const { key, id } of batches) {
      expect((await server.request('GET', `/v2/operations/${id}`, { key })).body).toMatchObject({ status: 'COMPLETED', result: { summarized: PER_BATCH, failed: 0 } });
    }
    expect(standIn.requests.filter((request) => request.path.includes(':generateContent'))).toHaveLength(3 * PER_BATCH);
    // Each organisation reached its limit and never passed it; together they passed it (one
    // organisation's calls do not wait for another's).
    expect(Object.fromEntries(peak)).toEqual({ acme: LIMIT, globex: LIMIT });
    expect(peakTotal).toBeGreaterThan(LIMIT);
    // On PostgreSQL an instance works on two jobs at once: acme's two batches ran together and
    // shared its limit (on SQLite, one job at a time, each chunk of 8 still waits for it).
    expect(peakAcmeBatches).toBe(store === 'postgres' ? 2 : 1);
  });
});
