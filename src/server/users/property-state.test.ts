import { describe, expect, it } from 'vitest';
import { applyWrites, mergeStates, propertyStateFromJson, propertyStateToJson, readProperties, type PropertyState } from './property-state.js';
import { readDeclarations, validateProperties } from './validate-properties.js';

const write = (state: PropertyState, properties: unknown, at: string, schema?: unknown) => {
  const { writes, removals } = validateProperties(properties, readDeclarations(schema));
  return applyWrites(state, writes, removals, at);
};
const empty: PropertyState = new Map();

describe('property state', () => {
  it('merges by flattened path, newest value wins, and reads back nested', () => {
    let state = write(empty, { plan: 'pro', billing: { seats: 5, currency: 'EUR' } }, '2026-01-01T00:00:00Z');
    state = write(state, { billing: { seats: 7 }, beta: true }, '2026-01-02T00:00:00Z');
    expect(readProperties(state)).toEqual({
      properties: { beta: true, billing: { currency: 'EUR', seats: 7 }, plan: 'pro' },
      typeConflicts: undefined,
    });
  });

  it('infers every number as real; a declared int then a real is a type conflict', () => {
    let state = write(empty, { seats: 5 }, '2026-01-01T00:00:00Z', { properties: { seats: 'int' } });
    state = write(state, { seats: 6 }, '2026-01-02T00:00:00Z');
    expect(readProperties(state)).toEqual({ properties: { seats: null }, typeConflicts: { properties: { seats: { int: 5, real: 6 } } } });
  });

  it('keeps the latest value of each type in a conflict', () => {
    let state = write(empty, { v: 'a' }, '2026-01-01T00:00:00Z');
    state = write(state, { v: 1 }, '2026-01-02T00:00:00Z');
    state = write(state, { v: 'b' }, '2026-01-03T00:00:00Z');
    expect(readProperties(state).typeConflicts).toEqual({ properties: { v: { str: 'b', real: 1 } } });
  });

  it('removes a property sent as null, and replaces a leaf by an object and back', () => {
    let state = write(empty, { a: 1, b: 2 }, '2026-01-01T00:00:00Z');
    state = write(state, { a: { x: true }, b: null }, '2026-01-02T00:00:00Z');
    expect(readProperties(state).properties).toEqual({ a: { x: true } });
    state = write(state, { a: 'flat' }, '2026-01-03T00:00:00Z');
    expect(readProperties(state).properties).toEqual({ a: 'flat' });
  });

  it('merges another user newest-wins per path and type', () => {
    const anonymous = write(empty, { plan: 'free', visits: 3 }, '2026-01-05T00:00:00Z');
    const identified = write(empty, { plan: 'pro', country: 'FR' }, '2026-01-01T00:00:00Z');
    expect(readProperties(mergeStates(identified, anonymous)).properties).toEqual({ country: 'FR', plan: 'free', visits: 3 });
    expect(readProperties(mergeStates(anonymous, identified)).properties).toEqual({ country: 'FR', plan: 'free', visits: 3 });
  });

  it('survives its JSON form, including names that look like prototype keys', () => {
    const state = write(empty, JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "x", "prototype": [1, 2]}'), '2026-01-01T00:00:00Z');
    const again = propertyStateFromJson(JSON.parse(JSON.stringify(propertyStateToJson(state))));
    const { properties } = readProperties(again);
    expect(JSON.parse(JSON.stringify(properties))).toEqual(JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "x", "prototype": [1, 2]}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(properties)).toBeNull();
  });
});

describe('validateProperties', () => {
  const problems = (properties: unknown, schema?: unknown) => {
    try {
      validateProperties(properties, readDeclarations(schema));
      return [];
    } catch (error) {
      return ((error as { details?: { path: string; message: string }[] }).details ?? []).map((detail) => detail.path);
    }
  };

  it('names every bad name, path, size, array and declaration by path', () => {
    expect(
      problems(
        {
          'bad-name': 1,
          ok: { 'sp ace': 1 },
          long: 'x'.repeat(8193),
          rows: [{ a: 1 }],
          mixed: [1, 'a'],
          seats: 1.5,
          when: 'yesterday',
          fine: 'yes',
        },
        { properties: { seats: 'int', when: 'date' } },
      ),
    ).toEqual(['properties.bad-name', 'properties.ok.sp ace', 'properties.long', 'properties.rows', 'properties.mixed', 'properties.seats', 'properties.when']);
  });

  it('refuses dotted paths of 512 characters or more', () => {
    const deep = { ['a'.repeat(255)]: { ['b'.repeat(255)]: 1 } };
    expect(problems(deep)).toEqual([]);
    const tooDeep = { ['a'.repeat(256)]: { ['b'.repeat(255)]: 1 } };
    expect(problems(tooDeep)).toHaveLength(1);
  });

  it('takes a name of at most 512 characters, as the spec says, and a nested path under 512', () => {
    expect(problems({ ['n'.repeat(512)]: 1 })).toEqual([]);
    expect(problems({ ['n'.repeat(513)]: 1 })).toHaveLength(1);
    expect(problems({ a: { ['b'.repeat(509)]: 1 } })).toEqual([]);
    expect(problems({ a: { ['b'.repeat(510)]: 1 } })).toHaveLength(1);
    expect(problems({}, { properties: { ['n'.repeat(512)]: 'int' } })).toEqual([]);
    expect(problems({}, { properties: { ['n'.repeat(513)]: 'int' } })).toEqual([`schema.properties.${'n'.repeat(80)}…`]);
    expect(problems({}, { properties: { [`a.${'b'.repeat(510)}`]: 'int' } })).toHaveLength(1);
  });

  it('accepts values of exactly 8,192 bytes and declared types', () => {
    expect(problems({ s: 'é'.repeat(4096), d: '2026-03-01', t: '2026-03-01T10:00:00Z', n: [1, 2] }, { properties: { d: 'date', t: 'date', n: 'ints' } })).toEqual([]);
  });

  it('refuses unknown declarations', () => {
    expect(problems({ a: 1 }, { properties: { a: 'integer' } })).toEqual(['schema.properties.a']);
  });

  it('refuses unknown schema fields and declared paths that could never be a property', () => {
    expect(problems({}, { foo: 1, properties: { 'bad name': 'int', 'a..b': 'int', ok: 'int', 'parent.child': 'str', [`${'a'.repeat(300)}.${'b'.repeat(300)}`]: 'int' } })).toEqual([
      'schema.foo',
      'schema.properties.bad name',
      'schema.properties.a..b',
      `schema.properties.${'a'.repeat(80)}…`,
    ]);
  });

  it('refuses an object where a declared type is expected', () => {
    expect(problems({ a: { b: 1 } }, { properties: { a: 'int' } })).toEqual(['properties.a']);
    expect(problems({ a: { b: 1 } }, { properties: { 'a.b': 'int' } })).toEqual([]);
  });

  it('names numbers too large to store, alone or in a list', () => {
    const body = JSON.parse('{"big": 1e400, "small": -1e400, "list": [1, 1e999], "fine": 1e308}') as unknown;
    expect(problems(body)).toEqual(['properties.big', 'properties.small', 'properties.list']);
    try {
      validateProperties(body, new Map());
    } catch (error) {
      expect((error as { details: { message: string }[] }).details[0]?.message).toBe('the number is too large to be stored (beyond ±1.8e308)');
    }
  });
});
