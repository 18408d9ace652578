import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidatePieces, namesUser, textNamesUser, type DeletedUsers } from './names-user.js';
import type { JsonValue } from './records.js';

const alice: DeletedUsers = { ids: ['u-0123456789abcdef0123456789abcdef'], uids: ['42'], emails: ['alice@example.org'] };
const [aliceId] = alice.ids as [string];

describe('namesUser', () => {
  it('finds her id anywhere in a string: a field, a session id, an error message', () => {
    expect(namesUser({ user_id: aliceId }, alice)).toBe(true);
    expect(namesUser(['e-1', '2026-11-29T10:00:00Z', null, `${aliceId}:s-1`], alice)).toBe(true);
    expect(namesUser({ code: 'uid_immutable', message: `user ${aliceId} already has uid "42"` }, alice)).toBe(true);
  });

  it('finds her uid only in a uid field, at any depth', () => {
    expect(namesUser({ uid: '42', properties: {} }, alice)).toBe(true);
    expect(namesUser({ name: 'Viewed', user: { uid: '42' } }, alice)).toBe(true);
    expect(namesUser({ type: 'search', search: { user: { uid: '42' } } }, alice)).toBe(true);
    expect(namesUser({ uid: 'bob', properties: { plan: '42', level: 42, tags: ['42'] } }, alice)).toBe(false);
    expect(namesUser({ name: '42', user: { uid: 'bob' } }, alice)).toBe(false);
  });

  it('finds her e-mail address as a whole string anywhere, not inside another text', () => {
    expect(namesUser({ uid: 'bob', properties: { invited: 'alice@example.org' } }, alice)).toBe(true);
    expect(namesUser({ uid: 'bob', properties: { note: 'write to alice@example.org' } }, alice)).toBe(false);
  });

  it('walks a value nested deeper than the call stack would', () => {
    let deep: unknown = { uid: '42' };
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(namesUser(deep as never, alice)).toBe(true);
  });
});

describe('textNamesUser', () => {
  it('reads JSON as namesUser does', () => {
    expect(textNamesUser(JSON.stringify({ uid: 'bob', properties: { plan: '42' } }), alice)).toBe(false);
    expect(textNamesUser(JSON.stringify({ user: { uid: '42' } }), alice)).toBe(true);
  });

  it('takes a text that is not JSON as naming her if it holds an identifier at all', () => {
    expect(textNamesUser('plan 42, cut off {', alice)).toBe(true);
    expect(textNamesUser('plan 7, cut off {', alice)).toBe(false);
  });
});

describe('candidatePieces', () => {
  it('holds a piece of the JSON text of everything namesUser finds', () => {
    const pieces = candidatePieces(alice);
    const named: JsonValue[] = [
      { user_id: aliceId },
      { message: `user ${aliceId} already has uid "42"` },
      { session_id: `${aliceId}:s-1` },
      { user: { uid: '42' } },
      { user_uid: '42' },
      { properties: { invited: 'alice@example.org' } },
    ];
    for (const value of named) {
      expect(namesUser(value, alice)).toBe(true);
      expect(pieces.some((piece) => JSON.stringify(value).includes(piece))).toBe(true);
    }
    // A common uid held as a value is no candidate: the store does not read that row.
    expect(pieces.some((piece) => JSON.stringify({ uid: 'bob', properties: { plan: '42' } }).includes(piece))).toBe(false);
  });

  it('holds a piece of every JSON value namesUser finds, whatever the value and the identifiers', () => {
    const identifier = fc.string({ minLength: 1, maxLength: 6 });
    // Ids are made by the service (`u-` and hexadecimal digits): never escaped in JSON.
    const users = fc.record({ ids: fc.array(fc.constantFrom('u-0a', 'u-1b2c'), { maxLength: 2 }), uids: fc.array(identifier, { maxLength: 2 }), emails: fc.array(identifier, { maxLength: 2 }) });
    const json = fc.letrec<{ value: JsonValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('42', 'x@y', 'u-0a', 'u-1b2c:s-1', 'user u-0a already has uid "42"'), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.oneof(fc.constantFrom('uid', 'user_uid', 'email', 'id'), fc.string({ maxLength: 4 })), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(users, json, (who, value) => {
        if (!namesUser(value, who)) return;
        const text = JSON.stringify(value);
        expect(candidatePieces(who).some((piece) => text.includes(piece))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
