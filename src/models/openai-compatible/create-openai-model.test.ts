// The OpenAI-compatible adapter against a local stand-in of POST /v1/chat/completions: what the
// SDK puts on the wire and how answers and failures map to recap's types. No network.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTER_TEST_PROMPT as PROMPT } from '../../../test/support/adapter-test-prompt.js';
import {
  openAiAnswer,
  openAiError,
  startOpenAiStandIn,
  type OpenAiRequest,
  type OpenAiStandIn,
} from '../../../test/support/openai-stand-in.js';
import { recordingRetry, type RecordingRetry } from '../../../test/support/recording-retry.js';
import { DROPPED_CONNECTION, NO_ANSWER } from '../../../test/support/recording-server.js';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { ModelError, ModelUnavailableError } from '../model-errors.js';
import { createOpenAiModel, DEFAULT_OPENAI_MODEL, type OpenAiModelOptions } from './create-openai-model.js';
import { toStrictJsonSchema } from './to-strict-json-schema.js';

const API_KEY = 'sk-test-key';

const SCHEMA: ResponseSchema = {
  type: 'OBJECT',
  properties: {
    outcome: { type: 'STRING', enum: ['abandoned', 'completed'] },
    note: { type: 'STRING' },
  },
  required: ['outcome'],
};

let standIn: OpenAiStandIn;
let waits: RecordingRetry;
let delays: number[];

beforeEach(async () => {
  standIn = await startOpenAiStandIn({ apiKey: API_KEY });
  waits = recordingRetry();
  delays = waits.delays;
});

afterEach(async () => {
  await standIn.close();
});

function openAiModel(overrides: Partial<OpenAiModelOptions> = {}) {
  return createOpenAiModel({ apiKey: API_KEY, baseUrl: standIn.baseUrl, retry: waits.retry, ...overrides });
}

function onlyRequest(): OpenAiRequest {
  expect(standIn.requests).toHaveLength(1);
  return standIn.requests[0] as OpenAiRequest;
}

describe('createOpenAiModel: the request on the wire', () => {
  it('posts to /v1/chat/completions with the key as a Bearer token and the default model', async () => {
    await openAiModel().generate({ prompt: PROMPT });

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body?.model).toBe(DEFAULT_OPENAI_MODEL);
  });

  it('sends the whole prompt as exactly one user message, and nothing else without temperature or schema', async () => {
    await openAiModel().generate({ prompt: PROMPT });

    expect(onlyRequest().body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] });
  });

  it('sends temperature, and the strict json_schema response_format for a response schema', async () => {
    await openAiModel({ model: 'llama3.1' }).generate({ prompt: PROMPT, temperature: 0, responseSchema: SCHEMA });

    const body = onlyRequest().body;
    expect(body?.model).toBe('llama3.1');
    expect(body?.temperature).toBe(0);
    expect(body?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'summary', strict: true, schema: toStrictJsonSchema(SCHEMA) },
    });
    expect(body?.response_format?.json_schema?.schema).toMatchObject({
      required: ['outcome', 'note'],
      properties: { note: { type: ['string', 'null'] } },
    });
  });

  it('sends "not-needed" as the key when none is configured, as local servers expect none', async () => {
    const keyless = await startOpenAiStandIn();
    try {
      await createOpenAiModel({ baseUrl: keyless.baseUrl }).generate({ prompt: PROMPT });

      expect(keyless.requests[0]?.headers.authorization).toBe('Bearer not-needed');
    } finally {
      await keyless.close();
    }
  });

  it('on the repair retry sends the rejected answer as an assistant message, then a user message listing the problems', async () => {
    await openAiModel().generate({
      prompt: PROMPT,
      responseSchema: SCHEMA,
      repair: { answer: '{"outcome":"gave up"}', problems: 'outcome: must be one of "abandoned", "completed"' },
    });

    const messages = onlyRequest().body?.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[0]?.content).toBe(PROMPT);
    expect(messages[1]?.content).toBe('{"outcome":"gave up"}');
    expect(messages[2]?.content).toContain('outcome: must be one of "abandoned", "completed"');
    expect(messages[2]?.content).toContain('JSON only');
  });
});

describe('createOpenAiModel: answers', () => {
  it('returns the message content, the model the endpoint reports, and the usage', async () => {
    standIn.enqueue(
      openAiAnswer('The user could not apply a coupon.', {
        model: 'gpt-4o-mini-2024-07-18',
        promptTokens: 120,
        outputTokens: 30,
      }),
    );

    const response = await openAiModel().generate({ prompt: PROMPT });

    expect(response).toEqual({
      text: 'The user could not apply a coupon.',
      model: 'gpt-4o-mini-2024-07-18',
      usage: { promptTokens: 120, outputTokens: 30, totalTokens: 150 },
    });
  });

  it('leaves usage undefined when the endpoint reports none', async () => {
    const reply = openAiAnswer('ok');
    standIn.enqueue({ ...reply, body: { ...(reply.body as object), usage: undefined } });

    const response = await openAiModel().generate({ prompt: PROMPT });

    expect(response.usage).toBeUndefined();
  });

  it('removes the nulls strict mode forced into optional properties', async () => {
    standIn.enqueue(openAiAnswer('{"outcome":"abandoned","note":null}'));

    const response = await openAiModel().generate({ prompt: PROMPT, responseSchema: SCHEMA });

    expect(JSON.parse(response.text)).toEqual({ outcome: 'abandoned' });
  });

  it('answers schema-shaped JSON by default from the stand-in', async () => {
    const response = await openAiModel().generate({ prompt: PROMPT, responseSchema: SCHEMA });

    expect(JSON.parse(response.text)).toEqual({ outcome: 'abandoned', note: 'stand-in' });
  });

  it('fails with a ModelError carrying the refusal when the model refuses', async () => {
    standIn.enqueue(openAiAnswer(null, { refusal: "I'm sorry, I can't help with that." }));

    await expect(openAiModel().generate({ prompt: PROMPT, responseSchema: SCHEMA })).rejects.toThrow(
      /refused to answer: I'm sorry/,
    );
  });

  it('fails with a ModelError naming content_filter when the answer was filtered', async () => {
    standIn.enqueue(openAiAnswer(null, { finishReason: 'content_filter' }));

    await expect(openAiModel().generate({ prompt: PROMPT })).rejects.toThrow(/content_filter/);
  });
});

describe('createOpenAiModel: retries and failures', () => {
  it('waits as long as Retry-After asks (2 s) after a 429, then succeeds', async () => {
    standIn.enqueue(openAiError(429, 'Rate limit reached for gpt-4o-mini.', { headers: { 'retry-after': '2' } }));

    const response = await openAiModel().generate({ prompt: PROMPT });

    expect(delays).toEqual([2000]);
    expect(standIn.requests).toHaveLength(2);
    expect(response.text).toContain('Stand-in answer (not a language model)');
  });

  it('retries 500 and 503 with backoff and never lets the SDK retry on its own', async () => {
    standIn.setHandler(() => openAiError(503, 'The server is overloaded or not ready yet.'));

    const failure = await openAiModel({ retry: { ...waits.retry, retries: 2 } })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(3);
    expect(delays).toEqual([50, 100]);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).not.toBeInstanceOf(ModelUnavailableError);
    expect(failure).toMatchObject({ status: 503, provider: 'openai' });
    expect((failure as Error).message).toContain('The server is overloaded or not ready yet.');
    expect((failure as Error).message).toContain('gave up after 2 retries');
  });

  it('does not retry a 429 whose Retry-After asks for longer than recap waits, and says so', async () => {
    standIn.setHandler(() => openAiError(429, 'You exceeded your current quota.', { headers: { 'retry-after': '600' } }));

    const failure = await openAiModel().generate({ prompt: PROMPT }).catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(failure).toMatchObject({ status: 429, provider: 'openai', refusedWaitMs: 600_000 });
    expect((failure as Error).message).toMatch(/You exceeded your current quota\. \(not retried: the server asked to wait 600 s, longer than the 30 s recap waits at most; try again later\)$/);
  });

  it('words the retries it made as they were: one retry', async () => {
    standIn.setHandler(() => openAiError(500, 'The server had an error.'));

    const failure = await openAiModel({ retry: { ...waits.retry, retries: 1 } }).generate({ prompt: PROMPT }).catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(2);
    expect((failure as Error).message).toMatch(/\(gave up after 1 retry\)$/);
    expect(failure).toMatchObject({ status: 500, refusedWaitMs: undefined });
  });

  it('maps a 400 to a ModelError with the status and the vendor message, without retrying', async () => {
    standIn.enqueue(openAiError(400, "Invalid schema for response_format 'summary'.", { code: 'invalid_value' }));

    const failure = await openAiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(1);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).not.toBeInstanceOf(ModelUnavailableError);
    expect(failure).toMatchObject({ code: 'model_error', status: 400 });
    expect((failure as Error).message).toContain("Invalid schema for response_format 'summary'.");
  });

  it("keeps the vendor's own words, which may quote the request, out of withoutVendorText: status and code stay", async () => {
    standIn.enqueue(openAiError(400, "Invalid 'messages[0].content': 'Alice Martin, card 4111 1111 1111 1111' is too long.", { code: 'context_length_exceeded' }));
    const failure = (await openAiModel({ model: 'llama3.1' })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error)) as ModelError;
    expect(failure.message).toContain('Alice Martin');
    expect(failure.vendorCode).toBe('context_length_exceeded');
    expect(failure.withoutVendorText).toBe(`the endpoint at ${standIn.baseUrl} answered HTTP 400 context_length_exceeded for model llama3.1`);

    standIn.enqueue(openAiError(401, 'Incorrect API key provided: sk-test-**ey. Your prompt was: Alice Martin'));
    const rejected = (await openAiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error)) as ModelError;
    expect(rejected.withoutVendorText).toBe(`the endpoint at ${standIn.baseUrl} rejected the key (HTTP 401 invalid_request_error); check OPENAI_API_KEY`);

    standIn.enqueue(openAiAnswer(null, { refusal: "I can't summarise Alice Martin's card 4111 1111 1111 1111." }));
    const refusal = (await openAiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error)) as ModelError;
    expect(refusal.message).toContain('Alice Martin');
    expect(refusal.withoutVendorText).toBe('the model refused to answer');
  });

  it('maps a wrong key (401) to a ModelUnavailableError saying the key was rejected', async () => {
    const failure = await openAiModel({ apiKey: 'sk-wrong' })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ModelUnavailableError);
    expect(failure).toMatchObject({ code: 'model_unavailable', status: 401 });
    expect((failure as Error).message).toContain('rejected the key');
    expect((failure as Error).message).toContain('Incorrect API key provided');
  });

  it('maps a 403 to a ModelUnavailableError', async () => {
    standIn.enqueue(openAiError(403, 'Project does not have access to model gpt-4o-mini.'));

    await expect(openAiModel().generate({ prompt: PROMPT })).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('maps a refused connection to a ModelUnavailableError naming the base URL', async () => {
    const closed = await startOpenAiStandIn();
    await closed.close();

    const failure = await openAiModel({ baseUrl: closed.baseUrl })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ModelUnavailableError);
    expect((failure as Error).message).toContain(`cannot reach the OpenAI-compatible endpoint at ${closed.baseUrl}`);
    expect((failure as Error).message).toContain('ECONNREFUSED');
  });

  it('retries a dropped connection, then maps connections dropped on every attempt to a ModelError (model_error), not a ModelUnavailableError', async () => {
    standIn.enqueue(DROPPED_CONNECTION);
    const answered = await openAiModel().generate({ prompt: PROMPT });
    expect(answered.text).not.toBe('');
    expect(standIn.requests).toHaveLength(2);

    standIn.setHandler(() => DROPPED_CONNECTION);
    const failure = await openAiModel({ retry: { ...waits.retry, retries: 1 } })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).not.toBeInstanceOf(ModelUnavailableError);
    expect((failure as Error).message).toBe(
      `the call to the endpoint at ${standIn.url}/v1 failed: the connection was lost: the server closed the connection (UND_ERR_SOCKET) (gave up after 1 retry)`,
    );
  });

  it('abandons an attempt without an answer within attemptTimeoutMs: a ModelError once the retries run out, not the SDK\'s own deadline', async () => {
    standIn.setHandler(() => NO_ANSWER);
    const failure = await openAiModel({ retry: { ...waits.retry, retries: 1, attemptTimeoutMs: 20 } })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'model_error', message: `the call to the endpoint at ${standIn.url}/v1 failed: no answer within 20 ms (gave up after 1 retry)` });
  });

  it('rethrows the caller\'s abort reason when the caller aborts, not a ModelError', async () => {
    const controller = new AbortController();
    standIn.setHandler(async () => {
      controller.abort();
      return 'too late';
    });

    const failure = await openAiModel()
      .generate({ prompt: PROMPT, signal: controller.signal })
      .catch((error: unknown) => error);

    expect(failure).not.toBeInstanceOf(ModelError);
    expect(failure).toBe(controller.signal.reason);
    expect((failure as Error).name).toBe('AbortError');
  });
});

describe('createOpenAiModel: identity', () => {
  it('is a language model from the openai provider, gpt-4o-mini by default', () => {
    expect(openAiModel()).toMatchObject({ provider: 'openai', kind: 'language-model', model: 'gpt-4o-mini' });
    expect(DEFAULT_OPENAI_MODEL).toBe('gpt-4o-mini');
  });
});
