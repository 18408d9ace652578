// OpenAI-compatible answers that are not a whole, well-counted answer, against the local stand-in
// of POST /v1/chat/completions: a cut-off, filtered or tool-call answer is a ModelError, never a
// summary; token counts the endpoint did not report (or reported as garbage) are unknown, never zeros.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTER_TEST_PROMPT as PROMPT } from '../../../test/support/adapter-test-prompt.js';
import { openAiAnswer, startOpenAiStandIn, type OpenAiStandIn } from '../../../test/support/openai-stand-in.js';
import { recordingRetry } from '../../../test/support/recording-retry.js';
import type { ResponseSchema } from '../../profile/response-schema-terms.js';
import { ModelError } from '../model-errors.js';
import { createOpenAiModel } from './create-openai-model.js';

const SCHEMA: ResponseSchema = { type: 'OBJECT', properties: { outcome: { type: 'STRING' } }, required: ['outcome'] };

let standIn: OpenAiStandIn;

beforeEach(async () => {
  standIn = await startOpenAiStandIn();
});

afterEach(async () => {
  await standIn.close();
});

const openAiModel = () => createOpenAiModel({ baseUrl: standIn.baseUrl, retry: recordingRetry().retry });

/** A 200 chat completion whose one choice has `message` and `finish_reason`, with `usage`. */
function completion(message: Record<string, unknown>, finishReason: string | null, usage: unknown = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }) {
  return {
    status: 200,
    body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, finish_reason: finishReason }], usage },
  };
}

async function failure(responseSchema?: ResponseSchema): Promise<ModelError> {
  const error = await openAiModel()
    .generate({ prompt: PROMPT, responseSchema })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ModelError);
  expect(error).toMatchObject({ code: 'model_error', provider: 'openai' });
  return error as ModelError;
}

describe('createOpenAiModel: answers that are not whole', () => {
  it('fails on an answer cut off at the output token limit (finish reason length), with or without a response schema', async () => {
    standIn.enqueue(openAiAnswer('The user added a coupon and then the che', { finishReason: 'length' }), openAiAnswer('{"outcome": "aband', { finishReason: 'length' }));

    const plain = await failure();
    expect(plain.message).toBe('the endpoint cut the answer off at the output token limit (finish reason length): there is no whole answer');
    expect(plain.vendorCode).toBe('length');
    expect((await failure(SCHEMA)).message).toContain('finish reason length');
    // No retry: the same request would be cut off the same way.
    expect(standIn.requests).toHaveLength(2);
  });

  it.each([
    ['tool_calls', 'tool calls'],
    ['function_call', 'a function call'],
    ['content_filter', 'filtered'],
  ])('fails on finish reason %s even when the message has text', async (finishReason, words) => {
    standIn.enqueue(completion({ content: 'Some text', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finishReason));

    const error = await failure();

    expect(error.message).toContain(words);
    expect(error.message).toContain(`finish reason ${finishReason}`);
  });

  it('fails on empty choices, a null content and a refusal', async () => {
    standIn.enqueue(
      { status: 200, body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [] } },
      completion({ content: null }, 'stop'),
      completion({ content: null, refusal: 'I cannot summarise Alice Martin' }, 'stop'),
    );

    expect((await failure()).message).toBe('the OpenAI-compatible endpoint answered without any choice');
    expect((await failure()).message).toBe('the model answered with no text (finish reason stop)');
    const refusal = await failure();
    expect(refusal.message).toContain('I cannot summarise Alice Martin');
    expect(refusal.withoutVendorText).toBe('the model refused to answer');
  });

  it('fails on a 200 whose body is not JSON, or not a chat completion, saying so', async () => {
    standIn.enqueue({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Welcome to the proxy</html>' }, { status: 200, body: [1, 2] });

    expect((await failure()).message).toBe('the OpenAI-compatible endpoint answered with a body that is not JSON');
    expect((await failure()).message).toBe('the OpenAI-compatible endpoint answered with JSON that is not a chat completion (an array)');
  });

  it('answers with the text parts of a content sent as parts, leaving other parts (thinking) out', async () => {
    standIn.enqueue(completion({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] }, { type: 'text', text: 'The user ' }, { type: 'text', text: 'left.' }] }, 'stop'));

    const response = await openAiModel().generate({ prompt: PROMPT });

    expect(response.text).toBe('The user left.');
  });

  it('fails on a content that is neither text nor text parts', async () => {
    standIn.enqueue(completion({ content: { text: 'The user left.' } }, 'stop'));

    expect((await failure()).message).toContain('neither text nor text parts (object)');
  });

  it('keeps a JSON answer in a Markdown fence, or followed by prose, verbatim: the response-schema check judges it', async () => {
    standIn.enqueue(openAiAnswer('```json\n{"outcome":"abandoned"}\n```'), openAiAnswer('{"outcome":"abandoned"} Hope this helps!'));

    expect((await openAiModel().generate({ prompt: PROMPT, responseSchema: SCHEMA })).text).toBe('```json\n{"outcome":"abandoned"}\n```');
    expect((await openAiModel().generate({ prompt: PROMPT, responseSchema: SCHEMA })).text).toBe('{"outcome":"abandoned"} Hope this helps!');
  });
});

describe('createOpenAiModel: token usage', () => {
  it.each([
    ['no completion count', { prompt_tokens: 10, total_tokens: 15 }],
    ['no prompt count', { completion_tokens: 5, total_tokens: 15 }],
    ['a count that is text', { prompt_tokens: '10', completion_tokens: 5, total_tokens: 15 }],
    ['a negative count', { prompt_tokens: 10, completion_tokens: -5, total_tokens: 5 }],
    ['a total that is not a count', { prompt_tokens: 10, completion_tokens: 5, total_tokens: 'many' }],
  ])('reports no usage (unknown) for a usage with %s, never a missing field or a wrong sum', async (_label, usage) => {
    standIn.enqueue(completion({ content: 'The user left.' }, 'stop', usage));

    const response = await openAiModel().generate({ prompt: PROMPT });

    expect(response.text).toBe('The user left.');
    expect(response.usage).toBeUndefined();
  });

  it('adds up prompt and completion tokens when the endpoint leaves the total out', async () => {
    standIn.enqueue(completion({ content: 'The user left.' }, 'stop', { prompt_tokens: 10, completion_tokens: 5 }));

    expect((await openAiModel().generate({ prompt: PROMPT })).usage).toEqual({ promptTokens: 10, outputTokens: 5, totalTokens: 15 });
  });
});

describe('createOpenAiModel: a 200 labelled JSON that is not', () => {
  it('fails with a ModelError saying the body is not JSON, keeping the body out of withoutVendorText', async () => {
    standIn.enqueue({ status: 200, headers: { 'content-type': 'application/json' }, body: '<html>Alice Martin, sign in</html>' });

    const error = await failure();

    expect(error.message).toMatch(new RegExp(`^the endpoint at ${standIn.baseUrl} answered with a body that is not JSON \\(.*\\) for model gpt-4o-mini$`));
    expect(error.withoutVendorText).toBe('the OpenAI-compatible endpoint answered with a body that is not JSON for model gpt-4o-mini');
  });
});

describe('createOpenAiModel: transport', () => {
  it('retries an answer whose body breaks off, then fails with a ModelError (model_error) when every one does', async () => {
    const cut = { ...openAiAnswer('The user left.'), connection: 'cut' as const };
    standIn.enqueue(cut);
    expect((await openAiModel().generate({ prompt: PROMPT })).text).toContain('Stand-in answer');

    standIn.setHandler(() => cut);
    const error = await failure();
    expect(error.message).toMatch(/^the call to the endpoint at http:\/\/127\.0\.0\.1:\d+\/v1 failed: the connection was lost: .* \(gave up after 3 retries\)$/);
    expect(standIn.requests).toHaveLength(2 + 4);
  });

  it('refuses an answer larger than maxAnswerBytes with a ModelError, once, not as an unreachable endpoint', async () => {
    standIn.enqueue(openAiAnswer('a'.repeat(5000)));

    const error = await createOpenAiModel({ baseUrl: standIn.baseUrl, retry: { ...recordingRetry().retry, maxAnswerBytes: 4096 } })
      .generate({ prompt: PROMPT })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: 'model_error', withoutVendorText: "the OpenAI-compatible endpoint answered too much: the answer (HTTP 200) is larger than 4096 bytes, more than any model's answer: it was not read" });
    expect(standIn.requests).toHaveLength(1);
  });
});
