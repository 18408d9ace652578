// The Gemini stand-in itself, spoken to with plain fetch: default answers, scripting, checks.

import { afterEach, describe, expect, it } from 'vitest';
import { geminiError, startGeminiStandIn, type GeminiStandIn } from './gemini-stand-in.js';

let standIn: GeminiStandIn | undefined;

afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${standIn?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const GENERATE = '/v1beta/models/gemini-2.5-flash:generateContent';
const prompt = 'Summarise.\n\n<session id="u-1:s-1">\nevents: 1\n</session>\n\nBe brief.';

describe('startGeminiStandIn', () => {
  it('answers text marked as stand-in output, quoting the start of the session block', async () => {
    standIn = await startGeminiStandIn();

    const { status, body } = await post(GENERATE, { contents: [{ role: 'user', parts: [{ text: prompt }] }] });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'Stand-in answer (not a language model): <session id="u-1:s-1"> events: 1 </session>' }],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: {
        promptTokenCount: expect.any(Number),
        candidatesTokenCount: expect.any(Number),
        totalTokenCount: expect.any(Number),
      },
      modelVersion: 'gemini-2.5-flash',
    });
    expect(standIn.requests[0]?.body?.contents?.[0]?.parts?.[0]?.text).toBe(prompt);
  });

  it('answers countTokens with totalTokens', async () => {
    standIn = await startGeminiStandIn();

    const { body } = await post('/v1beta/models/gemini-2.5-flash:countTokens', {
      contents: [{ role: 'user', parts: [{ text: 'abcdefgh' }] }],
    });

    expect(body).toEqual({ totalTokens: 2 });
  });

  it('answers the queue first, then the handler, then the default', async () => {
    standIn = await startGeminiStandIn({ replies: ['first'], handler: () => 'from handler' });
    const request = { contents: [{ role: 'user', parts: [{ text: prompt }] }] };
    const text = (body: Record<string, unknown>) =>
      (body as { candidates: { content: { parts: { text: string }[] } }[] }).candidates[0]?.content.parts[0]?.text;

    expect(text((await post(GENERATE, request)).body)).toBe('first');
    expect(text((await post(GENERATE, request)).body)).toBe('from handler');
    standIn.setHandler(undefined);
    expect(text((await post(GENERATE, request)).body)).toMatch(/^Stand-in answer/);
  });

  it('rejects a missing key with 403 and a wrong key with 400 API_KEY_INVALID, as the real API does', async () => {
    standIn = await startGeminiStandIn({ apiKey: 'right' });
    const request = { contents: [{ role: 'user', parts: [{ text: prompt }] }] };

    expect(await post(GENERATE, request)).toMatchObject({
      status: 403,
      body: { error: { code: 403, status: 'PERMISSION_DENIED' } },
    });
    expect(await post(GENERATE, request, { 'x-goog-api-key': 'wrong' })).toMatchObject({
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } },
    });
    expect((await post(GENERATE, request, { 'x-goog-api-key': 'right' })).status).toBe(200);
  });

  it('rejects a body that is not a generateContent request, and a schema without the JSON mime type', async () => {
    standIn = await startGeminiStandIn();

    expect((await post(GENERATE, { prompt })).status).toBe(400);
    const withSchema = await post(GENERATE, {
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      generationConfig: { responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
    });
    expect(withSchema).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT' } } });
  });

  it('answers unknown paths with a Gemini-shaped 404', async () => {
    standIn = await startGeminiStandIn();

    expect(await post('/v1beta/files', {})).toMatchObject({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
  });

  it('builds Gemini error bodies with the gRPC status name', () => {
    expect(geminiError(429, 'Resource has been exhausted.', { headers: { 'retry-after': '2' } })).toEqual({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED' } },
    });
  });
});
