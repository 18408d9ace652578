// What an attacker with a key can do to the server beyond its data: stall it with a privacy
// glob, grow its metrics and memory with model names, and replay an answer under an
// Idempotency-Key with another query. Each case failed before its fix.

import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelUnavailableError } from '../../src/models/model-errors.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, type HarnessOptions, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function withSession(options: HarnessOptions = {}): Promise<{ harness: ServerHarness; sessionId: string; userId: string; profileId: string }> {
  const harness = await createServerHarness(options);
  server = harness;
  const fixture = await readFile(new URL('../../sessions-fixtures/checkout-abandon.json', import.meta.url), 'utf8');
  const imported = await importSession(harness.stores.na1, harness.orgs.acme, fixture, { source: 'checkout-abandon.json', now: harness.clock.now });
  const profileId = (await harness.request('POST', '/v2/visit_profile', { key: harness.keys.acme.standard, body: {} })).body.id as string;
  return { harness, sessionId: imported.id, userId: imported.id.split(':')[0] as string, profileId };
}

describe('a mask_properties glob', () => {
  it('cannot stall the server on a long property name a Standard key sent (globs run in linear time)', async () => {
    const { harness, sessionId, userId, profileId } = await withSession();
    // A backtracking engine tries every way to split the name among the stars: seconds at 44
    // characters, hours at 100, and a property name may have 512.
    const put = await harness.request('PUT', '/v2/settings/privacy', { key: harness.keys.acme.architect, body: { mask_properties: ['**.*a*a*a*a*a*a*a*a*b'] } });
    expect(put.status).toBe(200);
    const event = await harness.request('POST', '/v2/events', { key: harness.keys.acme.standard, body: { name: 'Probe', user: { id: userId }, session: { id: sessionId }, properties: { ['a'.repeat(44)]: 1, ['a'.repeat(8) + 'b']: 'hidden' } } });
    expect(event.status).toBe(200);

    // How fast globs match is src/privacy/privacy-rule-limits.test.ts's (the engine they run on); here, that the rule applies.
    const context = await harness.request('POST', `/v2/sessions/${encodeURIComponent(sessionId)}/context?config_profile=${profileId}`, { key: harness.keys.acme.architect });
    expect(context.status).toBe(200);
    expect(context.body.prompt).not.toContain('hidden');
    expect(context.body.prompt).toContain('[masked]');
  });
});

describe('a privacy rules document', () => {
  it('holds at most 200 patterns and 200 globs: each runs over every text or property path of every session', async () => {
    server = await createServerHarness();
    const key = server.keys.acme.architect;
    const patterns = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`p${index}`, `x${index}y[0-9]+`]));
    const tooMany = await server.request('PUT', '/v2/settings/privacy', { key, body: { patterns } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([{ path: 'patterns', message: '201 patterns; at most 200 are allowed (each runs over every text of a session)' }]);
    const globs = await server.request('PUT', '/v2/settings/privacy', { key, body: { mask_properties: Array.from({ length: 201 }, (_, index) => `properties.p${index}`) } });
    expect(globs.status).toBe(400);
    expect(globs.body.details[0].path).toBe('mask_properties');
    const long = await server.request('PUT', '/v2/settings/privacy', { key, body: { patterns: { order: `ORD-${'[0-9]'.repeat(250)}` } } });
    expect(long.status).toBe(400);
    expect(long.body.details[0]).toMatchObject({ path: 'patterns.order' });
    delete patterns.p200;
    expect((await server.request('PUT', '/v2/settings/privacy', { key, body: { patterns } })).status).toBe(200);
  });
});

describe('an Idempotency-Key', () => {
  it('sent again with another query is 422, not the first answer (the query is part of the request)', async () => {
    const { harness, sessionId, profileId } = await withSession();
    const key = harness.keys.acme.architect;
    const other = (await harness.request('POST', '/v2/visit_profile', { key, body: { llm: { pre_prompt: 'Other.' } } })).body.id as string;
    const headers = { 'idempotency-key': 'batch-1' };
    const first = await harness.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, headers, body: { session_ids: [sessionId] } });
    expect(first.status).toBe(202);
    const again = await harness.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, headers, body: { session_ids: [sessionId] } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    const otherProfile = await harness.request('POST', `/v2/sessions/summary/batch?config_profile=${other}`, { key, headers, body: { session_ids: [sessionId] } });
    expect(otherProfile.status).toBe(422);
    expect(otherProfile.body.code).toBe('idempotency_key_reused');
  });
});

describe('model names from profiles', () => {
  it('label the model metrics up to a bound, then as other: a client cannot grow /metrics without end', async () => {
    const failing = async () => {
      throw new ModelUnavailableError('no such model', { provider: 'gemini', status: 404 });
    };
    const { harness, sessionId, profileId } = await withSession({ models: { provider: 'gemini', env: {}, create: failing }, summaryCache: false });
    // The bound of server-metrics.ts (MAX_MODEL_LABELS), as docs/deployment.md states it.
    const bound = 20;
    const names = Array.from({ length: bound + 5 }, (_, index) => `made-up-${index}`);
    for (const model of [...names, `long-${'x'.repeat(200)}`]) {
      const answer = await harness.request('POST', `/v2/sessions/${encodeURIComponent(sessionId)}/summary?config_profile=${profileId}`, { key: harness.keys.acme.architect, body: { llm: { model } } });
      expect(answer.status).toBe(503);
    }
    const metrics = (await harness.request('GET', '/metrics')).body as string;
    const labels = new Set([...metrics.matchAll(/^recap_summary_model_errors_total\{[^}]*model="([^"]*)"/gm)].map((match) => match[1]));
    expect(labels.size).toBe(bound + 1);
    expect(labels).toContain('other');
    expect(labels).not.toContain(names.at(-1));
    expect(metrics).not.toContain('x'.repeat(200));
  });
});

describe('the request log', () => {
  it('writes no uid of a version 1 path: the client names its users by email as often as not', async () => {
    server = await createServerHarness();
    const answer = await server.request('POST', `/users/v1/individual/${encodeURIComponent('alice@example.com')}/customvars`, { key: server.keys.acme.standard, body: { plan_str: 'pro' } });
    expect(answer.status).toBe(404);
    expect(server.logs.at(-1)).toMatchObject({ method: 'POST', path: '/users/v1/individual/[uid]/customvars', status: 404 });
    expect(JSON.stringify(server.logs)).not.toContain('alice');
  });
});
