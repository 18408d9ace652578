import { describe, expect, it } from 'vitest';
import { chunkStream } from './chunk-stream.js';

/** A producer that records how far it was asked to go, and whether it was stopped. */
function producer(failAt?: number) {
  const state = { produced: 0, stopped: false };
  async function* chunks(): AsyncGenerator<string> {
    try {
      for (let index = 0; index < 10; index++) {
        if (index === failAt) throw new Error('the database went away');
        state.produced = index + 1;
        yield `chunk ${index};`;
      }
    } finally {
      state.stopped = true;
    }
  }
  return { state, chunks: chunks() };
}

describe('chunkStream', () => {
  it('produces a chunk only when the client reads one', async () => {
    const { state, chunks } = producer();
    const reader = chunkStream(chunks, () => undefined).getReader();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.produced).toBe(0);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk 0;');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.produced).toBe(1);
  });

  it('errors the stream, after telling onError, when the producer fails part-way', async () => {
    const { chunks } = producer(2);
    const errors: unknown[] = [];
    const response = new Response(chunkStream(chunks, (error) => errors.push(error)));
    await expect(response.text()).rejects.toThrow('the database went away');
    expect(errors).toEqual([expect.objectContaining({ message: 'the database went away' })]);
  });

  it('stops the producer when the client goes away', async () => {
    const { state, chunks } = producer();
    const reader = chunkStream(chunks, () => undefined).getReader();
    await reader.read();
    await reader.cancel();
    expect(state).toEqual({ produced: 1, stopped: true });
  });
});
