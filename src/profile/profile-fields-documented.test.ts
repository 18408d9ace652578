// docs/profiles.md has a row for every field of a profile and names recap's extensions (the fields
// that are not in the server spec's summary profile): a field added to the schema without its row,
// or an extension not counted (as llm.grounding once was), leaves readers with a wrong format.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contextSchema, eventsSchema, llmSchema, profileSchema, sliceSchema } from './profile-schema.js';

const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/profiles.md'), 'utf8');

const sections: readonly (readonly [string, { readonly shape: Record<string, z.ZodType> }])[] = [
  ['', profileSchema],
  ['llm.', llmSchema],
  ['slice.', sliceSchema],
  ['context.', contextSchema],
  ['events.', eventsSchema],
];
/** Every leaf field of a profile by its dotted path, with whether its description says it is recap's extension. */
const fields = sections.flatMap(([prefix, schema]) =>
  Object.entries(schema.shape)
    .filter(([name]) => !sections.some(([section]) => section === `${name}.`))
    .map(([name, field]) => ({ path: `${prefix}${name}`, extension: field.description?.startsWith('recap extension') === true })),
);
const extensions = fields.filter((field) => field.extension).map((field) => field.path);
const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('docs/profiles.md and the profile schema', () => {
  it('has a row for every field, saying "recap extension" exactly for the extensions', () => {
    // A cell may hold escaped pipes: `FIRST` \| `LAST`.
    const rows = [...page.matchAll(/^\| `([a-z_.]+)` \| (?:[^|\\]|\\.)+ \| (.+) \|$/gm)].map((row) => ({ path: row[1], extension: row[2]?.startsWith('recap extension') === true }));
    const byPath = (a: { path?: string }, b: { path?: string }) => (a.path ?? '').localeCompare(b.path ?? '');
    expect(rows.sort(byPath)).toEqual([...fields].sort(byPath));
  });

  it('counts and names the extensions', () => {
    const sentence = /recap adds (\w+)\s+optional extensions:([\s\S]*?)\.\s/.exec(page);
    expect(sentence?.[1]).toBe(NUMBERS[extensions.length]);
    const named = [...(sentence?.[2] ?? '').matchAll(/`([a-z_.]+)`/g)].map((name) => name[1]);
    expect(named.sort()).toEqual([...extensions].sort());
  });
});
