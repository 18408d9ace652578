// A number beyond ±1.8e308 in a batch item (JSON.parse reads `1e400` as Infinity) is refused as
// the same request alone is, on SQLite and PostgreSQL: stored as JSON.stringify writes it, it came
// back null, and a null property means "remove it", so the item removed the property and counted
// as imported.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobItemsText } from '../../src/server/store/job-items-text.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

describe('jobItemsText', () => {
  it('writes an infinite number so that JSON.parse reads it back, and anything else as JSON.stringify does', () => {
    const items = [{ uid: 'a', properties: { big: Infinity, small: -Infinity, gone: null, text: 'Infinity', nested: [{ x: Infinity }] } }, { uid: 'b' }];
    const text = jobItemsText(items);
    expect(JSON.parse(text)).toEqual(items);
    expect(jobItemsText([{ uid: 'c', properties: { n: 1.5, gone: null } }])).toBe(JSON.stringify([{ uid: 'c', properties: { n: 1.5, gone: null } }]));
    // A string shaped like the mark of another call stays a string.
    expect(JSON.parse(jobItemsText([{ text: '00000000-0000-4000-8000-000000000000+' }, Infinity]))).toEqual([{ text: '00000000-0000-4000-8000-000000000000+' }, Infinity]);
  });
});

describe.each(STORE_KINDS)('a batch item with a number too large to store, on %s', (kind) => {
  let server: ServerHarness;
  beforeAll(async () => {
    server = await createServerHarness({ store: kind });
  });
  afterAll(async () => server?.close());

  it('is an error line, and changes nothing the item names', async () => {
    const key = server.keys.acme.standard;
    await server.request('POST', '/v2/users', { key, body: { uid: 'seats-holder', properties: { seats: 5, plan: 'pro' } } });
    // The request alone is refused.
    const alone = await server.request('POST', '/v2/users', { key, raw: '{"uid":"seats-holder","properties":{"seats":1e400}}' });
    expect(alone.status).toBe(400);
    const users = await server.request('POST', '/v2/users/batch', { key, raw: '{"requests":[{"uid":"seats-holder","properties":{"seats":1e400}},{"uid":"seats-other","properties":{"seats":-1e400,"ok":1}}]}' });
    expect(users.status).toBe(202);
    const events = await server.request('POST', '/v2/events/batch', { key, raw: '{"requests":[{"name":"Paid","user":{"uid":"seats-holder"},"properties":{"amount":-1e400,"ok":1}}]}' });
    expect(events.status).toBe(202);
    await server.jobs.idle();
    for (const [path, submitted, count] of [['/v2/users/batch', users, 2], ['/v2/events/batch', events, 1]] as const) {
      const status = await server.request('GET', `${path}/${submitted.body.job.id}`, { key });
      expect(status.body, path).toMatchObject({ job: { status: 'COMPLETED' }, imports: 0, errors: count });
      const errors = await server.request('GET', `${path}/${submitted.body.job.id}/errors`, { key });
      for (const result of errors.body.results) expect(result.details, path).toContainEqual(expect.objectContaining({ message: expect.stringContaining('too large to be stored') }));
    }
    const user = await server.request('GET', '/v2/users?uid=seats-holder', { key: server.keys.acme.architect });
    expect(user.body.properties).toEqual({ seats: 5, plan: 'pro' });
  });
});
