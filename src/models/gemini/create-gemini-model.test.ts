// The Gemini adapter against a local stand-in of the Gemini REST API: what the SDK really puts
// on the wire and how answers map to recap's types. Failures and retries: the .failures test.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTER_TEST_PROMPT as PROMPT } from '../../../test/support/adapter-test-prompt.js';
import {
  geminiAnswer,
  geminiError,
  startGeminiStandIn,
  type GeminiRequest,
  type GeminiStandIn,
} from '../../../test/support/gemini-stand-in.js';
import { recordingRetry } from '../../../test/support/recording-retry.js';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { ModelError, ModelUnavailableError } from '../model-errors.js';
import { createGeminiModel, DEFAULT_GEMINI_MODEL, type GeminiModelOptions } from './create-gemini-model.js';

const API_KEY = 'test-gemini-key';

const SCHEMA: ResponseSchema = {
  type: 'OBJECT',
  properties: {
    outcome: { type: 'STRING', enum: ['abandoned', 'completed'] },
    friction: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 1 },
    errors: { type: 'INTEGER' },
  },
  required: ['outcome', 'friction'],
  propertyOrdering: ['outcome', 'friction', 'errors'],
};

let standIn: GeminiStandIn;

beforeEach(async () => {
  standIn = await startGeminiStandIn({ apiKey: API_KEY });
});

afterEach(async () => {
  await standIn.close();
});

function geminiModel(overrides: Partial<GeminiModelOptions> = {}) {
  return createGeminiModel({ apiKey: API_KEY, baseUrl: standIn.url, retry: recordingRetry().retry, ...overrides });
}

function onlyRequest(): GeminiRequest {
  expect(standIn.requests).toHaveLength(1);
  return standIn.requests[0] as GeminiRequest;
}

describe('createGeminiModel: the request on the wire', () => {
  it('posts to the model\'s generateContent path with the key in x-goog-api-key', async () => {
    await geminiModel().generate({ prompt: PROMPT });

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1beta/models/${DEFAULT_GEMINI_MODEL}:generateContent`);
    expect(request.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request.path).not.toContain(API_KEY);
  });

  it('sends the whole prompt as exactly one user turn, pre_prompt, session block and post_prompt in order', async () => {
    await geminiModel().generate({ prompt: PROMPT });

    const contents = onlyRequest().body?.contents;
    expect(contents).toEqual([{ role: 'user', parts: [{ text: PROMPT }] }]);
    const text = contents?.[0]?.parts?.[0]?.text ?? '';
    expect(text.indexOf('PRE:')).toBeLessThan(text.indexOf('<session'));
    expect(text.indexOf('</session>')).toBeLessThan(text.indexOf('POST:'));
  });

  it('goes to the model named in the options', async () => {
    const model = geminiModel({ model: 'gemini-2.5-pro' });
    expect(model.model).toBe('gemini-2.5-pro');

    await model.generate({ prompt: PROMPT });

    expect(onlyRequest().path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
  });

  it('puts temperature, responseMimeType application/json and the upper-case responseSchema in generationConfig', async () => {
    await geminiModel().generate({ prompt: PROMPT, temperature: 0.2, responseSchema: SCHEMA });

    expect(onlyRequest().body?.generationConfig).toEqual({
      temperature: 0.2,
      responseMimeType: 'application/json',
      responseSchema: SCHEMA,
    });
  });

  it('sends a temperature of 0 rather than dropping it', async () => {
    await geminiModel().generate({ prompt: PROMPT, temperature: 0 });

    expect(onlyRequest().body?.generationConfig).toEqual({ temperature: 0 });
  });

  it('sends neither responseMimeType nor responseSchema without a response schema', async () => {
    await geminiModel().generate({ prompt: PROMPT });

    const config = onlyRequest().body?.generationConfig;
    expect(config?.responseMimeType).toBeUndefined();
    expect(config?.responseSchema).toBeUndefined();
  });

  it('on the repair retry sends the rejected answer as a model turn, then a user turn listing the problems', async () => {
    await geminiModel().generate({
      prompt: PROMPT,
      responseSchema: SCHEMA,
      repair: { answer: '{"outcome":"gave up"}', problems: 'outcome: must be one of "abandoned", "completed"' },
    });

    const contents = onlyRequest().body?.contents ?? [];
    expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(contents[0]?.parts).toEqual([{ text: PROMPT }]);
    expect(contents[1]?.parts).toEqual([{ text: '{"outcome":"gave up"}' }]);
    const instruction = contents[2]?.parts?.[0]?.text ?? '';
    expect(instruction).toContain('did not match the response schema');
    expect(instruction).toContain('outcome: must be one of "abandoned", "completed"');
    expect(instruction).toContain('JSON only');
  });
});

describe('createGeminiModel: answers', () => {
  it('returns the answer text, the model version Gemini reports, and the usage', async () => {
    standIn.enqueue(
      geminiAnswer('The user could not apply a coupon.', {
        modelVersion: 'gemini-2.5-flash-001',
        promptTokens: 120,
        outputTokens: 30,
      }),
    );

    const response = await geminiModel().generate({ prompt: PROMPT });

    expect(response).toEqual({
      text: 'The user could not apply a coupon.',
      model: 'gemini-2.5-flash-001',
      usage: { promptTokens: 120, outputTokens: 30, totalTokens: 150 },
    });
  });

  it('counts thinking tokens as output tokens', async () => {
    standIn.enqueue({
      status: 200,
      body: {
        candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 10, thoughtsTokenCount: 40, totalTokenCount: 150 },
        modelVersion: 'gemini-2.5-flash',
      },
    });

    const response = await geminiModel().generate({ prompt: PROMPT });

    expect(response.usage).toEqual({ promptTokens: 100, outputTokens: 50, totalTokens: 150 });
  });

  it('leaves usage undefined when Gemini reports none', async () => {
    standIn.enqueue({
      status: 200,
      body: { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }] },
    });

    const response = await geminiModel().generate({ prompt: PROMPT });

    expect(response.usage).toBeUndefined();
    expect(response.model).toBe(DEFAULT_GEMINI_MODEL);
  });

  it('returns the JSON text Gemini answers for a response schema, verbatim', async () => {
    const response = await geminiModel().generate({ prompt: PROMPT, responseSchema: SCHEMA });

    expect(JSON.parse(response.text)).toEqual({ outcome: 'abandoned', friction: ['stand-in'], errors: 0 });
  });

  it.each(['SAFETY', 'RECITATION', 'PROHIBITED_CONTENT'])(
    'fails with a ModelError naming finish reason %s when the answer was stopped',
    async (finishReason) => {
      standIn.enqueue({
        status: 200,
        body: {
          candidates: [{ finishReason, index: 0 }],
          usageMetadata: { promptTokenCount: 10, totalTokenCount: 10 },
          modelVersion: 'gemini-2.5-flash',
        },
      });

      const failure = await geminiModel()
        .generate({ prompt: PROMPT })
        .catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(ModelError);
      expect(failure).not.toBeInstanceOf(ModelUnavailableError);
      expect((failure as ModelError).message).toContain(finishReason);
    },
  );

  it('fails with a ModelError naming the block reason when the prompt itself was blocked', async () => {
    standIn.enqueue({
      status: 200,
      body: { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 10, totalTokenCount: 10 } },
    });

    await expect(geminiModel().generate({ prompt: PROMPT })).rejects.toThrow(/blocked the prompt.*SAFETY/);
  });

  it('fails with a ModelError when the candidate has no text', async () => {
    standIn.enqueue({ status: 200, body: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP' }] } });

    await expect(geminiModel().generate({ prompt: PROMPT })).rejects.toThrow(/no text \(finish reason STOP\)/);
  });
});

describe('createGeminiModel: countTokens', () => {
  it('asks the model\'s countTokens path with the same single user turn and returns totalTokens', async () => {
    standIn.enqueue({ status: 200, body: { totalTokens: 42 } });

    const tokens = await geminiModel().countTokens?.({ prompt: PROMPT });

    expect(tokens).toBe(42);
    const request = onlyRequest();
    expect(request.path).toBe(`/v1beta/models/${DEFAULT_GEMINI_MODEL}:countTokens`);
    expect(request.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request.body).toEqual({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }] });
  });

  it('maps countTokens failures like generate failures', async () => {
    standIn.enqueue(geminiError(403, 'Permission denied.'));

    await expect(geminiModel().countTokens?.({ prompt: PROMPT })).rejects.toBeInstanceOf(ModelUnavailableError);
  });
});

describe('createGeminiModel: identity', () => {
  it('is a language model from the gemini provider, gemini-2.5-flash by default', () => {
    const model = geminiModel();

    expect(model).toMatchObject({ provider: 'gemini', kind: 'language-model', model: 'gemini-2.5-flash' });
    expect(DEFAULT_GEMINI_MODEL).toBe('gemini-2.5-flash');
  });
});
