// A summary whose answer came after a repair request says so over HTTP: X-Recap-Repaired names the
// reasons, also when the answer is read back from the cache, and a summary batch's line carries
// `repairs` as recap run --output's lines do.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { cachedAnswerText, readCachedAnswer } from '../../src/server/summaries/cached-answer.js';
import { startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

const fixture = (n: number) =>
  JSON.stringify({
    id: `visitor-${n}:s-${n}`,
    user: { uid: `shopper-${n}` },
    events: [
      { type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/checkout' },
      { type: 'click', timestamp: '2026-11-20T10:00:05.000Z', target: { selector: 'button#pay', text: 'Pay' } },
    ],
  });

const schemaProfile = {
  name: 'Outcome',
  llm: {
    pre_prompt: 'How did the session end?',
    grounding: 'off',
    response_schema: { type: 'OBJECT', properties: { outcome: { type: 'STRING', enum: ['converted', 'abandoned'] } }, required: ['outcome'] },
  },
};
const INVALID = '{"outcome": "gave up"}';

describe('the cache text of an answer', () => {
  it('keeps the repairs of a repaired answer, and reads an entry from before they were kept as none', () => {
    const result = { response: { outcome: 'abandoned' }, response_schema: schemaProfile.llm.response_schema } as never;
    const repairs = [{ reason: 'schema' as const, problems: 'outcome: must be one of "converted", "abandoned"' }];
    expect(readCachedAnswer(cachedAnswerText(result, repairs))).toEqual({ result, repairs });
    expect(cachedAnswerText(result, [])).toBe(JSON.stringify(result));
    expect(readCachedAnswer(JSON.stringify({ summary: 'old entry' }))).toEqual({ result: { summary: 'old entry' }, repairs: [] });
  });
});

describe.each(STORE_KINDS)('repaired summaries (%s)', (store) => {
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
      summaryCache: true,
      models: { provider: 'gemini', baseUrl: standIn.url, env: { GEMINI_API_KEY: 'stand-in' }, retry: { retries: 0, baseDelayMs: 0 } },
    });
    key = server.keys.acme.architect;
    sessionIds = [];
    for (const n of [1, 2, 3]) sessionIds.push((await importSession(server.stores.na1, server.orgs.acme, fixture(n), { source: `s${n}.json`, now: server.clock.now })).id);
    profileId = (await server.request('POST', '/v2/visit_profile', { key, body: schemaProfile })).body.id as string;
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  const summary = (sessionId: string) => server.request('GET', `/v2/sessions/${encodeURIComponent(sessionId)}/summary?config_profile=${profileId}`, { key });

  it('names the reason in X-Recap-Repaired, on the answer and on the same answer from the cache', async () => {
    standIn.enqueue(INVALID);
    const first = await summary(sessionIds[0] as string);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-recap-cache')).toBe('miss');
    expect(first.headers.get('x-recap-repaired')).toBe('schema');
    const again = await summary(sessionIds[0] as string);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-recap-cache')).toBe('hit');
    expect(again.headers.get('x-recap-repaired')).toBe('schema');
    // An answer accepted as it came carries no such header.
    const clean = await summary(sessionIds[1] as string);
    expect(clean.status).toBe(200);
    expect(clean.headers.get('x-recap-repaired')).toBeNull();
  });

  it("puts the repairs in a summary batch's line", async () => {
    standIn.enqueue(INVALID);
    const submitted = await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [sessionIds[2]] } });
    expect(submitted.status).toBe(202);
    server.jobs.start();
    await server.jobs.idle();
    const [line] = (await server.request('GET', `/v2/operations/${submitted.body.operation.id}/results`, { key })).body.results;
    expect(line).toMatchObject({ session_id: sessionIds[2], result: { response: { outcome: expect.any(String) } }, repairs: [{ reason: 'schema', problems: expect.stringContaining('outcome') }] });
    await server.jobs.stop();
  });
});
