// How the Gemini adapter retries and fails, against a local stand-in of the Gemini REST API:
// statuses, vendor messages, unreachable endpoints and aborts map to recap's typed errors.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTER_TEST_PROMPT as PROMPT } from '../../../test/support/adapter-test-prompt.js';
import { geminiError, startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.js';
import { recordingRetry, type RecordingRetry } from '../../../test/support/recording-retry.js';
import { DROPPED_CONNECTION, NO_ANSWER } from '../../../test/support/recording-server.js';
import { ModelError, ModelUnavailableError } from '../model-errors.js';
import { createGeminiModel, type GeminiModelOptions } from './create-gemini-model.js';

const API_KEY = 'test-gemini-key';

let standIn: GeminiStandIn;
let waits: RecordingRetry;
let delays: number[];

beforeEach(async () => {
  standIn = await startGeminiStandIn({ apiKey: API_KEY });
  waits = recordingRetry();
  delays = waits.delays;
});

afterEach(async () => {
  await standIn.close();
});

function geminiModel(overrides: Partial<GeminiModelOptions> = {}) {
  return createGeminiModel({ apiKey: API_KEY, baseUrl: standIn.url, retry: waits.retry, ...overrides });
}

describe('createGeminiModel: retries', () => {
  it('waits as long as Retry-After asks (2 s) after a 429, then succeeds', async () => {
    standIn.enqueue(geminiError(429, 'Resource has been exhausted (e.g. check quota).', { headers: { 'retry-after': '2' } }));

    const response = await geminiModel().generate({ prompt: PROMPT });

    expect(delays).toEqual([2000]);
    expect(standIn.requests).toHaveLength(2);
    expect(response.text).toContain('Stand-in answer (not a language model)');
  });

  it('waits as long as the RetryInfo in a 429 body asks when there is no Retry-After header', async () => {
    standIn.enqueue(
      geminiError(429, 'You exceeded your current quota.', {
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }],
      }),
    );

    await geminiModel().generate({ prompt: PROMPT });

    expect(delays).toEqual([17_000]);
  });

  it('retries 503, 500 and 408 with exponential backoff, then succeeds', async () => {
    standIn.enqueue(
      geminiError(503, 'The model is overloaded. Please try again later.'),
      geminiError(500, 'An internal error has occurred.'),
      geminiError(408, 'Request timed out.'),
    );

    const response = await geminiModel().generate({ prompt: PROMPT });

    // baseDelayMs 100, doubled each retry, times 0.5 with random() = 0.
    expect(delays).toEqual([50, 100, 200]);
    expect(standIn.requests).toHaveLength(4);
    expect(response.text).toContain('Stand-in answer');
  });

  it('gives up after the configured retries with a ModelError carrying the status and the vendor message', async () => {
    standIn.setHandler(() => geminiError(503, 'The model is overloaded. Please try again later.'));

    const failure = await geminiModel({ retry: { ...waits.retry, retries: 2 } })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).not.toBeInstanceOf(ModelUnavailableError);
    expect((failure as ModelError).status).toBe(503);
    expect((failure as ModelError).message).toContain('The model is overloaded');
    expect((failure as ModelError).message).toContain('gave up after 2 retries');
  });
});

describe('createGeminiModel: a wait longer than recap waits', () => {
  it('does not retry a 429 whose RetryInfo asks for an hour: the error says so, after one request', async () => {
    standIn.setHandler(() =>
      geminiError(429, 'You exceeded your current quota, please check your plan and billing details.', {
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3600s' }],
      }),
    );

    const failure = await geminiModel().generate({ prompt: PROMPT }).catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(failure).toBeInstanceOf(ModelError);
    const note = '(not retried: the server asked to wait 3,600 s, longer than the 30 s recap waits at most; try again later)';
    expect(failure).toMatchObject({ status: 429, code: 'model_error', refusedWaitMs: 3_600_000 });
    expect((failure as ModelError).message).toBe(`the Gemini API answered HTTP 429 RESOURCE_EXHAUSTED for model gemini-2.5-flash: You exceeded your current quota, please check your plan and billing details. ${note}`);
    expect((failure as ModelError).withoutVendorText).toBe(`the Gemini API answered HTTP 429 RESOURCE_EXHAUSTED for model gemini-2.5-flash ${note}`);
  });

  it('counts the retries it made before a 429 asked for too long a wait, and words one retry as one', async () => {
    standIn.enqueue(
      geminiError(503, 'The model is overloaded. Please try again later.'),
      geminiError(429, 'Quota exceeded.', { headers: { 'retry-after': '120' } }),
    );
    const once = await geminiModel().generate({ prompt: PROMPT }).catch((error: unknown) => error);
    expect((once as ModelError).message).toMatch(/Quota exceeded\. \(retried once: the server asked to wait 120 s, longer than the 30 s recap waits at most; try again later\)$/);

    // A proxy's 502 page, not JSON: the count still reaches the error.
    standIn.setHandler(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' }));
    const proxy = await geminiModel({ retry: { ...waits.retry, retries: 1 } }).generate({ prompt: PROMPT }).catch((error: unknown) => error);
    expect(proxy).toMatchObject({ status: 502, refusedWaitMs: undefined });
    expect(once).toMatchObject({ status: 429, refusedWaitMs: 120_000 });
    expect((proxy as ModelError).message).toMatch(/\(gave up after 1 retry\)$/);
  });
  it('quotes a gateway\'s 429 {"message": …} as it came, with the note once and nothing recap added to the body', async () => {
    standIn.setHandler(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: { message: 'API rate limit exceeded' } }));

    const failure = await geminiModel().generate({ prompt: PROMPT }).catch((error: unknown) => error);

    expect(failure).toMatchObject({ refusedWaitMs: 3_600_000 });
    expect((failure as ModelError).message).toBe(
      'the Gemini API answered HTTP 429 for model gemini-2.5-flash: {"message":"API rate limit exceeded"} (not retried: the server asked to wait 3,600 s, longer than the 30 s recap waits at most; try again later)',
    );
  });
});

describe('createGeminiModel: failures', () => {
  it('maps a 400 to a ModelError with the status and the vendor message, without retrying', async () => {
    standIn.enqueue(geminiError(400, 'Invalid JSON payload received. Unknown name "foo".'));

    const failure = await geminiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(standIn.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).not.toBeInstanceOf(ModelUnavailableError);
    expect(failure).toMatchObject({ code: 'model_error', status: 400, provider: 'gemini' });
    expect((failure as ModelError).message).toContain('Invalid JSON payload received. Unknown name "foo".');
  });

  it("keeps the vendor's own words, which may quote the request, out of withoutVendorText: status and code stay", async () => {
    standIn.enqueue(geminiError(400, 'Invalid value at \'contents[0].parts[0].text\' (TYPE_STRING), "Alice Martin, card 4111 1111 1111 1111"'));
    const failure = (await geminiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error)) as ModelError;
    expect(failure.message).toContain('Alice Martin');
    expect(failure.vendorCode).toBe('INVALID_ARGUMENT');
    expect(failure.withoutVendorText).toMatch(/^the Gemini API answered HTTP 400 INVALID_ARGUMENT for model [\w.-]+$/);

    standIn.enqueue(geminiError(403, 'Permission denied for the prompt about Alice Martin'));
    const rejected = (await geminiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error)) as ModelError;
    expect(rejected.withoutVendorText).toBe('the Gemini API rejected the key (HTTP 403 PERMISSION_DENIED); check GEMINI_API_KEY or GOOGLE_API_KEY');

    standIn.enqueue({ status: 200, body: { promptFeedback: { blockReason: 'SAFETY', blockReasonMessage: 'the text "Alice Martin, card 4111" is unsafe' } } });
    const blocked = (await geminiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error)) as ModelError;
    expect(blocked.message).toContain('Alice Martin');
    expect(blocked.withoutVendorText).toBe('Gemini blocked the prompt (block reason SAFETY); no answer was generated');
  });

  it.each([401, 403])('maps a %i to a ModelUnavailableError saying the key was rejected', async (status) => {
    standIn.enqueue(geminiError(status, 'Method doesn\'t allow unregistered callers.'));

    const failure = await geminiModel()
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ModelUnavailableError);
    expect(failure).toMatchObject({ code: 'model_unavailable', status });
    expect((failure as Error).message).toContain('the Gemini API rejected the key');
    expect(standIn.requests).toHaveLength(1);
  });

  it('maps the 400 API_KEY_INVALID Gemini answers for a wrong key to a ModelUnavailableError', async () => {
    const failure = await geminiModel({ apiKey: 'wrong-key' })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ModelUnavailableError);
    expect((failure as Error).message).toContain('API key not valid');
  });

  it('maps a refused connection to a ModelUnavailableError naming the base URL', async () => {
    const closed = await startGeminiStandIn();
    await closed.close();

    const failure = await geminiModel({ baseUrl: closed.url })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ModelUnavailableError);
    expect((failure as Error).message).toContain(`cannot reach the Gemini API at ${closed.url}`);
    expect((failure as Error).message).toContain('ECONNREFUSED');
  });

  it('retries a connection the endpoint dropped, like a 5xx, and returns the answer that follows', async () => {
    standIn.enqueue(DROPPED_CONNECTION);

    const response = await geminiModel().generate({ prompt: PROMPT });

    expect(response.text).toContain('Stand-in answer (not a language model)');
    expect(standIn.requests).toHaveLength(2);
    expect(delays).toEqual([50]);
  });

  it('maps connections dropped on every attempt to a ModelError (model_error), not a ModelUnavailableError: the endpoint was reached', async () => {
    standIn.setHandler(() => DROPPED_CONNECTION);

    const failure = await geminiModel({ retry: { ...waits.retry, retries: 2 } })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).not.toBeInstanceOf(ModelUnavailableError);
    expect(failure).toMatchObject({ code: 'model_error' });
    expect((failure as Error).message).toBe(
      `the call to the Gemini API at ${standIn.url} failed: the connection was lost: the server closed the connection (UND_ERR_SOCKET) (gave up after 2 retries)`,
    );
    expect(standIn.requests).toHaveLength(3);
  });

  it('abandons and retries an attempt without an answer within attemptTimeoutMs, then maps it to a ModelError', async () => {
    standIn.setHandler(() => NO_ANSWER);

    const failure = await geminiModel({ retry: { ...waits.retry, retries: 1, attemptTimeoutMs: 20 } })
      .generate({ prompt: PROMPT })
      .catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'model_error', message: `the call to the Gemini API at ${standIn.url} failed: no answer within 20 ms (gave up after 1 retry)` });
    expect(standIn.requests).toHaveLength(2);
  });

  it('rethrows the abort unchanged when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();

    const failure = await geminiModel()
      .generate({ prompt: PROMPT, signal: controller.signal })
      .catch((error: unknown) => error);

    expect(failure).not.toBeInstanceOf(ModelError);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('rethrows the abort unchanged when the caller aborts while the request is in flight', async () => {
    const controller = new AbortController();
    standIn.setHandler(async () => {
      controller.abort();
      return 'too late';
    });

    const failure = await geminiModel()
      .generate({ prompt: PROMPT, signal: controller.signal })
      .catch((error: unknown) => error);

    expect(failure).not.toBeInstanceOf(ModelError);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('refuses an empty API key when it is created', () => {
    expect(() => createGeminiModel({ apiKey: ' ' })).toThrow(ModelUnavailableError);
  });
});
