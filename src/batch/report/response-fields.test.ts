import { describe, expect, it } from 'vitest';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { fieldLeaves, valuesAt } from './response-fields.js';

const values = (schema: ResponseSchema, response: unknown) => fieldLeaves(schema).map((leaf) => ({ path: leaf.path, values: valuesAt(response, leaf) }));

describe('fieldLeaves and valuesAt', () => {
  it('reads an array of any length: 500,000 items do not overflow the stack', () => {
    const schema = { type: 'OBJECT', properties: { tags: { type: 'ARRAY', items: { type: 'STRING' } } } } as ResponseSchema;
    const tags = Array.from({ length: 500_000 }, (_, index) => `t${index % 7}`);
    const [leaf] = fieldLeaves(schema);
    expect(valuesAt({ tags }, leaf!)).toHaveLength(500_000);
  });

  it('walks arrays of objects: friction[].kind is the kind of every item', () => {
    const schema = { type: 'OBJECT', properties: { friction: { type: 'ARRAY', items: { type: 'OBJECT', properties: { kind: { type: 'STRING' } } } } } } as ResponseSchema;
    expect(values(schema, { friction: [{ kind: 'a' }, { kind: 'b' }, {}] })).toEqual([{ path: 'friction[].kind', values: ['a', 'b'] }]);
  });

  it('reads only an answer\'s own fields: a field named constructor or __proto__ that the answer lacks has no value', () => {
    const schema = { type: 'OBJECT', properties: { constructor: { type: 'STRING' }, __proto__: { type: 'STRING' }, toString: { type: 'NUMBER' } } } as unknown as ResponseSchema;
    const leaves = fieldLeaves(JSON.parse(JSON.stringify({ type: 'OBJECT', properties: { constructor: { type: 'STRING' }, ['__proto__']: { type: 'STRING' } } })) as ResponseSchema);
    expect(leaves.map((leaf) => leaf.path)).toEqual(['constructor', '__proto__']);
    for (const leaf of leaves) expect(valuesAt({ outcome: 'x' }, leaf), leaf.path).toEqual([]);
    expect(valuesAt(JSON.parse('{"constructor": "c", "__proto__": "p"}'), leaves[0]!)).toEqual(['c']);
    expect(valuesAt(JSON.parse('{"constructor": "c", "__proto__": "p"}'), leaves[1]!)).toEqual(['p']);
    expect(values(schema, {})).toEqual([{ path: 'constructor', values: [] }, { path: 'toString', values: [] }]);
  });

  it('reads a field whose name holds a dot or brackets as one name', () => {
    const schema = { type: 'OBJECT', properties: { 'page.url': { type: 'STRING' }, 'tags[]': { type: 'STRING' } } } as ResponseSchema;
    expect(values(schema, { 'page.url': '/cart', 'tags[]': 'x' })).toEqual([
      { path: 'page.url', values: ['/cart'] },
      { path: 'tags[]', values: ['x'] },
    ]);
  });

  it('skips what is not a schema inside a results line written by another program, and never throws', () => {
    const schema = { type: 'OBJECT', properties: { a: null, b: { type: 'ARRAY', items: 'x' }, c: { type: 'STRING', enum: 'not a list' }, d: { type: 'NUMBER' } } } as unknown as ResponseSchema;
    expect(fieldLeaves(schema).map((leaf) => [leaf.path, leaf.kind])).toEqual([
      ['c', 'text'],
      ['d', 'number'],
    ]);
    expect(fieldLeaves({ type: 'OBJECT', properties: 'x' } as unknown as ResponseSchema)).toEqual([]);
  });
});
