import { describe, expect, it } from 'vitest';
import { STAND_IN_STRING, standInValue } from './stand-in-value.js';

describe('standInValue', () => {
  it('fills every property of an upper-case schema, in propertyOrdering order', () => {
    const value = standInValue({
      type: 'OBJECT',
      properties: {
        count: { type: 'INTEGER' },
        outcome: { type: 'STRING', enum: ['abandoned', 'completed'] },
        score: { type: 'NUMBER' },
        ok: { type: 'BOOLEAN' },
        friction: { type: 'ARRAY', items: { type: 'STRING' } },
      },
      propertyOrdering: ['outcome', 'friction'],
    });

    expect(value).toEqual({ outcome: 'abandoned', friction: [STAND_IN_STRING], count: 0, score: 0, ok: false });
    expect(Object.keys(value as object)).toEqual(['outcome', 'friction', 'count', 'score', 'ok']);
  });

  it('honours minItems and maxItems', () => {
    expect(standInValue({ type: 'ARRAY', items: { type: 'INTEGER' }, minItems: 3 })).toEqual([0, 0, 0]);
    expect(standInValue({ type: 'ARRAY', items: { type: 'INTEGER' }, maxItems: 0 })).toEqual([]);
  });

  it('reads lower-case JSON Schema with nullable type lists and null in enums', () => {
    const value = standInValue({
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        severity: { type: ['string', 'null'], enum: [null, 'high'] },
      },
    });

    expect(value).toEqual({ note: STAND_IN_STRING, severity: 'high' });
  });

  it('fits the string formats that answers are validated against', () => {
    expect(standInValue({ type: 'STRING', format: 'date-time' })).toBe('1970-01-01T00:00:00Z');
    expect(standInValue({ type: 'STRING', format: 'email' })).toBe('stand-in@example.com');
  });
});
