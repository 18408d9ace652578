// One signal shared by thousands of calls (a many-session run) keeps no listener per call: the
// vendor SDKs listen on a signal of the call's own.

import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from '../../test/support/gemini-stand-in.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../test/support/openai-stand-in.js';
import { withCallSignal } from './call-signal.js';
import { createGeminiModel } from './gemini/create-gemini-model.js';
import { createOpenAiModel } from './openai-compatible/create-openai-model.js';

let gemini: GeminiStandIn;
let openai: OpenAiStandIn;
beforeAll(async () => {
  gemini = await startGeminiStandIn();
  openai = await startOpenAiStandIn();
});
afterAll(async () => {
  await gemini.close();
  await openai.close();
});

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('withCallSignal', () => {
  it('follows the caller abort while the call runs and leaves no listener after', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const running = withCallSignal(caller.signal, (signal) => {
      seen = signal;
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    });
    expect(listeners(caller.signal)).toBe(1);
    caller.abort(new Error('stop'));
    await expect(running).rejects.toThrow('stop');
    expect(seen?.aborted).toBe(true);
    expect(listeners(caller.signal)).toBe(0);
  });

  it('passes no signal when the caller has none', async () => {
    expect(await withCallSignal(undefined, async (signal) => signal)).toBeUndefined();
  });
});

describe('the vendor adapters under one signal', () => {
  it.each([
    ['gemini', () => createGeminiModel({ apiKey: 'k', baseUrl: gemini.url })],
    ['openai', () => createOpenAiModel({ apiKey: 'k', baseUrl: `${openai.url}/v1` })],
  ])('%s: 20 calls leave no listener on the caller signal', async (_name, create) => {
    const model = create();
    const controller = new AbortController();
    for (let call = 0; call < 20; call++) await model.generate({ prompt: `call ${call}`, signal: controller.signal });
    expect(listeners(controller.signal)).toBe(0);
  });
});
