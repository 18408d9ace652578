// Identical summary requests at the same moment: on one instance they share one model call; on
// several instances (services over one store) one asks the model and the others wait for its
// answer in the cache; when that call fails, a waiting instance asks in turn. A request whose
// shared call was abandoned by the request that made it asks again.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app/create-app.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createModelSource } from '../../src/server/summaries/create-model-source.js';
import { createSummaryService } from '../../src/server/summaries/summary-service.js';
import { parseSession } from '../../src/session/parse-session.js';
import { geminiError, startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, STORE_KINDS, type ServerHarness, type StoreKind } from '../support/server-harness.js';

const checkout = readFileSync(path.resolve(import.meta.dirname, '../../sessions-fixtures/checkout-abandon.json'), 'utf8');
const models = (url: string) => ({ provider: 'gemini' as const, env: { GEMINI_API_KEY: 'server-key', GOOGLE_GEMINI_BASE_URL: url } });

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn({ apiKey: 'server-key' });
});
afterAll(async () => standIn.close());

const generateCalls = () => standIn.requests.filter((request) => request.path.includes(':generateContent')).length;

/** Holds every model call until `count` have arrived, then answers them in arrival order with `answers`. */
function holdUntil(count: number, answers: readonly string[]): void {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve) => (open = resolve));
  standIn.setHandler(async (request) => {
    if (!request.path.includes(':generateContent')) return undefined;
    const mine = arrived++;
    if (arrived === count) open();
    await all;
    return answers[mine] ?? 'late';
  });
}

interface World {
  readonly server: ServerHarness;
  /** The summary path of the session with the profile. */
  readonly target: string;
  summary(app?: ServerHarness['app']): Promise<Response>;
}

async function world(store: StoreKind): Promise<World> {
  const server = await createServerHarness({ store, models: models(standIn.url) });
  const imported = await importSession(server.stores.na1, server.orgs.acme, checkout, { source: 'checkout-abandon.json', now: server.clock.now });
  const profile = (await server.request('POST', '/v2/visit_profile', { key: server.keys.acme.standard, body: { llm: { pre_prompt: 'Summarise.', grounding: 'off' } } })).body.id as string;
  const target = `/v2/sessions/${encodeURIComponent(imported.id)}/summary?config_profile=${profile}`;
  return {
    server,
    target,
    summary: (app = server.app) => Promise.resolve(app.request(`http://localhost${target}`, { headers: { authorization: `Basic ${server.keys.acme.architect}` } })),
  };
}

describe.each(STORE_KINDS)('identical summary requests at once on %s', (store) => {
  it('share one model call on one instance: every request gets the same answer', async () => {
    const { server, summary } = await world(store);
    try {
      const before = generateCalls();
      holdUntil(1, ['the only answer']);
      const responses = await Promise.all([summary(), summary(), summary()]);
      standIn.setHandler(undefined);
      expect(generateCalls() - before).toBe(1);
      expect(await Promise.all(responses.map((response) => response.json()))).toEqual(Array.from({ length: 3 }, () => ({ summary: 'the only answer' })));
      expect(responses.map((response) => response.headers.get('x-recap-cache')).sort()).toEqual(['hit', 'hit', 'miss']);
    } finally {
      await server.close();
    }
  });

  it('share one model call on several instances (services over one store): the others wait for its answer', async () => {
    const { server, summary } = await world(store);
    try {
      // A second instance: its own summary service (and calls under way) over the same store.
      const other = createApp({ ...server.deps, jobs: server.jobs, summaries: createSummaryService({ models: createModelSource(models(standIn.url)), cache: true, concurrency: 8, timeoutMs: 30_000 }) });
      const before = generateCalls();
      holdUntil(1, ['first answer']);
      const responses = await Promise.all([summary(), summary(other), summary(other)]);
      standIn.setHandler(undefined);
      expect(generateCalls() - before).toBe(1);
      expect(await Promise.all(responses.map((response) => response.json()))).toEqual(Array.from({ length: 3 }, () => ({ summary: 'first answer' })));
      expect(responses.map((response) => response.headers.get('x-recap-cache')).sort()).toEqual(['hit', 'hit', 'miss']);
      const later = [await summary(), await summary(other)];
      expect(await Promise.all(later.map((response) => response.json()))).toEqual([{ summary: 'first answer' }, { summary: 'first answer' }]);
      expect(later.map((response) => response.headers.get('x-recap-cache'))).toEqual(['hit', 'hit']);
    } finally {
      await server.close();
    }
  });

  it('ask the model in turn on another instance when the first call failed', async () => {
    const { server, summary } = await world(store);
    try {
      const other = createApp({ ...server.deps, jobs: server.jobs, summaries: createSummaryService({ models: createModelSource(models(standIn.url)), cache: true, concurrency: 8, timeoutMs: 30_000 }) });
      const before = generateCalls();
      let calls = 0;
      standIn.setHandler(async (request) => {
        if (!request.path.includes(':generateContent')) return undefined;
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The first call fails as a model does (not a rate limit, so it is not retried).
        return calls === 1 ? geminiError(400, 'bad request') : 'second answer';
      });
      const responses = await Promise.all([summary(), summary(other)]);
      standIn.setHandler(undefined);
      expect(generateCalls() - before).toBe(2);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 502]);
      const ok = responses.find((response) => response.status === 200);
      expect(await ok?.json()).toEqual({ summary: 'second answer' });
    } finally {
      await server.close();
    }
  });
});

describe('a summary asked with an empty body of overrides', () => {
  it('is the same request as one without, answered from its cache', async () => {
    const { server, target, summary } = await world('sqlite');
    try {
      standIn.enqueue('cached answer');
      expect(await (await summary()).json()).toEqual({ summary: 'cached answer' });
      const before = generateCalls();
      const posted = await server.request('POST', target, { key: server.keys.acme.architect, body: {} });
      expect(posted.status).toBe(200);
      expect(posted.body).toEqual({ summary: 'cached answer' });
      expect(posted.headers.get('x-recap-cache')).toBe('hit');
      expect(generateCalls()).toBe(before);
    } finally {
      await server.close();
    }
  });
});

describe('a shared summary call abandoned by the request that made it', () => {
  it('is asked again by the request that waited for it', async () => {
    const server = await createServerHarness({ models: models(standIn.url) });
    try {
      const imported = await importSession(server.stores.na1, server.orgs.acme, checkout, { source: 'checkout-abandon.json', now: server.clock.now });
      const request = (signal?: AbortSignal) =>
        server.deps.summaries.summarize({
          store: server.stores.na1,
          orgId: server.orgs.acme.id,
          session: parseSession(JSON.parse(checkout)),
          sessionVersion: 'v1',
          profile: { llm: { pre_prompt: 'Summarise.', grounding: 'off' } },
          profileKey: 'abandoned',
          privacy: { rules: undefined, version: 0 },
          now: server.clock.now,
          ...(signal === undefined ? {} : { signal }),
        });
      expect(imported.id).toContain(':');
      let calls = 0;
      let firstArrived!: () => void;
      const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
      standIn.setHandler(async (call) => {
        if (!call.path.includes(':generateContent')) return undefined;
        if (++calls === 1) {
          firstArrived();
          await new Promise((resolve) => setTimeout(resolve, 5_000));
        }
        return `answer ${calls}`;
      });
      const leaver = new AbortController();
      const first = request(leaver.signal);
      await arrived;
      const waiter = request();
      leaver.abort(new Error('the client left'));
      await expect(first).rejects.toThrow();
      const answer = await waiter;
      standIn.setHandler(undefined);
      expect(answer.result).toEqual({ summary: 'answer 2' });
      expect(calls).toBe(2);
    } finally {
      await server.close();
    }
  });
});
