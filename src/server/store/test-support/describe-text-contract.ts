// Contract: text and JSON documents come back exactly, property-based (fast-check): any Unicode
// (astral characters, combining marks, quotes, backslashes, line separators), names up to the
// 512-character limit, nesting. Text no store keeps (U+0000, an unpaired surrogate) is refused
// with UnstorableTextError before it reaches the database, in any text column, the same on every
// store; inside a JSON document it is an escape, and comes back exactly on every store too.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { JsonObject, JsonValue } from '../records.js';
import type { DataCenterStore } from '../store.js';
import { UnstorableTextError, unstorableTextProblem } from '../unstorable-text.js';
import { event, ORG_A, user } from './store-fixtures.js';

/** Runs per property: each run writes and reads a database, so a few dozen keep the suite fast. */
const RUNS = 25;

const storable = (value: string): string => value.replaceAll('\u0000', '');

/** Well-formed text without U+0000, biased toward what careless encodings change. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }).map(storable),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc
    .array(fc.constantFrom('"', '\\', '\\N', '\r', "'", '\\u0000', '\\ud800', '😀', '𝄞', 'é', 'e\u0301', '\u2028', '\ufeff', '\uffff', '%', '\n', '\t', '$1', '?', ' ', '-- '), { maxLength: 8 })
    .map((parts) => parts.join('')),
);
/** A property name: short, or long up to the spec's limit of 512 characters. */
const name = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 480, maxLength: 512 }).map(storable) },
);
/** Text with U+0000 or an unpaired surrogate somewhere. */
const unstorable = fc
  .tuple(text, fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), text)
  .map((parts) => parts.join(''))
  .filter((value) => unstorableTextProblem(value) !== undefined);

/** A JSON value as the store keeps it: no -0 (JSON writes it as 0), objects with any names. */
function jsonValue(leaf: fc.Arbitrary<string>, key: fc.Arbitrary<string>): fc.Arbitrary<JsonValue> {
  const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      leaf,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((number) => !Object.is(number, -0)),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(leaf, fc.integer()), { maxLength: 3 }),
      fc.dictionary(key, tie('value'), { maxKeys: 3, noNullPrototype: true }),
    ),
  }));
  return value;
}
const properties = (leaf: fc.Arbitrary<string>, key: fc.Arbitrary<string>): fc.Arbitrary<JsonObject> =>
  fc.dictionary(key, jsonValue(leaf, key), { maxKeys: 4, noNullPrototype: true });

/** Same text, same key order, same numbers: what a reader gets is what was written. */
const sameJson = (read: unknown, written: unknown): void => expect(JSON.stringify(read)).toBe(JSON.stringify(written));

export function describeTextContract(store: () => DataCenterStore): void {
  describe('text (property-based)', () => {
    test('a user’s uid, name, email and properties come back exactly, by id, uid and email, after insert and update', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(text, text, text, properties(text, name), properties(text, name), async (uid, displayName, email, first, second) => {
          const id = `user-${run++}`;
          const record = user(id, { uid: `${id}|${uid}`, displayName, email: `${id}|${email}`, properties: first });
          await store().transaction((writer) => writer.insertUser(record));
          const read = await store().findUser(ORG_A, id);
          expect(read).toEqual(record);
          sameJson(read?.properties, first);
          expect(await store().findUserByUid(ORG_A, record.uid as string)).toEqual(read);
          expect(await store().findUserByEmail(ORG_A, record.email as string)).toEqual(read);
          expect(await store().findUserIdsByUids(ORG_A, [record.uid as string])).toEqual(new Map([[record.uid, id]]));

          const updated = { ...record, displayName: `${displayName}${uid}`, properties: second };
          await store().transaction((writer) => writer.updateUser(updated));
          const reread = await store().findUser(ORG_A, id);
          expect(reread).toEqual(updated);
          sameJson(reread?.properties, second);
        }),
        { numRuns: RUNS },
      );
    });

    /** Events of arbitrary text, `count` at once, written in one call and read back by session. */
    const eventsComeBackExactly = (prefix: string, count: { readonly minLength: number; readonly maxLength: number }, runs: number) => {
      let run = 0;
      return fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(text, properties(text, name), fc.option(properties(text, name), { nil: null })), count), async (events) => {
          const session = `${prefix}-${run++}`;
          const records = events.map(([eventName, eventProperties, context], index) =>
            event(`${session}-e${index}`, { name: eventName, sessionId: session, properties: eventProperties, context }),
          );
          await store().transaction((writer) => writer.insertEvents(records));
          const read = await store().listSessionEvents(ORG_A, session);
          expect(read).toEqual(records);
          read.forEach((record, index) => {
            sameJson(record.properties, records[index]?.properties);
            sameJson(record.context, records[index]?.context);
          });
        }),
        { numRuns: runs },
      );
    };

    test('an event’s name, properties and context come back exactly, by session and in the list of events', async () => {
      await eventsComeBackExactly('session', { minLength: 1, maxLength: 3 }, RUNS);
      const listed = (await store().listEvents(ORG_A, { limit: 1000 })).items;
      expect(listed.length).toBeGreaterThanOrEqual(RUNS);
    });

    test('many events at once (as a batch chunk writes them: PostgreSQL copies them) come back exactly, in order', async () => {
      await eventsComeBackExactly('many', { minLength: 16, maxLength: 40 }, 10);
    });

    test('text no store keeps in one of many events is refused with UnstorableTextError naming its parameter; none of them is stored, and the transaction goes on', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(unstorable, fc.integer({ min: 16, max: 30 }), fc.nat(), async (value, count, at) => {
          const session = `many-refused-${run++}`;
          const records = Array.from({ length: count }, (_, index) => event(`${session}-e${index}`, { sessionId: session, name: index === at % count ? value : `fine ${index}` }));
          const kept = `${session}-kept`;
          const refused = await store().transaction(async (writer) => {
            const error = await writer.insertEvents(records).then(
              () => undefined,
              (caught: unknown) => caught,
            );
            await writer.insertUser(user(kept));
            return error;
          });
          expect(refused).toBeInstanceOf(UnstorableTextError);
          expect((refused as Error).message).toMatch(/^parameter \d+ of a statement on events .*cannot be stored/);
          expect(await store().listSessionEvents(ORG_A, session)).toEqual([]);
          expect(await store().findUser(ORG_A, kept)).toEqual(user(kept));
        }),
        { numRuns: 10 },
      );
    });

    test('text no store keeps is refused in any text column or lookup, with UnstorableTextError; the transaction goes on', async () => {
      let run = 0;
      const fields = fc.constantFrom('uid', 'displayName', 'email', 'event name', 'user id', 'find by uid', 'find by uids', 'find by email');
      await fc.assert(
        fc.asyncProperty(unstorable, fields, async (value, field) => {
          const id = `refused-${run++}`;
          const kept = `${id}-kept`;
          const attempt = async (): Promise<unknown> => {
            switch (field) {
              case 'find by uid':
                return store().findUserByUid(ORG_A, value);
              case 'find by uids':
                return store().findUserIdsByUids(ORG_A, ['fine', value]);
              case 'find by email':
                return store().findUserByEmail(ORG_A, value);
              default:
                // Nothing failed in the database: the transaction writes on and commits.
                return store().transaction(async (writer) => {
                  const refused = await (field === 'event name'
                    ? writer.insertEvents([event(id, { name: value })])
                    : writer.insertUser(field === 'user id' ? user(value) : user(id, { [field]: value }))
                  ).then(
                    () => undefined,
                    (caught: unknown) => caught,
                  );
                  await writer.insertUser(user(kept));
                  return refused;
                });
            }
          };
          // A lookup rejects; a write's transaction resolves with the error its writer met.
          const error = await attempt().catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(UnstorableTextError);
          expect((error as Error).message).toMatch(/cannot be stored/);
          if (field.startsWith('find')) return;
          expect(await store().findUser(ORG_A, id)).toBeUndefined();
          expect((await store().listEvents(ORG_A, { limit: 1000 })).items.filter((record) => record.id === id)).toEqual([]);
          expect(await store().findUser(ORG_A, kept)).toEqual(user(kept));
        }),
        { numRuns: RUNS },
      );
    });

    test('inside a JSON document such text is an escape, and comes back exactly', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(properties(fc.oneof(text, unstorable), fc.oneof(name, unstorable)), unstorable, async (document, value) => {
          const id = `json-${run++}`;
          const written = { ...document, note: value };
          await store().transaction(async (writer) => {
            await writer.insertUser(user(id, { properties: written }));
            await writer.insertEvents([event(id, { properties: written, context: written })]);
          });
          sameJson((await store().findUser(ORG_A, id))?.properties, written);
          const [read] = (await store().listEvents(ORG_A, { limit: 1000 })).items.filter((record) => record.id === id);
          sameJson(read?.properties, written);
          sameJson(read?.context, written);
        }),
        { numRuns: RUNS },
      );
    });
  });
}
