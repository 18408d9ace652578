// One Gemini stand-in for a whole test file: started before its tests, closed after them, with the
// environment that points recap's Gemini adapter at it.

import { afterAll, beforeAll } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from './gemini-stand-in.js';

export interface SharedGeminiStandIn {
  /** The running stand-in (set before the file's first test). */
  readonly standIn: GeminiStandIn;
  /** GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL for a recap process or command that calls it. */
  readonly env: Record<string, string>;
}

/** Starts a stand-in taking `apiKey` before the file's tests and closes it after them. */
export function useGeminiStandIn(apiKey = 'test-key'): SharedGeminiStandIn {
  let standIn: GeminiStandIn | undefined;
  beforeAll(async () => {
    standIn = await startGeminiStandIn({ apiKey });
  });
  afterAll(async () => standIn?.close());
  const running = (): GeminiStandIn => {
    if (standIn === undefined) throw new Error('the Gemini stand-in starts before the first test');
    return standIn;
  };
  return {
    get standIn() {
      return running();
    },
    get env() {
      return { GEMINI_API_KEY: apiKey, GOOGLE_GEMINI_BASE_URL: running().url };
    },
  };
}
