// Privacy settings over HTTP on both stores: recording settings (Standard), the rules document
// (Architect), element block rules (Admin), and a canary session whose protected texts never reach
// a context or a model request once the organisation's rules are set, cached summaries included.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSession } from '../../src/server/sessions/import-session.js';
import { startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

/** Texts the canary session holds that the rules below protect, each by another rule. */
const CANARIES = ['canary.shopper@example.org', '4242 4242 4242 4242', 'rst-8f3kq92', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjYW5hcnkifQ.c2lnbmF0dXJlLWNhbmFyeQ', 'Canary Secret Street 12', '+1 415 555 0199'];

const canarySession = JSON.stringify({
  id: 'canary-user:s-1',
  user: { uid: 'canary-user', email: 'canary.shopper@example.org', properties: { phone: '+1 415 555 0199' } },
  events: [
    { type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/reset?reset_token=rst-8f3kq92&step=2' },
    { type: 'input-change', timestamp: '2026-11-20T10:00:02.000Z', target: { selector: 'form#address > div.private > input#street', text: 'Street' }, value: 'Canary Secret Street 12' },
    { type: 'input-change', timestamp: '2026-11-20T10:00:03.000Z', target: { selector: 'form#pay > input#card' }, value: '4242 4242 4242 4242' },
    { type: 'console-error', timestamp: '2026-11-20T10:00:04.000Z', message: 'auth failed for Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjYW5hcnkifQ.c2lnbmF0dXJlLWNhbmFyeQ' },
    { type: 'click', timestamp: '2026-11-20T10:00:05.000Z', target: { selector: 'button#help', text: 'Help' } },
  ],
});

const RULES = { presets: ['email', 'card', 'secret'], mask_properties: ['user.properties.phone'], strip_url_params: ['reset_token'] };

describe.each(STORE_KINDS)('privacy settings on %s', (store) => {
  let standIn: GeminiStandIn;
  let server: ServerHarness;
  let sessionId: string;
  let profileId: string;
  beforeAll(async () => {
    standIn = await startGeminiStandIn({ apiKey: 'server-key' });
    server = await createServerHarness({ store, models: { provider: 'gemini', env: { GEMINI_API_KEY: 'server-key', GOOGLE_GEMINI_BASE_URL: standIn.url } } });
    sessionId = (await importSession(server.stores.na1, server.orgs.acme, canarySession, { source: 'canary.json', now: server.clock.now })).id;
    const profile = { llm: { pre_prompt: 'Summarise.' }, context: { include: ['user'] } };
    profileId = (await server.request('POST', '/v2/visit_profile', { key: server.keys.acme.standard, body: profile })).body.id as string;
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  const acme = (level: 'standard' | 'architect' | 'admin') => server.keys.acme[level];
  const context = async () => (await server.request('POST', `/v2/sessions/${encodeURIComponent(sessionId)}/context?config_profile=${profileId}`, { key: acme('architect') })).body as { prompt: string; privacy?: Record<string, number> };
  const summary = () => server.request('GET', `/v2/sessions/${encodeURIComponent(sessionId)}/summary?config_profile=${profileId}`, { key: acme('architect') });

  it('renders the session as stored while the organisation has no rules', async () => {
    const before = await context();
    for (const canary of CANARIES) expect(before.prompt).toContain(canary);
    expect(before.privacy).toBeUndefined();
    const settings = await server.request('GET', '/v2/settings/privacy', { key: acme('architect') });
    expect(settings).toMatchObject({ status: 200, body: { rules: {}, version: 0, updated: null } });
  });

  it('caches a summary made without rules, then never serves it once rules are put', async () => {
    standIn.enqueue('A summary that quotes canary.shopper@example.org.');
    expect((await summary()).headers.get('x-recap-cache')).toBe('miss');
    expect((await summary()).headers.get('x-recap-cache')).toBe('hit');

    const put = await server.request('PUT', '/v2/settings/privacy', { key: acme('architect'), body: RULES });
    expect(put).toMatchObject({ status: 200, body: { rules: RULES, version: 1, updated: server.clock.now.toISOString() } });
    const block = await server.request('POST', '/v2/settings/block-rules', { key: acme('admin'), body: { selector: '.private input', description: 'address fields' } });
    expect(block.status).toBe(201);

    const sent = standIn.requests.length;
    standIn.enqueue('A summary made under the rules.');
    const after = await summary();
    expect(after.status).toBe(200);
    expect(after.headers.get('x-recap-cache')).toBe('miss');
    expect(after.body).toEqual({ summary: 'A summary made under the rules.' });
    const request = JSON.stringify(standIn.requests.slice(sent));
    for (const canary of CANARIES) expect(request).not.toContain(canary);
    // Nor does the server's log, which names requests, never their bodies or prompts.
    const logs = JSON.stringify(server.logs);
    expect(logs).toContain('/summary');
    for (const canary of CANARIES) expect(logs).not.toContain(canary);
  });

  it('applies the rules and block rules to every context, and counts them', async () => {
    const redacted = await context();
    for (const canary of CANARIES) expect(redacted.prompt).not.toContain(canary);
    expect(redacted.prompt).toContain('https://shop.example/reset?step=2');
    expect(redacted.prompt).toContain('Help');
    expect(redacted.privacy).toEqual({ url_param: 1, blocked: 1, card: 1, secret: 1, email: 1, masked: 1 });
  });

  it('shows a Standard key what is captured and masked, pattern expressions left out', async () => {
    await server.request('PUT', '/v2/settings/privacy', { key: acme('architect'), body: { ...RULES, patterns: { order: 'ORD-[0-9]{6}' } } });
    const recording = await server.request('GET', '/v2/settings/recording', { key: acme('standard') });
    expect(recording.status).toBe(200);
    expect(recording.body).toMatchObject({
      data_center: 'na1',
      captured: { custom_events: true, server_events: true, user_properties: true },
      masked: { presets: ['email', 'card', 'secret'], patterns: ['order'], mask_properties: ['user.properties.phone'], block_selectors: ['.private input'], strip_url_params: ['reset_token'] },
      privacy_version: 3,
    });
    expect(recording.body.captured.session_event_types).toContain('rage-click');
    expect(JSON.stringify(recording.body)).not.toContain('ORD-');
  });

  it('refuses rules that do not compile with 400 naming the path, and keeps the rules in force', async () => {
    for (const [body, path] of [
      [{ presets: ['email', 'postcode'] }, 'presets[1]'],
      [{ patterns: { order: 'ORD-(?=x)' } }, 'patterns.order'],
      [{ mask_properties: ['user..phone'] }, 'mask_properties[0]'],
      [{ strip_url_params: 'token' }, 'strip_url_params'],
    ] as const) {
      const bad = await server.request('PUT', '/v2/settings/privacy', { key: acme('architect'), body });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('invalid_request');
      expect(bad.body.details.map((detail: { path: string }) => detail.path)).toEqual([path]);
    }
    const selector = await server.request('POST', '/v2/settings/block-rules', { key: acme('admin'), body: { selector: 'div[' } });
    expect(selector.status).toBe(400);
    expect(selector.body.details[0].path).toBe('selector');
    // A blank selector names no element; stored beside others it broke every context and summary.
    const blank = await server.request('POST', '/v2/settings/block-rules', { key: acme('admin'), body: { selector: '   ' } });
    expect(blank).toMatchObject({ status: 400, body: { code: 'invalid_request', details: [{ path: 'selector', message: expect.stringContaining('blank') }] } });
    const blankInDocument = await server.request('PUT', '/v2/settings/privacy', { key: acme('architect'), body: { block_selectors: ['#ok', ' \t '] } });
    expect(blankInDocument).toMatchObject({ status: 400, body: { details: [{ path: 'block_selectors[1]' }] } });
    expect((await server.request('GET', '/v2/settings/privacy', { key: acme('architect') })).body.version).toBe(3);
    const redacted = await context();
    for (const canary of CANARIES) expect(redacted.prompt).not.toContain(canary);
  });

  it('updates a block rule by id and deletes it; the rules change with it', async () => {
    const list = await server.request('GET', '/v2/settings/block-rules', { key: acme('admin') });
    expect(list.body.results).toHaveLength(1);
    const id = list.body.results[0].id as string;
    const updated = await server.request('POST', '/v2/settings/block-rules', { key: acme('admin'), body: { id, selector: 'button#help' } });
    expect(updated).toMatchObject({ status: 200, body: { id, selector: 'button#help', description: null } });
    const blockedHelp = await context();
    expect(blockedHelp.prompt).toContain('Canary Secret Street 12');
    expect(blockedHelp.prompt).not.toContain('"Help"');
    expect((await server.request('DELETE', `/v2/settings/block-rules/${id}`, { key: acme('admin') })).status).toBe(200);
    expect((await server.request('DELETE', `/v2/settings/block-rules/${id}`, { key: acme('admin') })).status).toBe(404);
    expect((await server.request('GET', '/v2/settings/block-rules', { key: acme('admin') })).body.results).toEqual([]);
  });

  it('creates one block rule for a request retried with its Idempotency-Key (spec: all create requests accept them)', async () => {
    const post = (body: unknown) => server.request('POST', '/v2/settings/block-rules', { key: acme('admin'), body, headers: { 'idempotency-key': 'block-rule-retry' } });
    const first = await post({ selector: '.retried' });
    const again = await post({ selector: '.retried' });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await post({ selector: '.another' })).body).toMatchObject({ code: 'idempotency_key_reused' });
    const list = await server.request('GET', '/v2/settings/block-rules', { key: acme('admin') });
    const retried = list.body.results.filter((rule: { selector: string }) => rule.selector === '.retried');
    expect(retried).toHaveLength(1);
    expect((await server.request('DELETE', `/v2/settings/block-rules/${retried[0].id}`, { key: acme('admin') })).status).toBe(200);
  });

  it('answers each level as the spec names them: recording Standard, privacy Architect, block rules Admin', async () => {
    const routes: [string, string, 'standard' | 'architect' | 'admin', unknown?][] = [
      ['GET', '/v2/settings/recording', 'standard'],
      ['GET', '/v2/settings/privacy', 'architect'],
      ['PUT', '/v2/settings/privacy', 'architect', RULES],
      ['GET', '/v2/settings/block-rules', 'admin'],
      ['POST', '/v2/settings/block-rules', 'admin', { selector: '#x' }],
      ['DELETE', '/v2/settings/block-rules/none', 'admin'],
    ];
    const levels = ['standard', 'architect', 'admin'] as const;
    for (const [method, path, needed, body] of routes) {
      for (const level of levels) {
        const response = await server.request(method, path, { key: acme(level), body });
        const allowed = levels.indexOf(level) >= levels.indexOf(needed);
        expect([method, path, level, response.status === 403]).toEqual([method, path, level, !allowed]);
      }
    }
  });

  it("keeps each organisation's rules to itself", async () => {
    const globex = await server.request('GET', '/v2/settings/privacy', { key: server.keys.globex.architect });
    expect(globex.body).toEqual({ rules: {}, version: 0, updated: null });
    expect((await server.request('GET', '/v2/settings/block-rules', { key: server.keys.globex.admin })).body.results).toEqual([]);
  });
});
