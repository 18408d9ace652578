// The OpenAI stand-in itself, spoken to with plain fetch: default answers and checks.

import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAiStandIn, type OpenAiStandIn } from './openai-stand-in.js';

let standIn: OpenAiStandIn | undefined;

afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${standIn?.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('startOpenAiStandIn', () => {
  it('answers a chat completion marked as stand-in output, with usage', async () => {
    standIn = await startOpenAiStandIn();

    const { status, body } = await post({ model: 'llama3.1', messages: [{ role: 'user', content: 'Summarise this.' }] });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'llama3.1',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Stand-in answer (not a language model): Summarise this.' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
  });

  it('answers JSON that fits the json_schema response format', async () => {
    standIn = await startOpenAiStandIn();

    const { body } = await post({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'summary',
          strict: true,
          schema: { type: 'object', properties: { outcome: { type: 'string', enum: ['abandoned'] } }, required: ['outcome'] },
        },
      },
    });

    const content = (body as { choices: { message: { content: string } }[] }).choices[0]?.message.content;
    expect(JSON.parse(content ?? '')).toEqual({ outcome: 'abandoned' });
  });

  it('rejects a missing or wrong Bearer key with 401 and an OpenAI error body', async () => {
    standIn = await startOpenAiStandIn({ apiKey: 'sk-right' });
    const request = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] };

    expect(await post(request)).toMatchObject({ status: 401, body: { error: { type: 'invalid_request_error' } } });
    expect(await post(request, { authorization: 'Bearer sk-wrong' })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key' } },
    });
    expect((await post(request, { authorization: 'Bearer sk-right' })).status).toBe(200);
  });

  it('rejects a body without messages with 400', async () => {
    standIn = await startOpenAiStandIn();

    expect(await post({ model: 'gpt-4o-mini' })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining('messages') } },
    });
  });
});
