// An export with real `recap serve` processes on one PostgreSQL database: the instance writing it
// is killed with SIGKILL after some of its steps committed, another instance takes the operation
// over once the lease runs out, and the download holds every session exactly once.

import { mkdtemp } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createOrganisation } from '../../src/server/admin/admin-actions.js';
import { SESSIONS_PER_STEP } from '../../src/server/exports/export-step.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { openStores } from '../../src/server/store/open-stores.js';
import { runnerName, startServe, waitFor, type ServeProcess } from '../support/serve-processes.js';
import { throwawayPostgres } from '../support/throwaway-postgres.js';

/** Enough sessions for several steps of the export. */
const SESSIONS = SESSIONS_PER_STEP * 8;
/** Events per session: steps long enough for a kill to land between two of them. */
const EVENTS = 40;
/** Short leases, so that the killed instance's export is taken over within the test. */
const ARGS = ['--job-lease-ms', '1500'];

let cwd: string;
let env: Record<string, string>;
let key: string;
let sessionIds: string[];
const running: ServeProcess[] = [];

async function call(url: string, method: string, target: string, body?: unknown) {
  const response = await fetch(`${url}${target}`, { method, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/** A connection to the na1 schema, to read what is committed. */
let database: pg.Client;

/** The lease holder, status and committed chunks of job `id`, as the na1 database has them now. */
async function exportState(id: string): Promise<{ owner: string | null; status: string; chunks: number }> {
  const query = 'SELECT lease_owner AS owner, status, (SELECT count(*) FROM export_chunks WHERE job_id = $1) AS chunks FROM jobs WHERE id = $1';
  const row = (await database.query<{ owner: string | null; status: string; chunks: string }>(query, [id])).rows[0];
  if (row === undefined) throw new Error(`no job ${id} in the jobs table of ${env.RECAP_NA1_DATABASE_URL}`);
  return { owner: row.owner, status: row.status, chunks: Number(row.chunks) };
}

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'recap-export-instances-'));
  env = throwawayPostgres('export_instances').env;
  const stores = await openStores({ dataDir: path.join(cwd, '.recap/data'), env });
  try {
    const org = await createOrganisation(stores, { name: 'acme', dataCenter: 'na1', serverEventQuota: null, now: new Date() });
    key = (await createKey(stores, { orgName: 'acme', name: 'exports', level: 'architect', now: new Date() })).key;
    sessionIds = [];
    for (let n = 0; n < SESSIONS; n++) {
      const events = Array.from({ length: EVENTS }, (_, index) => ({ type: 'click', timestamp: `2026-11-20T10:${String(index).padStart(2, '0')}:00.000Z`, target: { selector: `button#b${index}`, text: `visitor ${n} button ${index}` } }));
      const fixture = { id: `visitor-${n}:s-${n}`, user: { uid: `visitor-${n}` }, events: [{ type: 'navigate', timestamp: '2026-11-20T09:59:00.000Z', url: `https://shop.example/p/${n}` }, ...events] };
      sessionIds.push((await importSession(stores.na1, org, JSON.stringify(fixture), { source: `s${n}.json`, now: new Date() })).id);
    }
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
  const target = new URL(env.RECAP_NA1_DATABASE_URL as string);
  const schema = target.searchParams.get('schema');
  target.searchParams.delete('schema');
  database = new pg.Client({ connectionString: target.toString(), options: `-c search_path=${schema}` });
  await database.connect();
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((instance) => instance.crash().catch(() => undefined)));
  await database?.end();
});

describe('an export across recap serve processes on one PostgreSQL database', () => {
  it('finishes on another instance after SIGKILL of the one writing it, every session in the download exactly once', async () => {
    running.push(...(await Promise.all([0, 1].map(() => startServe({ cwd, env, args: ARGS })))));
    const names = await Promise.all(running.map((instance) => runnerName(instance)));
    const submitted = await call((running[0] as ServeProcess).url, 'POST', '/v2/exports/search', { url_contains: 'shop.example' });
    expect(submitted.status).toBe(202);
    const id = submitted.body.operation.id as string;
    // Frozen (SIGSTOP), an instance commits nothing more: if the database then shows it holding the
    // lease of the unfinished export with some of its chunks written, it is killed mid-way.
    let steps = 0;
    const victim = await waitFor(
      async () => {
        const holder = running[names.indexOf((await exportState(id)).owner ?? '')];
        if (holder === undefined) return undefined;
        holder.child.kill('SIGSTOP');
        const state = await exportState(id);
        if (state.status === 'PROCESSING' && state.chunks > 0 && running[names.indexOf(state.owner ?? '')] === holder) {
          steps = state.chunks;
          return holder;
        }
        holder.child.kill('SIGCONT');
        if (state.status !== 'PROCESSING') throw new Error(`export ${id} ended (${state.status}, ${state.chunks} chunks) before an instance could be killed mid-way`);
        return undefined;
      },
      'an instance holding the lease of the export with some chunks written',
      60_000,
      5,
    );
    await victim.crash();
    expect(steps).toBeLessThan(SESSIONS / SESSIONS_PER_STEP);
    const survivor = running.find((instance) => instance !== victim) as ServeProcess;
    const done = await waitFor(async () => {
      const operation = (await call(survivor.url, 'GET', `/v2/operations/${id}`)).body;
      return operation.status === 'PROCESSING' || operation.status === 'PENDING' ? undefined : operation;
    }, 'the export to finish on the other instance', 60_000);
    expect(done).toMatchObject({ status: 'COMPLETED', result: { lines: SESSIONS } });
    expect((await exportState(id)).owner).toBeNull();
    const metrics = await (await fetch(`${survivor.url}/metrics`)).text();
    expect(Number(/^recap_lease_takeovers_total\{what="job"\} (\d+)/m.exec(metrics)?.[1] ?? 0)).toBeGreaterThanOrEqual(1);
    // Read as sent (fetch would undo the gzip itself): the bytes must be one gzip stream.
    const download = await new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      get(`${survivor.url}/v2/exports/${id}/download`, { headers: { authorization: `Basic ${key}` } }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts) }));
        response.on('error', reject);
      }).on('error', reject);
    });
    expect(download.status).toBe(200);
    const lines = gunzipSync(download.body)
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { id: string; events: unknown[] });
    expect(lines.map((line) => line.id).sort()).toEqual([...sessionIds].sort());
    expect(lines.every((line) => line.events.length === EVENTS + 1)).toBe(true);
  }, 120_000);
});
