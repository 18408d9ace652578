// A JSON array written a page at a time: the text of a page's items is one chunk, and an item
// that is itself written in chunks (a streamed object) is passed through as it comes.

/** An item's JSON text, or the chunks of its text. */
export type JsonItemText = string | AsyncIterable<string>;

/** `[`, every item of every page separated by commas, `]`. */
export async function* jsonArrayChunks(pages: AsyncIterable<readonly JsonItemText[]>): AsyncGenerator<string> {
  let separator = '';
  yield '[';
  for await (const items of pages) {
    let text = '';
    for (const item of items) {
      if (typeof item === 'string') {
        text += separator + item;
      } else {
        if (text + separator !== '') yield text + separator;
        text = '';
        yield* item;
      }
      separator = ',';
    }
    if (text !== '') yield text;
  }
  yield ']';
}
