// Text a store cannot keep as it is (U+0000, unpaired surrogates) gets the same 400 naming its path
// on SQLite and PostgreSQL, never a 500; any other text is stored and read back exactly; in a batch,
// such an item is one error line and every other item is applied. Property-based over strings,
// names and nesting (fast-check).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeStringProblem } from '../../src/server/http/unsafe-strings.js';
import { importSession } from '../../src/server/sessions/import-session.js';
import { SessionFixtureError } from '../../src/session/session-error.js';
import { createServerHarness, STORE_KINDS, type ServerHarness } from '../support/server-harness.js';

/** Any UTF-16 code units (lone surrogates and U+0000 included), short. */
const anyText = fc.string({ unit: 'binary', maxLength: 12 });
/** Mostly ordinary text, often with one of the two troublemakers somewhere. */
const text = fc.oneof(
  anyText,
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\ud83d'), fc.string({ maxLength: 6 })).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
);
const isUnsafe = (value: string) => unsafeStringProblem(value) !== undefined;
/** A path as the server names it in details: `properties.note`, `properties["a\u0000"]`. */
const quoted = (key: string) => `[${JSON.stringify(key)}]`;

describe.each(STORE_KINDS)('text that cannot be stored, on %s', (store) => {
  let server: ServerHarness;
  let counter = 0;
  const fresh = (prefix: string) => `${prefix}-${store}-${counter++}`;
  beforeAll(async () => {
    server = await createServerHarness({ store });
  });
  afterAll(async () => server?.close());

  it('users: a uid, name, email or property value is refused with its path when unsafe, else stored exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('uid', 'display_name', 'email', 'properties.note'), text, async (field, value) => {
        const uid = fresh('user');
        const body =
          field === 'properties.note' ? { uid, properties: { note: value } } : field === 'uid' ? { uid: `${uid}${value}` } : { uid, [field]: value };
        const response = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body });
        expect(response.status).not.toBe(500);
        if (isUnsafe(value)) {
          expect(response.status).toBe(400);
          expect(response.body.code).toBe('invalid_request');
          expect(response.body.details).toContainEqual({ path: field, message: expect.stringMatching(/cannot be stored/) });
          return;
        }
        if (response.status !== 200) return; // other rules (a uid with surrounding spaces, say) may refuse it
        const read = await server.request('GET', `/v2/users?uid=${encodeURIComponent(body.uid as string)}`, { key: server.keys.acme.architect });
        expect(read.status).toBe(200);
        if (field === 'properties.note') expect(read.body.properties.note).toBe(value);
        else expect(read.body[field]).toBe((body as Record<string, unknown>)[field]);
      }),
      { numRuns: 60 },
    );
  });

  it('events: an unsafe event name or property is refused with its path; a safe one is stored exactly', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.boolean(), async (value, inName) => {
        const body = inName ? { name: `n${value}`, user: { uid: 'events-user' } } : { name: 'Noted', user: { uid: 'events-user' }, properties: { note: value } };
        const response = await server.request('POST', '/v2/events', { key: server.keys.acme.standard, body });
        expect(response.status).not.toBe(500);
        if (isUnsafe(value)) {
          expect(response.status).toBe(400);
          expect(response.body.details).toContainEqual({ path: inName ? 'name' : 'properties.note', message: expect.stringMatching(/cannot be stored/) });
          return;
        }
        if (response.status !== 200) return; // a name over 256 characters, say
        expect(inName ? response.body.name : response.body.properties.note).toBe(inName ? `n${value}` : value);
      }),
      { numRuns: 60 },
    );
  });

  it('names and nesting: an unsafe property name anywhere is named by its quoted path, never a 500', async () => {
    const nested = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', maxDepth: 3 }, text, fc.integer(), fc.dictionary(anyText, tie('value'), { maxKeys: 3 })),
    })).value;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(anyText, nested, { minKeys: 1, maxKeys: 3 }), async (properties) => {
        const response = await server.request('POST', '/v2/users', { key: server.keys.acme.standard, body: { uid: fresh('names'), properties } });
        expect([200, 400]).toContain(response.status);
        const unsafeKey = Object.keys(properties).find(isUnsafe);
        if (unsafeKey !== undefined) {
          expect(response.status).toBe(400);
          expect(response.body.details).toContainEqual({ path: `properties${quoted(unsafeKey)}`, message: expect.stringMatching(/^the name holds/) });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('path and query parameters: unsafe text is a 400 naming the parameter', async () => {
    const response = await server.request('POST', `/users/v1/individual/${encodeURIComponent('a\u0000b')}/customvars`, { key: server.keys.acme.standard, body: { plan_str: 'pro' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'uid', message: expect.stringMatching(/U\+0000/) }]);
    const query = await server.request('GET', '/v2/sessions?uid=x%00', { key: server.keys.acme.standard });
    expect(query.status).toBe(400);
    expect(query.body.details).toEqual([{ path: 'query.uid', message: expect.stringMatching(/U\+0000/) }]);
    // A surrogate cannot be percent-encoded as UTF-8; its bytes (or any bytes that are not UTF-8) are a 400 too.
    for (const target of ['/v2/sessions?uid=x%ED%A0%80', '/v2/sessions?uid=%FF', '/users/v1/individual/%ED%A0%80/customvars']) {
      const post = target.startsWith('/users');
      const bad = await server.request(post ? 'POST' : 'GET', target, { key: server.keys.acme.standard, ...(post ? { body: { plan_str: 'pro' } } : {}) });
      expect(bad.status, target).toBe(400);
    }
  });

  it('a session fixture import: unsafe text is refused naming the file and each path, and nothing is stored', async () => {
    const uid = fresh('import');
    const fixture = {
      id: 'x:s-unsafe',
      created_time: '2026-04-01T00:00:00Z',
      user: { uid: `${uid}\u0000`, properties: { ['plan\ud800']: 'pro' } },
      events: [{ type: 'navigate', timestamp: '2026-04-01T00:00:00Z', url: 'https://shop.example/\ud800' }],
    };
    const imported = importSession(server.stores.na1, server.orgs.acme, JSON.stringify(fixture), { source: 'unsafe.json', now: server.clock.now });
    await expect(imported).rejects.toBeInstanceOf(SessionFixtureError);
    await expect(imported).rejects.toThrow(
      [
        'unsafe.json: user.uid: contains the character U+0000 (NUL), which cannot be stored',
        'unsafe.json: user.properties["plan\\ud800"]: the name holds an unpaired UTF-16 surrogate (not a Unicode character), which cannot be stored',
        'unsafe.json: events[0].url: contains an unpaired UTF-16 surrogate (not a Unicode character), which cannot be stored',
      ].join('\n'),
    );
    // Nothing is written: not even the user of a fixture whose only unsafe text is in an event.
    const onlyUrl = { ...fixture, user: { uid } };
    await expect(importSession(server.stores.na1, server.orgs.acme, JSON.stringify(onlyUrl), { source: 'url.json', now: server.clock.now })).rejects.toThrow(
      /^url\.json: events\[0\]\.url: contains an unpaired UTF-16 surrogate/,
    );
    expect(await server.stores.na1.findUserByUid(server.orgs.acme.id, uid)).toBeUndefined();
    // The same fixture with well-formed text is imported.
    const fine = { ...fixture, user: { uid, properties: { plan: 'pro 𝄞' } }, events: [{ ...fixture.events[0], url: 'https://shop.example/𝄞' }] };
    expect((await importSession(server.stores.na1, server.orgs.acme, JSON.stringify(fine), { source: 'fine.json', now: server.clock.now })).created).toBe(true);
  });

  it('a batch: each unsafe item is one error line with its index, every other item is applied and the job completes', async () => {
    const name = fresh('batch');
    const requests = [
      { name, user: { uid: 'batch-user' } },
      { name: `bad\u0000name`, user: { uid: 'batch-user' } },
      { name, user: { uid: 'batch-user' }, properties: { note: 'lone \udc00' } },
      { name, user: { uid: `batch\u0000user` } },
      { name, user: { uid: 'batch-user' }, properties: { ok: 'fine ✓' } },
    ];
    const submitted = await server.request('POST', '/v2/events/batch', { key: server.keys.acme.standard, body: { requests } });
    expect(submitted.status).toBe(202);
    await server.jobs.idle();
    const status = await server.request('GET', `/v2/events/batch/${submitted.body.job.id}`, { key: server.keys.acme.standard });
    expect(status.body).toMatchObject({ job: { status: 'COMPLETED' }, imports: 2, errors: 3 });
    const errors = await server.request('GET', `/v2/events/batch/${submitted.body.job.id}/errors`, { key: server.keys.acme.standard });
    expect(errors.body.results.map((line: { index: number; details: { path: string }[] }) => [line.index, line.details.map((detail) => detail.path)])).toEqual([
      [1, ['name']],
      [2, ['properties.note']],
      [3, ['user.uid']],
    ]);

    const users = await server.request('POST', '/v2/users/batch', { key: server.keys.acme.standard, body: { requests: [{ uid: fresh('u') }, { uid: 'x\u0000' }, { uid: fresh('u'), properties: { ['k\ud800']: 1 } }] } });
    await server.jobs.idle();
    const userStatus = await server.request('GET', `/v2/users/batch/${users.body.job.id}`, { key: server.keys.acme.standard });
    expect(userStatus.body).toMatchObject({ job: { status: 'COMPLETED' }, imports: 1, errors: 2 });
  });
});
