import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayChunks, type JsonItemText } from './json-array-chunks.js';

async function* from<Item>(items: readonly Item[]): AsyncGenerator<Item> {
  yield* items;
}

async function text(chunks: AsyncIterable<string>): Promise<{ text: string; chunks: string[] }> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return { text: all.join(''), chunks: all };
}

describe('jsonArrayChunks', () => {
  it('writes the JSON.stringify of all pages’ items, empty pages and streamed items included, never an empty chunk', async () => {
    const value = fc.jsonValue();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.tuple(value, fc.boolean()), { maxLength: 4 }), { maxLength: 5 }), async (pages) => {
        // An item is written whole, or as a stream of two pieces of its text.
        const shown = pages.map((page) =>
          page.map(([item, streamed]): JsonItemText => {
            const json = JSON.stringify(item);
            return streamed ? from([json.slice(0, 1), json.slice(1)].filter((piece) => piece !== '')) : json;
          }),
        );
        const written = await text(jsonArrayChunks(from(shown)));
        expect(JSON.parse(written.text)).toEqual(JSON.parse(JSON.stringify(pages.flat().map(([item]) => item))));
        expect(written.chunks).not.toContain('');
      }),
    );
  });

  it('writes one chunk per page of plain items', async () => {
    expect((await text(jsonArrayChunks(from([['1', '2'], [], ['3']])))).chunks).toEqual(['[', '1,2', ',3', ']']);
  });
});
