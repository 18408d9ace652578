import { describe, expect, it } from 'vitest';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { toStrictJsonSchema } from './to-strict-json-schema.js';

const SCHEMA: ResponseSchema = {
  type: 'OBJECT',
  properties: {
    outcome: { type: 'STRING', enum: ['abandoned', 'completed'] },
    note: { type: 'STRING' },
    severity: { type: 'STRING', enum: ['high', 'low'] },
    steps: {
      type: 'ARRAY',
      items: {
        type: 'OBJECT',
        properties: { page: { type: 'STRING' }, seconds: { type: 'NUMBER' } },
        required: ['page'],
      },
    },
    reviewer: { type: 'STRING', nullable: true },
  },
  required: ['outcome', 'steps', 'reviewer'],
};

describe('toStrictJsonSchema', () => {
  it('requires every property at every depth, as strict mode demands', () => {
    const schema = toStrictJsonSchema(SCHEMA) as {
      required: string[];
      properties: Record<string, { items?: { required: string[] } }>;
    };

    expect(schema.required).toEqual(['outcome', 'note', 'severity', 'steps', 'reviewer']);
    expect(schema.properties.steps?.items?.required).toEqual(['page', 'seconds']);
  });

  it('makes the properties that were optional nullable, and leaves required ones as they were', () => {
    const schema = toStrictJsonSchema(SCHEMA);

    expect(schema).toEqual({
      type: 'object',
      properties: {
        outcome: { type: 'string', enum: ['abandoned', 'completed'] },
        note: { type: ['string', 'null'] },
        severity: { type: ['string', 'null'], enum: ['high', 'low', null] },
        steps: {
          type: 'array',
          items: {
            type: 'object',
            properties: { page: { type: 'string' }, seconds: { type: ['number', 'null'] } },
            required: ['page', 'seconds'],
            additionalProperties: false,
          },
        },
        reviewer: { type: ['string', 'null'] },
      },
      required: ['outcome', 'note', 'severity', 'steps', 'reviewer'],
      additionalProperties: false,
    });
  });

  it('treats an object without required as all-optional', () => {
    const schema = toStrictJsonSchema({ type: 'OBJECT', properties: { summary: { type: 'STRING' } } });

    expect(schema).toEqual({
      type: 'object',
      properties: { summary: { type: ['string', 'null'] } },
      required: ['summary'],
      additionalProperties: false,
    });
  });

  it('does not change the schema it is given', () => {
    const copy = structuredClone(SCHEMA);

    toStrictJsonSchema(SCHEMA);

    expect(SCHEMA).toEqual(copy);
  });
});
