// Identical summaries asked of real `recap serve` processes on one PostgreSQL database at once: one
// instance asks the model and the others answer with its answer; when the instance asking is killed
// with SIGKILL while the model answers, another asks in turn once the hold's lease has run out.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { openStores } from '../../src/server/store/open-stores.js';
import { startGeminiStandIn, type GeminiHandler, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { startServe, waitFor, type ServeProcess } from '../support/serve-processes.js';
import { throwawayPostgres } from '../support/throwaway-postgres.js';

/** A short hold, so that a killed instance's summary is taken over within the test. */
const ARGS = ['--provider', 'gemini', '--key-lease-ms', '1500'];

let standIn: GeminiStandIn;
let cwd: string;
let env: Record<string, string>;
let key: string;
let sessionId: string;
const running: ServeProcess[] = [];
let handler: GeminiHandler | undefined;

const generateCalls = () => standIn.requests.filter((request) => request.path.includes(':generateContent')).length;

async function call(url: string, method: string, target: string, body?: unknown) {
  const response = await fetch(`${url}${target}`, { method, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, cache: response.headers.get('x-recap-cache'), body: (await response.json()) as any };
}

/** A new profile: a summary no instance has asked for yet. */
async function summaryPath(url: string, name: string): Promise<string> {
  const created = await call(url, 'POST', '/v2/visit_profile', { name, llm: { pre_prompt: `Summarise (${name}).`, grounding: 'off' } });
  expect(created.status).toBe(200);
  return `/v2/sessions/${encodeURIComponent(sessionId)}/summary?config_profile=${created.body.id as string}`;
}

beforeAll(async () => {
  standIn = await startGeminiStandIn({ handler: (request) => handler?.(request) });
  cwd = await mkdtemp(path.join(tmpdir(), 'recap-summary-instances-'));
  env = throwawayPostgres('summary_instances').env;
  const stores = await openStores({ dataDir: path.join(cwd, '.recap/data'), env });
  try {
    const org = await createOrganisation(stores, { name: 'acme', dataCenter: 'na1', serverEventQuota: null, now: new Date() });
    key = (await createKey(stores, { orgName: 'acme', name: 'summaries', level: 'architect', now: new Date() })).key;
    const fixture = { id: 'visitor-1:s-1', user: { uid: 'visitor-1' }, events: [{ type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/cart', title: 'Cart' }] };
    sessionId = (await importSession(stores.na1, org, JSON.stringify(fixture), { source: 's1.json', now: new Date() })).id;
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
  running.push(...(await Promise.all([0, 1, 2].map(() => startServe({ cwd, env: { ...env, GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: standIn.url }, args: ARGS })))));
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((instance) => instance.crash().catch(() => undefined)));
  await standIn.close();
});

describe('one summary asked of several recap serve processes at once', () => {
  it('makes one model call, and every instance answers with its answer', async () => {
    const target = await summaryPath((running[0] as ServeProcess).url, 'at once');
    handler = async (request) => {
      if (!request.path.includes(':generateContent')) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return 'the one answer';
    };
    const before = generateCalls();
    const responses = await Promise.all([...running, ...running].map((instance) => call(instance.url, 'GET', target)));
    expect(generateCalls() - before).toBe(1);
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 6 }, () => 200));
    expect(responses.map((response) => response.body)).toEqual(Array.from({ length: 6 }, () => ({ summary: 'the one answer' })));
    expect(responses.filter((response) => response.cache === 'miss')).toHaveLength(1);
  }, 60_000);

  it('is asked again by a waiting instance when the instance asking is killed while the model answers', async () => {
    const [victim, waiter, third] = running as [ServeProcess, ServeProcess, ServeProcess];
    const target = await summaryPath(victim.url, 'killed');
    let calls = 0;
    handler = async (request) => {
      if (!request.path.includes(':generateContent')) return undefined;
      // The first call never answers within the test: its instance dies waiting.
      if (++calls === 1) await new Promise((resolve) => setTimeout(resolve, 60_000));
      return 'after the crash';
    };
    const before = generateCalls();
    const lost = call(victim.url, 'GET', target).catch(() => undefined);
    await waitFor(async () => (generateCalls() - before === 1 ? true : undefined), 'the first model call');
    const waiting = call(waiter.url, 'GET', target);
    // The waiter holds back while the victim's hold is live.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(generateCalls() - before).toBe(1);
    await victim.crash();
    await lost;
    const answer = await waiting;
    expect(answer).toMatchObject({ status: 200, cache: 'miss', body: { summary: 'after the crash' } });
    expect(generateCalls() - before).toBe(2);
    expect(await call(third.url, 'GET', target)).toMatchObject({ status: 200, cache: 'hit', body: { summary: 'after the crash' } });
    expect(generateCalls() - before).toBe(2);
  }, 60_000);
});
