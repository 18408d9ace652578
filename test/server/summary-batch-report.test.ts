// A page of a summary batch's results, saved as JSONL, is a results file: the JSONL line contract
// (docs/many-sessions.md#the-jsonl-line-format) holds for the server's items, so `recap report`
// and buildReport read them and link each session at its app_url.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultLineProblem } from '../../src/batch/result-line.js';
import { parseResultsText } from '../../src/batch/results-file.js';
import { buildReport } from '../../src/batch/report/build-report.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { createConcurrencyLimit } from '../../src/server/summaries/concurrency-limit.js';
import { summarizeBatchItems } from '../../src/server/summaries/summary-batch.js';
import { runCli } from '../support/run-cli.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

const fixture = (n: number) =>
  JSON.stringify({
    id: `visitor-${n}:s-${n}`,
    user: { uid: `shopper-${n}` },
    events: [
      { type: 'navigate', timestamp: '2026-11-20T10:00:00.000Z', url: 'https://shop.example/checkout' },
      { type: 'rage-click', timestamp: '2026-11-20T10:00:05.000Z', target: { selector: 'button#pay', text: 'Pay' }, count: 4 },
    ],
  });

/**
 * Deletes user `userId` to the end (every step in this process), then summarises the first two
 * items of the summary batch `operation` as a runner would: their result lines.
 */
async function summarizeAfterDeletion(server: ServerHarness, key: string, operation: string, userId: string) {
  const deletion = (await server.request('DELETE', `/v2/users/${userId}`, { key })).body.job.id as string;
  while (!(await server.stores.na1.transaction((writer) => writer.deleteUserDataStep(server.orgs.acme.id, deletion))));
  const job = await server.stores.na1.findJob(server.orgs.acme.id, operation);
  if (job === undefined) throw new Error(`no job ${operation}`);
  const items = await server.stores.na1.readJobItems(operation, 0, 2);
  const context = { deps: server.deps, store: server.stores.na1, limit: createConcurrencyLimit(2), signal: new AbortController().signal };
  return summarizeBatchItems(context, job, items, 0);
}

describe('a page of summary batch results saved as JSONL', () => {
  let server: ServerHarness;
  let work: string;
  let sessionIds: string[];
  let text: string;
  const appUrlOf = (id: string) => `https://app.recap.test/session/${encodeURIComponent(id)}`;

  beforeAll(async () => {
    server = await createServerHarness();
    work = await mkdtemp(path.join(tmpdir(), 'recap-batch-report-'));
    const key = server.keys.acme.architect;
    sessionIds = [];
    for (const n of [1, 2]) sessionIds.push((await importSession(server.stores.na1, server.orgs.acme, fixture(n), { source: `s${n}.json`, now: server.clock.now })).id);
    const profileId = (await server.request('POST', '/v2/visit_profile', { key, body: { name: 'Batch', llm: { pre_prompt: 'Summarise the session.' } } })).body.id as string;
    const submitted = await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [...sessionIds, 'nobody:s-0'] } });
    expect(submitted.status).toBe(202);
    await server.jobs.idle();
    const page = await server.request('GET', `/v2/operations/${submitted.body.operation.id}/results`, { key });
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(3);
    text = (page.body.results as unknown[]).map((line) => `${JSON.stringify(line)}\n`).join('');
    await writeFile(path.join(work, 'server.jsonl'), text);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('parses as a results file, and buildReport links each session at its app_url', () => {
    const content = parseResultsText(text, 'server.jsonl');
    expect(content.lines.map((line) => line.session_id)).toEqual([...sessionIds, 'nobody:s-0']);
    const report = buildReport(content.lines);
    expect(report.totals).toMatchObject({ sessions: 3, ok: 2, failed: 1 });
    expect(report.totals.failures).toEqual([{ value: 'not_found', count: 1, sessions: [{ session_id: 'nobody:s-0', file: 'nobody:s-0' }] }]);
    const grounded = report.grounding?.buckets.flatMap((bucket) => bucket.sessions) ?? [];
    expect(grounded.map((ref) => ref.app_url).sort()).toEqual(sessionIds.map(appUrlOf).sort());
  });

  it('is read by recap report, whose links point at the sessions in the app', async () => {
    const run = await runCli(['report', 'server.jsonl'], { cwd: work });
    expect(run.stderr).not.toContain('not a result line');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('| sessions | 3 |');
    for (const id of sessionIds) expect(run.stdout).toContain(`](${appUrlOf(id)})`);
  });
});

describe("a summary batch whose first session's user was deleted", () => {
  it('answers the line a deletion leaves for it and summarises the others with the profile the first item held, lines recap report reads', async () => {
    const server = await createServerHarness({ runJobs: false });
    try {
      const key = server.keys.acme.architect;
      const ids: string[] = [];
      for (const n of [1, 2]) ids.push((await importSession(server.stores.na1, server.orgs.acme, fixture(n), { source: `s${n}.json`, now: server.clock.now })).id);
      const profileId = (await server.request('POST', '/v2/visit_profile', { key, body: { llm: { pre_prompt: 'Summarise.' } } })).body.id as string;
      const operation = (await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: ids } })).body.operation.id as string;
      // The first item (it carries the profile) names the first user's session: deleting her removes the session, not the profile.
      const results = await summarizeAfterDeletion(server, key, operation, ids[0]?.split(':')[0] as string);
      expect(results.map((entry) => resultLineProblem(entry.result))).toEqual([undefined, undefined]);
      expect(results[0]).toMatchObject({ index: 0, ok: false, result: { file: '[deleted] item 0', error: { code: 'deleted', message: 'the data of a deleted user' } } });
      expect(results[1]).toMatchObject({ index: 1, ok: true, result: { session_id: ids[1], file: ids[1], result: { summary: expect.any(String) } } });
    } finally {
      await server.close();
    }
  });
});

describe.each(STORE_KINDS)('a summary batch that named a deleted user (%s)', (store) => {
  let server: ServerHarness;
  let key: string;
  let ids: string[];
  let profileId: string;
  const userOf = (id: string) => id.split(':')[0] as string;
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    key = server.keys.acme.architect;
    ids = [];
    for (const n of [1, 2, 3]) ids.push((await importSession(server.stores.na1, server.orgs.acme, fixture(n), { source: `s${n}.json`, now: server.clock.now })).id);
    profileId = (await server.request('POST', '/v2/visit_profile', { key, body: { name: 'Batch', llm: { pre_prompt: 'Summarise.' } } })).body.id as string;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the summarised line of the deleted session as an error line (code deleted) that recap report reads', async () => {
    const operation = (await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [ids[0], ids[1]] } })).body.operation.id as string;
    server.jobs.start();
    await server.jobs.idle();
    expect((await server.request('DELETE', `/v2/users/${userOf(ids[1] as string)}`, { key })).status).toBe(202);
    await server.jobs.idle();
    const page = await server.request('GET', `/v2/operations/${operation}/results`, { key });
    const run = page.body.results[0].run;
    expect(page.body.results[1]).toEqual({ file: '[deleted] item 1', error: { code: 'deleted', message: 'the data of a deleted user' }, run });
    const text = (page.body.results as unknown[]).map((line) => `${JSON.stringify(line)}\n`).join('');
    expect(text).not.toContain(userOf(ids[1] as string));
    const content = parseResultsText(text, 'server.jsonl');
    expect(content.lines.map((line) => line.file)).toEqual([ids[0], '[deleted] item 1']);
    const report = buildReport(content.lines);
    expect(report.totals).toMatchObject({ sessions: 2, ok: 1, failed: 1 });
    expect(report.totals.failures).toEqual([{ value: 'deleted', count: 1, sessions: [{ session_id: '[deleted] item 1', file: '[deleted] item 1' }] }]);
  });

  it('answers an item the deletion replaced before it was summarised as the same error line', async () => {
    await server.jobs.stop();
    const operation = (await server.request('POST', `/v2/sessions/summary/batch?config_profile=${profileId}`, { key, body: { session_ids: [ids[0], ids[2]] } })).body.operation.id as string;
    const results = await summarizeAfterDeletion(server, key, operation, userOf(ids[2] as string));
    const run = (results[0]?.result as { run: unknown }).run;
    expect(results[1]).toEqual({ index: 1, ok: false, result: { file: '[deleted] item 1', error: { code: 'deleted', message: 'the data of a deleted user' }, run } });
    expect(buildReport(parseResultsText(results.map((entry) => `${JSON.stringify(entry.result)}\n`).join(''), 'items.jsonl').lines).totals.failures).toEqual([
      { value: 'deleted', count: 1, sessions: [{ session_id: '[deleted] item 1', file: '[deleted] item 1' }] },
    ]);
  });
});
