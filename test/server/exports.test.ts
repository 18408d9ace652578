// Exports on both stores: the sessions of a search and the raw events of a time range, written by
// an operation in chunks and downloaded as gzip NDJSON; the organisation's privacy rules applied,
// a download before completion refused, the content removed after its retention, the routes
// refused to lower levels and other organisations. Summary batches over a search too.

import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_PER_STEP } from '../../src/server/exports/export-step.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

const fixture = (n: number, rage: boolean) =>
  JSON.stringify({
    id: `visitor-${n}:s-${n}`,
    user: { uid: `shopper-${n}` },
    events: [
      { type: 'navigate', timestamp: `2026-11-20T10:${String(n % 60).padStart(2, '0')}:00.000Z`, url: 'https://shop.example/checkout' },
      { type: 'input-change', timestamp: `2026-11-20T10:${String(n % 60).padStart(2, '0')}:02.000Z`, target: { selector: 'input#email' }, value: `shopper${n}@example.com` },
      ...(rage ? [{ type: 'rage-click', timestamp: `2026-11-20T10:${String(n % 60).padStart(2, '0')}:05.000Z`, target: { selector: 'button#pay' }, count: 4 }] : []),
    ],
  });

async function download(server: ServerHarness, key: string, id: string): Promise<{ status: number; headers: Headers; lines: Record<string, any>[] }> {
  const response = await server.app.request(`/v2/exports/${id}/download`, { headers: { authorization: `Basic ${key}` } });
  if (response.status !== 200) return { status: response.status, headers: response.headers, lines: [] };
  const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
  return { status: 200, headers: response.headers, lines: text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, any>) };
}

describe.each(STORE_KINDS)('exports (%s)', (store) => {
  let server: ServerHarness;
  let key: string;
  const rageCount = SESSIONS_PER_STEP + 7;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    key = server.keys.acme.architect;
    for (let n = 0; n < rageCount + 5; n++) await importSession(server.stores.na1, server.orgs.acme, fixture(n, n < rageCount), { source: `s${n}.json`, now: server.clock.now });
    await importSession(server.stores[server.orgs.globex.dataCenter], server.orgs.globex, fixture(999, true), { source: 'other.json', now: server.clock.now });
    expect((await server.request('PUT', '/v2/settings/privacy', { key, body: { presets: ['email'] } })).status).toBe(200);
  });
  afterAll(async () => server.close());

  it('exports the sessions of a search with their events, in chunks, redacted, once each', async () => {
    const submitted = await server.request('POST', '/v2/exports/search', { key, body: { has_events: [{ type: 'rage-click' }] } });
    expect(submitted.status).toBe(202);
    const id = submitted.body.operation.id as string;
    expect(submitted.body.operation).toMatchObject({ kind: 'export', status: 'PENDING' });
    const early = await server.request('GET', `/v2/exports/${id}/download`, { key });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('not_ready');
    expect(early.body.message).toBe(`export ${id} is not complete yet: download it once GET /v2/operations/${id} says COMPLETED`);
    // A cancelled export never completes: its download says so rather than asking to wait.
    const cancelled = (await server.request('POST', '/v2/exports/search', { key, body: { has_events: [{ type: 'click' }] } })).body.operation.id as string;
    expect((await server.request('DELETE', `/v2/operations/${cancelled}`, { key })).body.status).toBe('CANCELLED');
    const never = await server.request('GET', `/v2/exports/${cancelled}/download`, { key });
    expect(never.status).toBe(409);
    expect(never.body).toEqual({ code: 'not_ready', message: `export ${cancelled} was cancelled: it will never complete; start a new export` });
    server.jobs.start();
    await server.jobs.idle();
    const operation = (await server.request('GET', `/v2/operations/${id}`, { key })).body;
    expect(operation).toMatchObject({ status: 'COMPLETED', result: { lines: rageCount, download: `/v2/exports/${id}/download` } });
    const { status, headers, lines } = await download(server, key, id);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/x-ndjson');
    expect(headers.get('content-encoding')).toBe('gzip');
    expect(lines).toHaveLength(rageCount);
    expect(new Set(lines.map((line) => line.id)).size).toBe(rageCount);
    expect(lines.every((line) => line.events.some((event: { type: string }) => event.type === 'rage-click'))).toBe(true);
    expect(lines[0]).toMatchObject({ app_url: expect.stringContaining('/session/'), created_time: expect.any(String) });
    const values = lines.flatMap((line) => line.events.filter((event: { type: string }) => event.type === 'input-change').map((event: { value: string }) => event.value));
    expect(values.every((value) => value === '[email]')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('@example.com');
  });

  it('loses the lines of a user deleted after the export, and keeps the others', async () => {
    const submitted = await server.request('POST', '/v2/exports/search', { key, body: { url_contains: 'checkout' } });
    await server.jobs.idle();
    const before = await download(server, key, submitted.body.operation.id);
    const user = (await server.request('GET', '/v2/users?uid=shopper-3', { key })).body.id as string;
    expect(before.lines.some((line) => line.id.startsWith(`${user}:`))).toBe(true);
    expect((await server.request('DELETE', `/v2/users/${user}`, { key })).status).toBe(202);
    await server.jobs.idle();
    const after = await download(server, key, submitted.body.operation.id);
    expect(after.lines.some((line) => line.id.startsWith(`${user}:`) || line.user?.uid === 'shopper-3' || JSON.stringify(line).includes(`"${user}"`))).toBe(false);
    expect(after.lines).toHaveLength(before.lines.length - 1);
  });

  it('exports the raw events of a time range, by name', async () => {
    const post = (body: unknown) => server.request('POST', '/v2/events', { key: server.keys.acme.standard, body });
    await post({ name: 'Checkout Started', timestamp: '2026-11-21T09:00:00.000Z', user: { uid: 'buyer' }, properties: { contact: 'buyer@example.com' } });
    await post({ name: 'Checkout Started', timestamp: '2026-11-21T11:00:00.000Z', user: { uid: 'buyer' } });
    await post({ name: 'Coupon Applied', timestamp: '2026-11-21T09:30:00.000Z', user: { uid: 'buyer' } });
    const submitted = await server.request('POST', '/v2/exports/events', { key, body: { from: '2026-11-21T08:00:00Z', to: '2026-11-21T10:00:00Z', names: ['Checkout Started'] } });
    expect(submitted.status).toBe(202);
    await server.jobs.idle();
    const { lines } = await download(server, key, submitted.body.operation.id);
    expect(lines).toEqual([expect.objectContaining({ name: 'Checkout Started', timestamp: '2026-11-21T09:00:00.000Z', properties: { contact: '[email]' } })]);
    const bad = await server.request('POST', '/v2/exports/events', { key, body: { from: '2026-11-21T10:00:00Z', to: '2026-11-21T08:00:00Z' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: 'to', message: 'must be after from' }]);
  });

  it('summarises the sessions of a search as a summary batch', async () => {
    const profile = (await server.request('POST', '/v2/visit_profile', { key, body: { name: 'Rage', llm: { pre_prompt: 'Summarise.' } } })).body.id as string;
    const submitted = await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profile}`, { key, body: { search: { has_events: [{ type: 'rage-click', min_count: 1 }], url_contains: 'checkout' } } });
    expect(submitted.status).toBe(202);
    // shopper-3, one of them, was deleted above.
    expect(submitted.body.operation.progress.total).toBe(rageCount - 1);
    await server.jobs.idle();
    expect((await server.request('GET', `/v2/operations/${submitted.body.operation.id}`, { key })).body).toMatchObject({ status: 'COMPLETED', result: { summarized: rageCount - 1, failed: 0 } });
  });

  it('refuses exports to lower levels and other organisations, and removes content after its retention', async () => {
    const submitted = await server.request('POST', '/v2/exports/search', { key, body: {} });
    const id = submitted.body.operation.id as string;
    await server.jobs.idle();
    expect((await server.request('POST', '/v2/exports/search', { key: server.keys.acme.standard, body: {} })).status).toBe(403);
    expect((await server.request('POST', '/v2/exports/events', { key: server.keys.acme.standard, body: { from: '2026-11-21T08:00:00Z', to: '2026-11-21T10:00:00Z' } })).status).toBe(403);
    expect((await server.request('GET', `/v2/exports/${id}/download`, { key: server.keys.acme.standard })).status).toBe(403);
    expect((await server.request('GET', `/v2/exports/${id}/download`, { key: server.keys.globex.admin })).status).toBe(404);
    expect((await download(server, key, id)).lines).toHaveLength(rageCount + 5 - 1);
    // Eight days later the runner removes the content.
    server.clock.now = new Date(server.clock.now.getTime() + 8 * 24 * 60 * 60 * 1000);
    await server.request('POST', '/v2/events', { key, body: { name: 'Wake', user: { uid: 'buyer' } } });
    await server.request('POST', '/v2/users/batch', { key, body: { requests: [{ uid: 'wake' }] } });
    await server.jobs.idle();
    const expired = await server.request('GET', `/v2/exports/${id}/download`, { key });
    expect(expired.status).toBe(404);
    expect(expired.body.message).toContain('has expired');
  });
});
