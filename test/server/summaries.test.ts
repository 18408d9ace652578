// Summaries end to end over HTTP, with the Gemini adapter pointed at the local stand-in of the
// Gemini REST API: the request the server sends, every error path, the cache and the limits.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { geminiError, startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, type HarnessOptions, type ServerHarness } from '../support/server-harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const profileJson = (name: string) => parseYaml(readFileSync(path.join(root, 'profiles', name), 'utf8')) as Record<string, unknown>;
const checkout = readFileSync(path.join(root, 'sessions-fixtures/checkout-abandon.json'), 'utf8');

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn({ apiKey: 'server-key' });
});
afterAll(async () => standIn.close());

interface World {
  readonly server: ServerHarness;
  readonly sessionId: string;
  readonly plain: string;
  readonly structured: string;
  readonly architect: string;
  summary(profile: string, options?: { method?: string; body?: unknown; query?: string; key?: string; session?: string }): ReturnType<ServerHarness['request']>;
}

const sleeps: number[] = [];

async function world(options: HarnessOptions = {}): Promise<World> {
  const server = await createServerHarness({
    models: { provider: 'gemini', env: { GEMINI_API_KEY: 'server-key', GOOGLE_GEMINI_BASE_URL: standIn.url }, retry: { sleep: async (ms) => void sleeps.push(ms) } },
    ...options,
  });
  const imported = await importSession(server.stores.na1, server.orgs.acme, checkout, { source: 'checkout-abandon.json', now: server.clock.now });
  const standard = server.keys.acme.standard;
  const plain = (await server.request('POST', '/v2/visit_profile', { key: standard, body: profileJson('plain-summary.yaml') })).body.id as string;
  const structured = (await server.request('POST', '/v2/visit_profile', { key: standard, body: profileJson('friction-report.yaml') })).body.id as string;
  const architect = server.keys.acme.architect;
  return {
    server,
    sessionId: imported.id,
    plain,
    structured,
    architect,
    summary(profile, request = {}) {
      const session = encodeURIComponent(request.session ?? imported.id);
      return server.request(request.method ?? 'GET', `/v2/sessions/${session}/summary?config_profile=${profile}${request.query ?? ''}`, { key: request.key ?? architect, body: request.body });
    },
  };
}

let shared: World;
beforeAll(async () => {
  shared = await world();
});
afterAll(async () => shared.server.close());

describe('GET /v2/sessions/{session_id}/summary', () => {
  it('returns { summary } and sends the prepared prompt as one user turn with the key', async () => {
    standIn.enqueue('Alice could not apply SPRING24 and left at checkout.');
    const before = standIn.requests.length;
    const response = await shared.summary(shared.plain);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ summary: 'Alice could not apply SPRING24 and left at checkout.' });
    expect(response.headers.get('x-recap-model')).toBe('gemini/gemini-2.5-flash');
    expect(response.headers.get('server-timing')).toMatch(/^model;dur=[\d.]+, total;dur=[\d.]+$/);
    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    const context = await shared.server.request('POST', `/v2/sessions/${encodeURIComponent(shared.sessionId)}/context?config_profile=${shared.plain}`, { key: shared.architect });
    expect(sent[0]?.headers['x-goog-api-key']).toBe('server-key');
    expect(sent[0]?.body?.contents).toEqual([{ role: 'user', parts: [{ text: context.body.prompt }] }]);
    expect(sent[0]?.body?.generationConfig).toMatchObject({ temperature: 0.3 });
    expect(sent[0]?.body?.generationConfig?.responseSchema).toBeUndefined();
  });

  it('returns { response, response_schema } for a structured profile, sending the upper-case schema', async () => {
    const response = await shared.summary(shared.structured);
    expect(Object.keys(response.body)).toEqual(['response', 'response_schema']);
    expect(response.body.response_schema.type).toBe('OBJECT');
    expect(standIn.requests.at(-1)?.body?.generationConfig).toMatchObject({ temperature: 0.2, responseMimeType: 'application/json', responseSchema: { type: 'OBJECT' } });
  });

  it('caches by session version, profile version and overrides; --summary-cache off asks every time', async () => {
    const local = await world();
    const count = () => standIn.requests.length;
    standIn.enqueue('one');
    const first = await local.summary(local.plain);
    const base = count();
    const second = await local.summary(local.plain);
    expect([first.headers.get('x-recap-cache'), second.headers.get('x-recap-cache'), second.body]).toEqual(['miss', 'hit', { summary: 'one' }]);
    expect(count()).toBe(base);
    await local.server.request('POST', '/v2/events', { key: local.server.keys.acme.standard, body: { name: 'Support Chat Opened', session: { id: local.sessionId } } });
    standIn.enqueue('two');
    expect((await local.summary(local.plain)).body).toEqual({ summary: 'two' });
    await local.server.request('POST', `/v2/visit_profile/${local.plain}`, { key: local.server.keys.acme.admin, body: profileJson('how-it-ended.yaml') });
    standIn.enqueue('three');
    expect((await local.summary(local.plain)).body).toEqual({ summary: 'three' });
    await local.server.close();

    const uncached = await world({ summaryCache: false });
    standIn.enqueue('a', 'b');
    expect([(await uncached.summary(uncached.plain)).body, (await uncached.summary(uncached.plain)).body]).toEqual([{ summary: 'a' }, { summary: 'b' }]);
    await uncached.server.close();
  });

  it('joins server events to the session the summary reads', async () => {
    const local = await world();
    await local.server.request('POST', '/v2/events', { key: local.server.keys.acme.standard, body: { name: 'Refund Requested', session: { id: local.sessionId }, timestamp: '2026-03-01T10:02:30.000Z', properties: { amount: 138.9 } } });
    const context = await local.server.request('POST', `/v2/sessions/${encodeURIComponent(local.sessionId)}/context?config_profile=${local.plain}`, { key: local.architect });
    expect(context.body.prompt).toContain('custom name="Refund Requested" properties={"amount":138.9}');
    await local.server.close();
  });
});

describe('overrides, end_timestamp and context', () => {
  const context = (world: World, query = '', body?: unknown) =>
    world.server.request('POST', `/v2/sessions/${encodeURIComponent(world.sessionId)}/context?config_profile=${world.plain}${query}`, { key: world.architect, body });

  it('POST .../context returns what would be sent, in the recap run --dry-run --json shape, without a model call', async () => {
    const before = standIn.requests.length;
    const response = await context(shared);
    expect(Object.keys(response.body)).toEqual(['session_id', 'prompt', 'events', 'context', 'generation', 'tokens']);
    expect(response.body.context.user).toBeUndefined();
    expect(standIn.requests.length).toBe(before);
  });

  it('overrides replace non-array fields and append to array fields, for this request only', async () => {
    const response = await context(shared, '', { llm: { pre_prompt: 'OVERRIDDEN' }, events: { exclude_types: ['click'] } });
    expect(response.body.prompt.startsWith('OVERRIDDEN\n\n<session')).toBe(true);
    const types = new Set(response.body.events.kept.map((event: { type: string }) => event.type));
    expect([types.has('click'), types.has('element-seen'), types.has('navigate')]).toEqual([false, false, true]);
    expect((await context(shared)).body.prompt.startsWith('OVERRIDDEN')).toBe(false);
    const summary = await shared.summary(shared.plain, { method: 'POST', body: { llm: { post_prompt: 'ONE LINE' } } });
    expect(summary.status).toBe(200);
    expect(standIn.requests.at(-1)?.body?.contents?.[0]?.parts?.[0]?.text?.endsWith('ONE LINE')).toBe(true);
  });

  it('refuses overrides that make the profile invalid, and a bad end_timestamp', async () => {
    const invalid = await context(shared, '', { events: { include_types: ['click'] } });
    expect(invalid.body).toMatchObject({ code: 'invalid_request', details: [{ path: 'events.exclude_types', message: 'use either include_types or exclude_types, not both' }] });
    expect((await context(shared, '&end_timestamp=noon')).body).toMatchObject({ code: 'invalid_request', details: [{ path: 'end_timestamp' }] });
  });

  it('end_timestamp summarises the session as it was before that moment', async () => {
    const response = await context(shared, '&end_timestamp=2026-03-01T10:01:00.000Z');
    expect(response.body.events.kept.every((event: { timestamp: string }) => event.timestamp < '2026-03-01T10:01:00.000Z')).toBe(true);
    expect(response.body.events.kept.length).toBeGreaterThan(3);
  });
});

describe('errors', () => {
  it('400 without config_profile, 404 for an unknown profile or session', async () => {
    const session = encodeURIComponent(shared.sessionId);
    expect((await shared.server.request('GET', `/v2/sessions/${session}/summary`, { key: shared.architect })).body).toMatchObject({ code: 'invalid_request', details: [{ path: 'config_profile', message: 'is required' }] });
    expect((await shared.summary('p-nope')).status).toBe(404);
    expect((await shared.summary(shared.plain, { session: 'u-1:nope' })).body).toMatchObject({ code: 'not_found' });
  });

  it('403 for a Standard key on summaries and context; 404 for another organisation', async () => {
    expect((await shared.summary(shared.plain, { key: shared.server.keys.acme.standard })).status).toBe(403);
    expect((await shared.server.request('POST', `/v2/sessions/${encodeURIComponent(shared.sessionId)}/context?config_profile=${shared.plain}`, { key: shared.server.keys.acme.standard })).status).toBe(403);
    expect((await shared.summary(shared.plain, { key: shared.server.keys.globex.admin })).status).toBe(404);
  });

  it('retries a 429 from the model with backoff before answering', async () => {
    sleeps.length = 0;
    standIn.enqueue(geminiError(429, 'Resource has been exhausted', { headers: { 'retry-after': '3' } }), 'after the retry');
    const response = await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: 'retry case' } } });
    expect(response.body).toEqual({ summary: 'after the retry' });
    expect(sleeps).toEqual([3000]);
  });

  it('502 model_error when the model keeps failing', async () => {
    standIn.enqueue(...Array.from({ length: 4 }, () => geminiError(500, 'Internal error encountered.')));
    const response = await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: 'failing case' } } });
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('model_error');
  });

  it('502 model_error with the validation problems (never the raw text) for an invalid answer', async () => {
    standIn.enqueue('{"outcome": "exploded", "secret": "raw"}', '{"outcome": "still wrong"}');
    const response = await shared.summary(shared.structured, { method: 'POST', body: { llm: { pre_prompt: 'invalid case' } } });
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('model_error');
    expect(response.body.details).toContainEqual({ path: 'response.outcome', message: 'must be one of "completed", "abandoned", "unclear"' });
    expect(JSON.stringify(response.body)).not.toContain('still wrong');
  });

  it('503 model_unavailable when the vendor rejects the key, when no answer comes in time, or the model cannot fill a schema', async () => {
    standIn.enqueue(geminiError(403, 'Permission denied'));
    expect((await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: 'rejected key' } } })).body.code).toBe('model_unavailable');

    const slow = await world({ modelTimeoutMs: 100 });
    standIn.setHandler(() => new Promise((resolve) => setTimeout(() => resolve('too late'), 3000)));
    const late = await slow.summary(slow.plain);
    standIn.setHandler(undefined);
    expect(late.status).toBe(503);
    expect(late.body.message).toMatch(/did not answer within 100 ms/);
    await slow.server.close();

    const offline = await world({ models: { provider: 'extractive', env: {} } });
    expect((await offline.summary(offline.plain)).body.summary).toMatch(/^Rule-based summary/);
    const refused = await offline.summary(offline.structured);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/cannot fill a response schema/);
    await offline.server.close();
  });

  it("never shows the model endpoint's address or a key to the client, nor in the log", async () => {
    const unreachable = await world({
      models: { provider: 'gemini', env: { GEMINI_API_KEY: 'server-key', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9' }, retry: { sleep: async () => undefined } },
    });
    const response = await unreachable.summary(unreachable.plain);
    expect(response.status).toBe(503);
    expect(response.body.message).toMatch(/cannot reach the Gemini API at \[address\]/);
    expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|:9\b|server-key/);
    expect(JSON.stringify(unreachable.server.logs)).not.toMatch(/127\.0\.0\.1:9|server-key/);
    await unreachable.server.close();

    standIn.enqueue(geminiError(400, 'API key not valid: AIzaSyLEAKEDLEAKEDLEAKEDLEAKED1234 at https://gateway.internal:8443/v1'));
    const leaked = await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: 'leaky vendor' } } });
    expect(JSON.stringify(leaked.body)).not.toMatch(/AIza|gateway\.internal/);
  });

  it("answers a model failure with the vendor's status and code, never its own words (they can quote the session)", async () => {
    standIn.enqueue(geminiError(400, 'Invalid value at \'contents[0].parts[0].text\' (TYPE_STRING), "Alice Martin left at checkout"'));
    const failed = await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: 'quoting vendor' } } });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ code: 'model_error', message: expect.stringMatching(/^the model failed: the Gemini API answered HTTP 400 INVALID_ARGUMENT for model [\w.-]+$/) });

    standIn.enqueue(geminiError(403, 'Permission denied: the prompt names Alice Martin'));
    const rejected = await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: 'quoting key rejection' } } });
    expect(rejected.status).toBe(503);
    expect(rejected.body.message).toBe('the model is unavailable: the Gemini API rejected the key (HTTP 403 PERMISSION_DENIED); check GEMINI_API_KEY or GOOGLE_API_KEY');
    expect(JSON.stringify([failed.body, rejected.body, shared.server.logs])).not.toMatch(/Alice|Invalid value|Permission denied/);
  });

  it('502 model_error, never a summary, for an answer Gemini cut off or stopped, without the partial text', async () => {
    for (const finishReason of ['MAX_TOKENS', 'SAFETY', 'OTHER']) {
      standIn.enqueue({ status: 200, body: { candidates: [{ content: { role: 'model', parts: [{ text: 'Alice Martin could not apply her cou' }] }, finishReason, finishMessage: 'about Alice Martin' }] } });
      const response = await shared.summary(shared.plain, { method: 'POST', body: { llm: { pre_prompt: `cut off ${finishReason}` } } });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ code: 'model_error', message: expect.stringContaining(`finish reason ${finishReason}`) });
      expect(JSON.stringify(response.body)).not.toContain('Alice');
    }
  });

  it('limits concurrent model calls and queues the rest', async () => {
    const limited = await world({ modelConcurrency: 2, summaryCache: false });
    let inFlight = 0;
    let most = 0;
    standIn.setHandler(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return 'ok';
    });
    const responses = await Promise.all(Array.from({ length: 6 }, () => limited.summary(limited.plain)));
    standIn.setHandler(undefined);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(most).toBe(2);
    await limited.server.close();
  });
});
