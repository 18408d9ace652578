// GET /metrics: Prometheus text with requests by route and status, batch items, idempotency
// outcomes and the summary model's calls; nothing that names an organisation, a key or a body.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerHarness, type ServerHarness } from '../support/server-harness.js';

let server: ServerHarness;
beforeAll(async () => {
  server = await createServerHarness();
});
afterAll(async () => server.close());

/** The value of one sample line of the exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((part) => candidate.includes(part)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, batch items, idempotency outcomes, and needs no key', async () => {
    const key = server.keys.acme.standard;
    await server.request('POST', '/v2/users', { key, body: { uid: 'metrics-alice', email: 'alice@secret.example' } });
    await server.request('POST', '/v2/users', { key, body: { uid: ' spaced ' } });
    const headers = { 'idempotency-key': 'metrics-key' };
    await server.request('POST', '/v2/users', { key, body: { uid: 'metrics-bob' }, headers });
    await server.request('POST', '/v2/users', { key, body: { uid: 'metrics-bob' }, headers });
    await server.request('POST', '/v2/users', { key, body: { uid: 'metrics-carol' }, headers });
    const batch = await server.request('POST', '/v2/events/batch', { key, body: { requests: [{ name: 'A', user: { uid: 'metrics-alice' } }, { name: '' }, { name: 'B' }] } });
    await server.jobs.idle();
    await server.request('GET', `/v2/events/batch/${batch.body.job.id}`, { key });

    const response = await server.app.request('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(sample(text, 'recap_http_requests_total', { method: 'POST', route: '/v2/users', status: '200' })).toBe(3);
    expect(sample(text, 'recap_http_requests_total', { method: 'POST', route: '/v2/users', status: '400' })).toBe(1);
    expect(sample(text, 'recap_http_requests_total', { method: 'POST', route: '/v2/users', status: '422' })).toBe(1);
    expect(sample(text, 'recap_http_requests_total', { method: 'GET', route: '/v2/events/batch/:job_id', status: '200' })).toBe(1);
    expect(sample(text, 'recap_http_request_duration_seconds_count', { method: 'POST', route: '/v2/users', status: '200' })).toBe(3);
    expect(sample(text, 'recap_batch_items_total', { kind: 'events', outcome: 'applied' })).toBe(2);
    expect(sample(text, 'recap_batch_items_total', { kind: 'events', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'recap_idempotency_requests_total', { outcome: 'executed' })).toBe(1);
    expect(sample(text, 'recap_idempotency_requests_total', { outcome: 'replayed' })).toBe(1);
    expect(sample(text, 'recap_idempotency_requests_total', { outcome: 'reused' })).toBe(1);
    expect(text).toMatch(/^recap_batch_jobs_unfinished 0$/m);
    expect(text).toMatch(/^recap_batch_jobs_running 0$/m);
    expect(text).toMatch(/^recap_instance_info\{job_runner="[^"]+"\} 1$/m);
    // Nothing that names who asked or what they sent.
    for (const secret of [server.orgs.acme.id, 'acme', 'metrics-alice', 'secret.example', key, batch.body.job.id]) expect(text).not.toContain(secret);
  });

  it('times the summary model and counts its errors by code', async () => {
    const architect = server.keys.acme.architect;
    await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid: 'metrics-summary' } });
    const profile = await server.request('POST', '/v2/visit_profile', { key: architect, body: { llm: { response_schema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } } } });
    const plain = await server.request('POST', '/v2/visit_profile', { key: architect, body: {} });
    const { importSession } = await import('../../src/server/sessions/import-session.js');
    const fixture = { id: 'x:s-metrics', user: { uid: 'metrics-summary' }, events: [{ type: 'click', timestamp: '2026-03-01T10:00:00Z' }] };
    const imported = await importSession(server.stores.na1, server.orgs.acme, JSON.stringify(fixture), { source: 'fixture.json', now: server.clock.now });
    const session = encodeURIComponent(imported.id);
    expect((await server.request('GET', `/v2/sessions/${session}/summary?config_profile=${plain.body.id}`, { key: architect })).status).toBe(200);
    // The extractive model cannot fill a response schema: 503 model_unavailable.
    expect((await server.request('GET', `/v2/sessions/${session}/summary?config_profile=${profile.body.id}`, { key: architect })).status).toBe(503);
    const text = await (await server.app.request('/metrics')).text();
    expect(sample(text, 'recap_summary_model_duration_seconds_count', { provider: 'extractive', model: 'extractive-v1' })).toBe(2);
    expect(sample(text, 'recap_summary_model_errors_total', { provider: 'extractive', code: 'model_unavailable' })).toBe(1);
  });
});
