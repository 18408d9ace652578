import { describe, expect, it } from 'vitest';
import { normalizeResponseSchema } from './normalize-response-schema.js';
import { toJsonSchema } from './to-json-schema.js';
import { validateResponse } from './validate-response.js';
import type { ResponseSchema } from '../profile/response-schema-terms.js';

const schema: ResponseSchema = {
  type: 'OBJECT',
  properties: {
    outcome: { type: 'STRING', enum: ['completed', 'abandoned'] },
    friction: {
      type: 'ARRAY',
      minItems: 1,
      items: { type: 'OBJECT', properties: { kind: { type: 'STRING' }, count: { type: 'INTEGER' } }, required: ['kind'] },
    },
    last_page: { type: 'OBJECT', nullable: true, properties: { url: { type: 'STRING' } } },
    score: { type: 'NUMBER' },
    ok: { type: 'BOOLEAN' },
  },
  required: ['outcome', 'friction'],
};

describe('normalizeResponseSchema', () => {
  it('upper-cases lower-case type names at every depth', () => {
    const result = normalizeResponseSchema({
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'integer' } } },
    });
    expect(result).toEqual({
      success: true,
      schema: { type: 'OBJECT', properties: { list: { type: 'ARRAY', items: { type: 'INTEGER' } } } },
    });
  });

  it('names unsupported keywords and structural problems by path', () => {
    const result = normalizeResponseSchema({
      type: 'OBJECT',
      properties: { a: { type: 'STRING', anyOf: [] }, b: { type: 'INTEGER', enum: ['1'] } },
      required: ['c'],
      $schema: 'x',
    });
    expect(result.success ? [] : result.issues).toEqual([
      { path: 'properties.a.anyOf', message: expect.stringMatching(/^unsupported keyword "anyOf"/) },
      { path: 'properties.b.enum', message: 'enum is only supported on STRING, not INTEGER' },
      { path: '$schema', message: expect.stringMatching(/^unsupported keyword "\$schema"/) },
      { path: 'required[0]', message: '"c" is not one of the properties' },
    ]);
  });

  it('never throws: a schema nested deeper than the stack allows is a problem by path', () => {
    let schema: Record<string, unknown> = { type: 'STRING' };
    for (let level = 0; level < 5000; level++) schema = { type: 'OBJECT', properties: { a: schema } };
    const result = normalizeResponseSchema(schema);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues).toEqual([{ path: 'properties.a.'.repeat(256).slice(0, -1), message: 'the schema nests more than 512 levels deep' }]);
  });

  it('requires an OBJECT root', () => {
    const result = normalizeResponseSchema({ type: 'ARRAY', items: { type: 'STRING' } });
    expect(result.success ? [] : result.issues).toEqual([{ path: 'type', message: 'the root must be an OBJECT, not ARRAY' }]);
  });

  it('refuses a schema that validateResponse could not compile or that would let null through', () => {
    const result = normalizeResponseSchema({ type: 'OBJECT', nullable: true, properties: { a: { type: 'STRING' } }, required: ['a', 'a'] });
    expect(result.success ? [] : result.issues).toEqual([
      { path: 'required[1]', message: '"a" is listed twice' },
      { path: 'nullable', message: 'the root cannot be nullable: the answer must be an object' },
    ]);
  });
});

describe('toJsonSchema', () => {
  it('converts types, nullability, enums and closes objects', () => {
    expect(toJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        outcome: { type: 'string', enum: ['completed', 'abandoned'] },
        friction: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { kind: { type: 'string' }, count: { type: 'integer' } },
            required: ['kind'],
            additionalProperties: false,
          },
        },
        last_page: { type: ['object', 'null'], properties: { url: { type: 'string' } }, additionalProperties: false },
        score: { type: 'number' },
        ok: { type: 'boolean' },
      },
      required: ['outcome', 'friction'],
      additionalProperties: false,
    });
  });

  it('can require every property, for strict structured output', () => {
    expect(toJsonSchema(schema, { allRequired: true }).required).toEqual(['outcome', 'friction', 'last_page', 'score', 'ok']);
  });
});

describe('validateResponse', () => {
  it('accepts a conforming answer', () => {
    const answer = { outcome: 'abandoned', friction: [{ kind: 'coupon', count: 2 }], last_page: null, score: 0.5, ok: true };
    expect(validateResponse(schema, answer)).toEqual({ valid: true, value: answer });
  });

  it('names every problem by its path in the answer', () => {
    const result = validateResponse(schema, { outcome: 'maybe', friction: [{ count: 1.5 }], extra: 1 });
    expect(result.valid ? [] : result.issues).toEqual([
      { path: 'extra', message: 'is not in the schema' },
      { path: 'outcome', message: 'must be one of "completed", "abandoned"' },
      { path: 'friction[0].kind', message: 'is required' },
      { path: 'friction[0].count', message: 'must be integer' },
    ]);
  });

  it('enforces minItems', () => {
    const result = validateResponse(schema, { outcome: 'completed', friction: [] });
    expect(result.valid ? [] : result.issues).toEqual([{ path: 'friction', message: 'must NOT have fewer than 1 items' }]);
  });
});
