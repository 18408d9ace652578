// POST /v2/exports/events on both stores, after many other events of the organisation: the
// download holds exactly the events of the range (and names), in the order they were received,
// and the database hands the export's steps only those events (the range and names are the
// read's WHERE; events have no index by timestamp, so the steps walk them in creation order).

import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_SCANNED_PER_STEP, exportStep } from '../../src/server/exports/export-step.js';
import type { EventRecord, JobRecord } from '../../src/server/store/records.js';
import type { StoreWriter } from '../../src/server/store/store.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

/** Events outside the range, received before (most) and among the range's. */
const OTHERS = EVENTS_SCANNED_PER_STEP + 5_000;
const FROM = '2026-11-21T08:00:00.000Z';
const TO = '2026-11-21T10:00:00.000Z';

/**
 * Event `index`: in [FROM, TO) (timestamps out of order) are event 10 and every other one after
 * OTHERS; the rest are hours before or after the range.
 */
function eventAt(orgId: string, index: number): EventRecord {
  const inRange = index === 10 || (index >= OTHERS && index % 2 === 0);
  const minutes = inRange ? (index * 7) % 120 : index % 2 === 0 ? -60 - (index % 500) : 180 + (index % 500);
  return {
    orgId,
    id: `ev-${index}`,
    name: index % 3 === 0 ? 'Coupon Applied' : 'Checkout Started',
    timestamp: new Date(Date.parse(FROM) + minutes * 60_000).toISOString(),
    userId: null,
    sessionId: null,
    properties: { index },
    context: null,
    createdAt: FROM,
  };
}

describe.each(STORE_KINDS)('an events export after many other events (%s)', (store) => {
  let server: ServerHarness;
  let key: string;
  /** The range's events, in the order they were stored. */
  let expected: EventRecord[];
  beforeAll(async () => {
    server = await createServerHarness({ store, runJobs: false });
    key = server.keys.acme.architect;
    const orgId = server.orgs.acme.id;
    const all = Array.from({ length: OTHERS + 60 }, (_, index) => eventAt(orgId, index));
    for (let start = 0; start < all.length; start += 5000) await server.stores.na1.transaction((writer) => writer.insertEvents(all.slice(start, start + 5000)));
    expected = all.filter((record) => record.timestamp >= FROM && record.timestamp < TO);
    expect(expected.length).toBe(31);
  }, 60_000);
  afterAll(async () => server.close());

  const download = async (id: string) => {
    const response = await server.app.request(`/v2/exports/${id}/download`, { headers: { authorization: `Basic ${key}` } });
    expect(response.status).toBe(200);
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { id: string; name: string; timestamp: string; properties: unknown });
  };

  it('exports exactly the events of a narrow range, and of its names, in the order they were received', async () => {
    const ids: Record<string, string> = {};
    for (const [label, body] of [['all', { from: FROM, to: TO }], ['named', { from: FROM, to: TO, names: ['Coupon Applied'] }]] as const) {
      const submitted = await server.request('POST', '/v2/exports/events', { key, body });
      expect(submitted.status).toBe(202);
      ids[label] = submitted.body.operation.id as string;
    }
    server.jobs.start();
    await server.jobs.idle();
    const all = await download(ids.all as string);
    expect(all).toEqual(expected.map((record) => ({ id: record.id, name: record.name, timestamp: record.timestamp, user_id: null, session_id: null, properties: record.properties, context: null })));
    const named = await download(ids.named as string);
    expect(named.map((line) => line.id)).toEqual(expected.filter((record) => record.name === 'Coupon Applied').map((record) => record.id));
    expect(named.length).toBeGreaterThan(0);
    expect((await server.request('GET', `/v2/operations/${ids.all}`, { key })).body).toMatchObject({ status: 'COMPLETED', result: { lines: expected.length } });
  });

  it("hands the export's steps only the range's events, a window of the organisation's events at a time", async () => {
    // The runner started above would take the job: it is run here, step by step, instead.
    await server.jobs.stop();
    const submitted = await server.request('POST', '/v2/exports/events', { key, body: { from: FROM, to: TO } });
    const id = submitted.body.operation.id as string;
    const received: EventRecord[] = [];
    /** The writer, with every event any of its reads returns recorded. */
    const watched = (writer: StoreWriter): StoreWriter =>
      new Proxy(writer, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            const result: unknown = await (value as (...values: unknown[]) => unknown).apply(target, args);
            const items = (result as { items?: unknown } | undefined)?.items;
            if (Array.isArray(items)) received.push(...(items as EventRecord[]).filter((item) => typeof item?.name === 'string' && 'timestamp' in item));
            return result;
          };
        },
      });
    let steps = 0;
    for (let done = false; !done; steps++) {
      const job = (await server.stores.na1.findJob(server.orgs.acme.id, id)) as JobRecord;
      done = (await server.stores.na1.transaction((writer) => exportStep(watched(writer), job, server.deps))).done;
    }
    expect(received.map((record) => record.id)).toEqual(expected.map((record) => record.id));
    // Each step looked through at most EVENTS_SCANNED_PER_STEP of the organisation's events.
    expect(steps).toBe(Math.ceil((OTHERS + 60) / EVENTS_SCANNED_PER_STEP));
  });
});
