// A response schema's formats on the way to each vendor, against the local stand-ins: a format the
// vendor refuses with a 400 is not sent (docs/profiles.md#response-schemas-and-results), and recap
// still checks it on the answer, repairing an answer that breaks it. No network.

import { afterEach, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from '../../test/support/gemini-stand-in.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../test/support/openai-stand-in.js';
import { recordingRetry } from '../../test/support/recording-retry.js';
import { prepare } from '../pipeline/prepare.js';
import { sessionWith } from '../pipeline/test-support/session-builder.js';
import type { Profile } from '../profile/profile-schema.js';
import { summarize } from '../summarize.js';
import { createGeminiModel } from './gemini/create-gemini-model.js';
import { createOpenAiModel } from './openai-compatible/create-openai-model.js';
import type { SummaryModel } from './summary-model.js';

const session = sessionWith([{ offset: 0, type: 'navigate', url: 'https://shop.example/' }, { offset: 1000 }]);
const profile: Profile = {
  llm: {
    response_schema: {
      type: 'OBJECT',
      properties: {
        last_page: { type: 'STRING', format: 'uri' },
        contact: { type: 'STRING', format: 'email' },
        left_at: { type: 'STRING', format: 'date-time' },
        errors: { type: 'INTEGER', format: 'int32' },
      },
      required: ['last_page', 'contact', 'left_at', 'errors'],
    },
  },
};
const valid = { last_page: 'https://shop.example/pay', contact: 'ann@example.com', left_at: '2026-03-01T10:00:00Z', errors: 2 };
const formatsSent = (schema: unknown): string[] => JSON.stringify(schema).match(/"format":"[^"]*"/g) ?? [];

let openAi: OpenAiStandIn | undefined;
let gemini: GeminiStandIn | undefined;
afterEach(async () => {
  await openAi?.close();
  await gemini?.close();
  openAi = gemini = undefined;
});

const run = (model: SummaryModel) => summarize(prepare(profile, session), model);

describe('response schema formats sent to the vendors', () => {
  it('openai: sends only the formats strict mode takes (uri and int32 would be a 400), and checks uri on the answer', async () => {
    openAi = await startOpenAiStandIn();
    openAi.enqueue(JSON.stringify({ ...valid, last_page: '/pay' }), JSON.stringify(valid));

    const outcome = await run(createOpenAiModel({ baseUrl: openAi.baseUrl, retry: recordingRetry().retry }));

    expect(outcome.result).toEqual({ response: valid, response_schema: profile.llm?.response_schema });
    expect(outcome.attempts).toBe(2);
    expect(openAi.requests[1]?.body?.messages?.at(-1)?.content).toContain('last_page: must match format "uri"');
    expect(formatsSent(openAi.requests[0]?.body?.response_format?.json_schema?.schema)).toEqual(['"format":"email"', '"format":"date-time"']);
  });

  it('gemini: sends only the formats its responseSchema takes (email on a STRING would be a 400), and checks email on the answer', async () => {
    gemini = await startGeminiStandIn({ apiKey: 'test-gemini-key' });
    gemini.enqueue(JSON.stringify({ ...valid, contact: 'ann' }), JSON.stringify(valid));

    const outcome = await run(createGeminiModel({ apiKey: 'test-gemini-key', baseUrl: gemini.url, retry: recordingRetry().retry }));

    expect(outcome.result).toEqual({ response: valid, response_schema: profile.llm?.response_schema });
    expect(outcome.attempts).toBe(2);
    expect(formatsSent(gemini.requests[0]?.body?.generationConfig?.responseSchema)).toEqual(['"format":"date-time"', '"format":"int32"']);
  });

  it('the stand-ins refuse those formats as the vendors do, so the test above means something', async () => {
    openAi = await startOpenAiStandIn();
    const response = await fetch(`${openAi.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
        response_format: { type: 'json_schema', json_schema: { name: 'summary', strict: true, schema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } } } },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: "Invalid schema for response_format 'summary': In context=('properties', 'url'), 'uri' is not a valid format." } });
  });
});
