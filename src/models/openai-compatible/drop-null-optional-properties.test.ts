import { describe, expect, it } from 'vitest';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { dropNullOptionalProperties } from './drop-null-optional-properties.js';

const SCHEMA: ResponseSchema = {
  type: 'OBJECT',
  properties: {
    outcome: { type: 'STRING' },
    note: { type: 'STRING' },
    reviewer: { type: 'STRING', nullable: true },
    steps: {
      type: 'ARRAY',
      items: { type: 'OBJECT', properties: { page: { type: 'STRING' }, seconds: { type: 'NUMBER' } }, required: ['page'] },
    },
    detail: { type: 'OBJECT', properties: { cause: { type: 'STRING' } } },
  },
  required: ['outcome', 'reviewer'],
};

describe('dropNullOptionalProperties', () => {
  it('removes a null optional property the profile did not declare nullable', () => {
    const text = dropNullOptionalProperties('{"outcome":"abandoned","note":null,"reviewer":"ann"}', SCHEMA);

    expect(JSON.parse(text)).toEqual({ outcome: 'abandoned', reviewer: 'ann' });
  });

  it('keeps null where the profile allows it: a nullable property', () => {
    const text = dropNullOptionalProperties('{"outcome":"abandoned","reviewer":null,"note":null}', SCHEMA);

    expect(JSON.parse(text)).toEqual({ outcome: 'abandoned', reviewer: null });
  });

  it('keeps a null in a required property, for validation to reject', () => {
    const text = dropNullOptionalProperties('{"outcome":null,"reviewer":"ann"}', SCHEMA);

    expect(JSON.parse(text)).toEqual({ outcome: null, reviewer: 'ann' });
  });

  it('removes nulls inside array items and nested objects', () => {
    const text = dropNullOptionalProperties(
      '{"outcome":"x","reviewer":null,"steps":[{"page":"/cart","seconds":null},{"page":"/pay","seconds":3}],"detail":{"cause":null}}',
      SCHEMA,
    );

    expect(JSON.parse(text)).toEqual({
      outcome: 'x',
      reviewer: null,
      steps: [{ page: '/cart' }, { page: '/pay', seconds: 3 }],
      detail: {},
    });
  });

  it('returns the text byte for byte when there is nothing to remove', () => {
    const text = '{\n  "outcome": "abandoned",\n  "reviewer": "ann"\n}';

    expect(dropNullOptionalProperties(text, SCHEMA)).toBe(text);
  });

  it('removes the forced null from an answer in a ```json fence too, as the answer check reads through the fence', () => {
    const text = dropNullOptionalProperties('```json\n{"outcome":"abandoned","note":null,"reviewer":"ann"}\n```', SCHEMA);

    expect(JSON.parse(text)).toEqual({ outcome: 'abandoned', reviewer: 'ann' });
  });

  it('returns text that is not JSON unchanged, for validation to report', () => {
    expect(dropNullOptionalProperties('not json {', SCHEMA)).toBe('not json {');
  });

  it('leaves properties the schema does not know alone', () => {
    const text = dropNullOptionalProperties('{"outcome":"x","reviewer":null,"extra":null,"note":null}', SCHEMA);

    expect(JSON.parse(text)).toEqual({ outcome: 'x', reviewer: null, extra: null });
  });
});
