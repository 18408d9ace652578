// Gemini answers that are not a whole, well-counted answer, against the local stand-in of the
// Gemini REST API: a cut-off, stopped or empty answer is a ModelError, never a summary; token
// counts Gemini did not report (or reported as garbage) are unknown, never zeros.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTER_TEST_PROMPT as PROMPT } from '../../../test/support/adapter-test-prompt.js';
import { geminiAnswer, startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.js';
import { recordingRetry } from '../../../test/support/recording-retry.js';
import { ModelError } from '../model-errors.js';
import { createGeminiModel } from './create-gemini-model.js';

let standIn: GeminiStandIn;

beforeEach(async () => {
  standIn = await startGeminiStandIn();
});

afterEach(async () => {
  await standIn.close();
});

const geminiModel = () => createGeminiModel({ apiKey: 'test-key', baseUrl: standIn.url, retry: recordingRetry().retry });

/** A 200 generateContent body with the given candidates and usage. */
function answered(candidates: unknown, usageMetadata: unknown = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }) {
  return { status: 200, body: { candidates, usageMetadata, modelVersion: 'gemini-2.5-flash' } };
}

async function failure(): Promise<ModelError> {
  const error = await geminiModel()
    .generate({ prompt: PROMPT })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ModelError);
  expect(error).toMatchObject({ code: 'model_error', provider: 'gemini' });
  return error as ModelError;
}

describe('createGeminiModel: answers that are not whole', () => {
  it('fails on an answer cut off at the output token limit (MAX_TOKENS), even with text: it is never a summary', async () => {
    standIn.enqueue(answered([{ content: { role: 'model', parts: [{ text: 'The user added a coupon and then the che' }] }, finishReason: 'MAX_TOKENS' }]));

    const error = await failure();

    expect(error.message).toBe('Gemini cut the answer off at the output token limit (finish reason MAX_TOKENS) after 40 characters of answer text: the answer is incomplete');
    expect(error.vendorCode).toBe('MAX_TOKENS');
    expect(error.withoutVendorText).not.toContain('coupon');
    // No retry: the same request would be cut off the same way.
    expect(standIn.requests).toHaveLength(1);
  });

  it.each(['SAFETY', 'RECITATION', 'OTHER', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'MALFORMED_FUNCTION_CALL'])(
    'fails on finish reason %s with answer text too, naming the reason',
    async (finishReason) => {
      standIn.enqueue(answered([{ content: { role: 'model', parts: [{ text: 'Partial answer' }] }, finishReason }]));

      const error = await failure();

      expect(error.message).toContain(`finish reason ${finishReason}`);
      expect(error.vendorCode).toBe(finishReason);
    },
  );

  it('fails on a candidate without content or parts, or with thoughts only', async () => {
    standIn.enqueue(
      answered([{ finishReason: 'STOP' }]),
      answered([{ content: { role: 'model' }, finishReason: 'STOP' }]),
      answered([{ content: { role: 'model', parts: [{ text: 'Let me think', thought: true }] }, finishReason: 'STOP' }]),
    );

    for (let index = 0; index < 3; index++) expect((await failure()).message).toBe('Gemini answered with no text (finish reason STOP)');
  });

  it('fails on a 200 without candidates, and on candidates that are not a list', async () => {
    standIn.enqueue({ status: 200, body: { usageMetadata: { promptTokenCount: 10 } } }, { status: 200, body: { candidates: 'none' } });

    expect((await failure()).message).toContain('without any candidate');
    expect((await failure()).message).toContain('without any candidate');
  });

  it('answers with the text parts of the first candidate only, leaving thoughts out', async () => {
    standIn.enqueue(
      answered([
        { content: { role: 'model', parts: [{ text: 'Thinking about it', thought: true }, { text: 'The user ' }, { text: 'left.' }] }, finishReason: 'STOP' },
        { content: { role: 'model', parts: [{ text: 'Another candidate' }] }, finishReason: 'STOP' },
      ]),
    );

    expect((await geminiModel().generate({ prompt: PROMPT })).text).toBe('The user left.');
  });
});

describe('createGeminiModel: token usage', () => {
  const text = [{ content: { role: 'model', parts: [{ text: 'The user left.' }] }, finishReason: 'STOP' }];

  it.each([
    ['no prompt count', { candidatesTokenCount: 5, totalTokenCount: 15 }],
    ['no output count', { promptTokenCount: 10, totalTokenCount: 15 }],
    ['a total only', { totalTokenCount: 15 }],
    ['a negative count', { promptTokenCount: -10, candidatesTokenCount: 5 }],
    ['a count that is text', { promptTokenCount: 10, candidatesTokenCount: '5' }],
    ['a fractional count', { promptTokenCount: 10.5, candidatesTokenCount: 5 }],
    ['a total that is not a count', { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 1e308 }],
  ])('reports no usage (unknown) for usage metadata with %s, never a count of 0 or a wrong sum', async (_label, usageMetadata) => {
    standIn.enqueue(answered(text, usageMetadata));

    const response = await geminiModel().generate({ prompt: PROMPT });

    expect(response.text).toBe('The user left.');
    expect(response.usage).toBeUndefined();
  });

  it('counts the output as answer plus thinking tokens, and the total as their sum when Gemini leaves it out', async () => {
    standIn.enqueue(answered(text, { promptTokenCount: 10, candidatesTokenCount: 5, thoughtsTokenCount: 7 }));

    expect((await geminiModel().generate({ prompt: PROMPT })).usage).toEqual({ promptTokens: 10, outputTokens: 12, totalTokens: 22 });
  });
});

describe('createGeminiModel: a 200 that is not a Gemini answer', () => {
  it.each([
    ['an HTML page', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Sign in to the proxy</html>' }, 'text/html, 33 bytes'],
    ['JSON null', { status: 200, body: 'null' }, 'text/plain; charset=utf-8, 4 bytes'],
    ['an empty body', { status: 200, body: '' }, 'text/plain; charset=utf-8, 0 bytes'],
  ])('fails on %s with a ModelError naming the address and what came, never quoting the body', async (_label, reply, seen) => {
    standIn.enqueue(reply);

    const error = await failure();

    expect(error.message).toBe(
      `the Gemini API at ${standIn.url} answered HTTP 200 with a body that is not a JSON object (${seen}): is the base URL (--base-url, GOOGLE_GEMINI_BASE_URL) a proxy that answers in its place?`,
    );
    expect(error.withoutVendorText).toBe(`the Gemini API answered HTTP 200 with a body that is not a JSON object (${seen})`);
    expect(error.status).toBe(200);
  });
});

describe('createGeminiModel: transport', () => {
  it('retries an answer whose body breaks off, then fails with a ModelError (model_error) when every one does', async () => {
    const cut = { ...geminiAnswer('The user left.'), connection: 'cut' as const };
    standIn.enqueue(cut);
    expect((await geminiModel().generate({ prompt: PROMPT })).text).toContain('Stand-in answer');

    standIn.setHandler(() => cut);
    const error = await failure();
    expect(error.message).toMatch(/^the call to the Gemini API at http:\/\/127\.0\.0\.1:\d+ failed: the connection was lost: .* \(gave up after 3 retries\)$/);
    expect(standIn.requests).toHaveLength(2 + 4);
  });

  it('refuses an answer larger than maxAnswerBytes with a ModelError, once, instead of reading it whole', async () => {
    standIn.enqueue(geminiAnswer('a'.repeat(5000)));

    const error = await createGeminiModel({ apiKey: 'test-key', baseUrl: standIn.url, retry: { ...recordingRetry().retry, maxAnswerBytes: 4096 } })
      .generate({ prompt: PROMPT })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: 'model_error', withoutVendorText: "the Gemini API answered too much: the answer (HTTP 200) is larger than 4096 bytes, more than any model's answer: it was not read" });
    expect(standIn.requests).toHaveLength(1);
  });
});
