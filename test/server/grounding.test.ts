// Grounded summaries over HTTP: X-Recap-Grounding carries the score, ?grounding=1 adds the report
// to the body, and a profile with llm.grounding: require answers 502 model_error naming the claims
// when the repaired answer still invents them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

const fixture = JSON.stringify({
  id: 'shopper:s-1',
  user: { uid: 'shopper' },
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/cart' },
    { type: 'click', timestamp: '2026-03-01T10:00:05Z', target: { selector: 'button#apply', text: 'Apply coupon' } },
  ],
});
// `clicked "Apply coupon"` is a kept click claim of its own, besides the quote (3 of 5 claims kept).
const INVENTED = 'The user clicked "Apply coupon" (#1), then #7 and 4 dead clicks.';
const GROUNDED = 'The user clicked "Apply coupon" (#1).';

let standIn: GeminiStandIn;
let server: ServerHarness;
let sessionId: string;
const profiles: Record<string, string> = {};
beforeAll(async () => {
  standIn = await startGeminiStandIn({ apiKey: 'server-key' });
  server = await createServerHarness({ models: { provider: 'gemini', env: { GEMINI_API_KEY: 'server-key', GOOGLE_GEMINI_BASE_URL: standIn.url } }, summaryCache: false });
  sessionId = encodeURIComponent((await importSession(server.stores.na1, server.orgs.acme, fixture, { source: 'f.json', now: server.clock.now })).id);
  for (const mode of ['report', 'require', 'off'] as const) {
    const body = { llm: { pre_prompt: `Summarise (${mode}).`, grounding: mode } };
    profiles[mode] = (await server.request('POST', '/v2/visit_profile', { key: server.keys.acme.standard, body })).body.id as string;
  }
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

const summary = (mode: string, query = '') =>
  server.request('GET', `/v2/sessions/${sessionId}/summary?config_profile=${profiles[mode] ?? ''}${query}`, { key: server.keys.acme.architect });

describe('grounded summaries', () => {
  it('carry the score in X-Recap-Grounding, and the report in the body with ?grounding=1', async () => {
    standIn.enqueue(INVENTED, INVENTED);
    const plain = await summary('report');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-recap-grounding')).toBe('0.6');
    expect(plain.headers.get('x-recap-repaired')).toBeNull();
    expect(plain.body).toEqual({ summary: INVENTED });
    const withReport = await summary('report', '&grounding=1');
    expect(withReport.body.summary).toBe(INVENTED);
    expect(withReport.body.grounding).toMatchObject({ score: 0.6, unsupported: [{ text: '#7' }, { text: '4 dead clicks' }], dropped: [] });
  });

  it('answer 502 model_error naming the claims under llm.grounding: require when the repair still invents them', async () => {
    standIn.enqueue(INVENTED, INVENTED);
    const failed = await summary('require');
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 'model_error', details: [{ path: 'answer.43..45', message: '"#7" (event): the session has no event #7 (it has 2: #0 to #1)' }, { message: expect.stringContaining('4 dead clicks') }] });
    standIn.enqueue(INVENTED, GROUNDED);
    const repaired = await summary('require');
    expect(repaired).toMatchObject({ status: 200, body: { summary: GROUNDED } });
    expect(repaired.headers.get('x-recap-grounding')).toBe('1');
    // The answer is the repair's: the header says why one was asked for.
    expect(repaired.headers.get('x-recap-repaired')).toBe('grounding');
  });

  it('carry no grounding under llm.grounding: off, and refuse ?grounding=1 there before calling the model', async () => {
    standIn.enqueue(INVENTED);
    const off = await summary('off');
    expect(off.status).toBe(200);
    expect(off.headers.get('x-recap-grounding')).toBeNull();
    expect(off.body).toEqual({ summary: INVENTED });
    const calls = standIn.requests.length;
    const asked = await summary('off', '&grounding=1');
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('llm.grounding: off'),
      details: [{ path: 'grounding', message: expect.stringContaining(profiles.off ?? '') }],
    });
    expect(standIn.requests.length).toBe(calls);
  });
});
