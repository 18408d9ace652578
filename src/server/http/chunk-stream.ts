// A response body written as it is produced (an export): a chunk is taken from the producer only
// when the client has taken the previous one, so a slow client slows the reads instead of filling
// memory. A producer that fails part-way errors the stream: the server then aborts the connection
// rather than end a body that looks complete.

/**
 * The chunks of `chunks` as a byte stream, pulled on demand (nothing is read before the client
 * reads). `onError` hears of a failure before the stream errors; a client that goes away stops the
 * producer (its `return` runs, so its `finally` blocks do).
 */
export function chunkStream(chunks: AsyncIterable<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<string>;
        try {
          next = await iterator.next();
        } catch (error) {
          onError(error);
          controller.error(error);
          return;
        }
        if (next.done === true) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // No chunk is produced ahead of a read.
    { highWaterMark: 0 },
  );
}
