// Operations with real `recap serve` processes on one PostgreSQL database: a summary batch whose
// instance is killed with SIGKILL mid-operation finishes on another instance with every session
// summarised exactly once, and a cancel sent to one instance stops the operation running on another.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { openStores } from '../../src/server/store/open-stores.js';
import { startGeminiStandIn, type GeminiStandIn } from '../support/gemini-stand-in.js';
import { startServe, waitFor, type ServeProcess } from '../support/serve-processes.js';
import { throwawayPostgres } from '../support/throwaway-postgres.js';

const SESSIONS = 40;
/** Short leases, so that the killed instance's operation is taken over within the test. */
const ARGS = ['--job-lease-ms', '1500', '--provider', 'gemini', '--summary-cache', 'off'];

let standIn: GeminiStandIn;
let cwd: string;
let env: Record<string, string>;
let key: string;
let sessionIds: string[];
/** Answers sent by the stand-in, per session id found in the prompt. */
const answered = new Map<string, number>();
let delayMs = 100;
const running: ServeProcess[] = [];

async function call(url: string, method: string, target: string, body?: unknown) {
  const response = await fetch(`${url}${target}`, { method, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

async function serve(): Promise<ServeProcess> {
  const instance = await startServe({ cwd, env: { ...env, GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: standIn.url }, args: ARGS });
  running.push(instance);
  return instance;
}

beforeAll(async () => {
  standIn = await startGeminiStandIn({
    handler: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const prompt = request.body?.contents?.[0]?.parts?.[0]?.text ?? '';
      const id = /visitor-(\d+)/.exec(prompt)?.[1];
      if (id !== undefined) answered.set(id, (answered.get(id) ?? 0) + 1);
      return undefined;
    },
  });
  cwd = await mkdtemp(path.join(tmpdir(), 'recap-operations-'));
  env = throwawayPostgres('operations').env;
  const stores = await openStores({ dataDir: path.join(cwd, '.recap/data'), env });
  try {
    const org = await createOrganisation(stores, { name: 'acme', dataCenter: 'na1', serverEventQuota: null, now: new Date() });
    key = (await createKey(stores, { orgName: 'acme', name: 'ops', level: 'architect', now: new Date() })).key;
    sessionIds = [];
    for (let n = 0; n < SESSIONS; n++) {
      const fixture = { id: `visitor-${n}:s-${n}`, user: { uid: `visitor-${n}` }, events: [{ type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: `https://shop.example/p/${n}`, title: `visitor-${n} page` }] };
      sessionIds.push((await importSession(stores.na1, org, JSON.stringify(fixture), { source: `s${n}.json`, now: new Date() })).id);
    }
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((instance) => instance.crash().catch(() => undefined)));
  await standIn.close();
});

describe('operations across recap serve processes on one PostgreSQL database', () => {
  it('finish a summary batch on another instance after SIGKILL, every session summarised exactly once', async () => {
    const victim = await serve();
    const profile = (await call(victim.url, 'POST', '/v2/visit_profile', { name: 'Ops', llm: { pre_prompt: 'Summarise.' } })).body.id as string;
    const submitted = await call(victim.url, 'POST', `/v2/sessions/summary/batch?config_profile=${profile}`, { session_ids: sessionIds });
    expect(submitted.status).toBe(202);
    const id = submitted.body.operation.id as string;
    await waitFor(async () => ((await call(victim.url, 'GET', `/v2/operations/${id}`)).body.progress.done >= 8 ? true : undefined), 'the operation under way', 60_000, 20);
    await victim.crash();
    const survivor = await serve();
    const done = await waitFor(async () => {
      const operation = (await call(survivor.url, 'GET', `/v2/operations/${id}`)).body;
      return operation.status === 'PROCESSING' || operation.status === 'PENDING' ? undefined : operation;
    }, 'the operation to finish on the other instance');
    expect(done).toMatchObject({ status: 'COMPLETED', progress: { done: SESSIONS, total: SESSIONS, failed: 0 }, result: { summarized: SESSIONS, failed: 0 } });
    const lines: { session_id: string }[] = [];
    let token: string | null = null;
    do {
      const page: { results: { session_id: string }[]; next_page_token: string | null } = (await call(survivor.url, 'GET', `/v2/operations/${id}/results?page_size=15${token === null ? '' : `&page_token=${token}`}`)).body;
      lines.push(...page.results);
      token = page.next_page_token;
    } while (token !== null);
    expect(lines.map((line) => line.session_id).sort()).toEqual([...sessionIds].sort());
    // Each session was answered once by the model: answers received before the kill but not yet
    // committed were found in the operation's cache by the instance that took over. Only calls in
    // flight at the kill (their answers never arrived) may have been asked twice.
    const twice = [...answered].filter(([, count]) => count > 1);
    expect(twice.length).toBeLessThanOrEqual(4);
    expect(answered.size).toBe(SESSIONS);
  }, 180_000);

  it('cancel sent to one instance stops the operation another instance runs', async () => {
    delayMs = 300;
    // The instance that took the first operation over; it runs this one (the other starts after).
    const runner = running.filter((instance) => instance.child.exitCode === null && instance.child.signalCode === null)[0] ?? (await serve());
    const profile = (await call(runner.url, 'POST', '/v2/visit_profile', { name: 'Cancel me', llm: { pre_prompt: 'Summarise briefly.' } })).body.id as string;
    const submitted = await call(runner.url, 'POST', `/v2/sessions/summary/batch?config_profile=${profile}`, { session_ids: sessionIds });
    const id = submitted.body.operation.id as string;
    await waitFor(async () => ((await call(runner.url, 'GET', `/v2/operations/${id}`)).body.progress.done >= 8 ? true : undefined), 'the operation under way', 60_000, 20);
    const other = await serve();
    const cancelled = await call(other.url, 'DELETE', `/v2/operations/${id}`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    const calls = () => standIn.requests.filter((request) => request.path.includes(':generateContent')).length;
    // The running instance notices at its next heartbeat and aborts its calls: the model stops being asked.
    const settled = await waitFor(
      async () => {
        const before = calls();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return calls() === before ? before : undefined;
      },
      'the model calls to stop',
      30_000,
      0,
    );
    const final = (await call(other.url, 'GET', `/v2/operations/${id}`)).body;
    expect(final.status).toBe('CANCELLED');
    expect(final.progress.done).toBeLessThan(SESSIONS);
    expect(calls()).toBe(settled);
  }, 120_000);
});
