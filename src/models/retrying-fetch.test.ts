// createRetryingFetch and retryAfterMs with a scripted fetch and a recording sleep: no timers,
// no network.

import { describe, expect, it } from 'vitest';
import { AnswerTooLargeError, ConnectionLostError, createRetryingFetch, givingUpNote, isRetryableStatus, REFUSED_WAIT_HEADER, RETRIES_HEADER, retryAfterMs, type Fetch, type RetryOptions } from './retrying-fetch.js';

interface Scripted {
  readonly status: number;
  readonly headers?: Record<string, string>;
}

/** A fetch that answers the scripted statuses in order and records every call. */
function scriptedFetch(...answers: Scripted[]) {
  const calls: { input: string; init: RequestInit | undefined }[] = [];
  const fetch: Fetch = async (input, init) => {
    calls.push({ input: String(input), init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] as Scripted;
    const body = answer.status === 204 ? null : `answer ${calls.length}`;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
  return { fetch, calls };
}

function recordingSleep() {
  const delays: number[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    delays.push(ms);
    signals.push(signal);
  };
  return { sleep, delays, signals };
}

function options(sleep: RetryOptions['sleep'], overrides: RetryOptions = {}): RetryOptions {
  return { sleep, random: () => 0, baseDelayMs: 100, ...overrides };
}

describe('createRetryingFetch', () => {
  it('returns a successful answer at once, without waiting', async () => {
    const { fetch, calls } = scriptedFetch({ status: 200 });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('prefers retry-after-ms, as OpenAI-style servers send it, over retry-after', async () => {
    const { fetch } = scriptedFetch({ status: 429, headers: { 'retry-after-ms': '250', 'retry-after': '9' } }, { status: 200 });
    const { sleep, delays } = recordingSleep();

    await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(delays).toEqual([250]);
  });

  it.each([408, 429, 500, 502, 503, 504])('retries a %i and returns the answer that follows', async (status) => {
    const { fetch, calls } = scriptedFetch({ status }, { status: 200 });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('answer 2');
    expect(calls).toHaveLength(2);
    expect(delays).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 422])('returns a %i at once: retrying would not change it', async (status) => {
    const { fetch, calls } = scriptedFetch({ status }, { status: 200 });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(response.status).toBe(status);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('doubles the backoff each retry, with jitter between half and all of it', async () => {
    const low = recordingSleep();
    await createRetryingFetch(
      scriptedFetch({ status: 503 }, { status: 503 }, { status: 503 }, { status: 200 }).fetch,
      options(low.sleep, { random: () => 0 }),
    )('https://api.example/x');
    const high = recordingSleep();
    await createRetryingFetch(
      scriptedFetch({ status: 503 }, { status: 503 }, { status: 503 }, { status: 200 }).fetch,
      options(high.sleep, { random: () => 0.999_999 }),
    )('https://api.example/x');

    expect(low.delays).toEqual([50, 100, 200]);
    expect(high.delays.map(Math.round)).toEqual([100, 200, 400]);
  });

  it('waits as long as Retry-After asks instead of the backoff', async () => {
    const { fetch } = scriptedFetch({ status: 429, headers: { 'retry-after': '2' } }, { status: 200 });
    const { sleep, delays } = recordingSleep();

    await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(delays).toEqual([2000]);
  });

  it('does not retry an answer whose Retry-After asks for a longer wait than maxDelayMs: it returns it, saying so', async () => {
    const { fetch, calls } = scriptedFetch({ status: 429, headers: { 'retry-after': '3600' } }, { status: 200 });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep, { maxDelayMs: 5000 }))('https://api.example/x');

    expect(delays).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(response.status).toBe(429);
    expect(await response.text()).toBe('answer 1');
    expect(response.headers.get(RETRIES_HEADER)).toBe('0');
    expect(response.headers.get(REFUSED_WAIT_HEADER)).toBe('3600000');
    expect(givingUpNote(response.headers, 5000)).toBe(' (not retried: the server asked to wait 3,600 s, longer than the 5 s recap waits at most; try again later)');
  });

  it('retries until an answer asks for too long a wait (retry-after-ms), and counts the retries made', async () => {
    const { fetch, calls } = scriptedFetch({ status: 503 }, { status: 429, headers: { 'retry-after-ms': '45000' } });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(calls).toHaveLength(2);
    expect(delays).toEqual([50]);
    expect(givingUpNote(response.headers)).toBe(' (retried once: the server asked to wait 45 s, longer than the 30 s recap waits at most; try again later)');
  });

  it('waits exactly as long as maxDelayMs when Retry-After asks for that much', async () => {
    const { fetch, calls } = scriptedFetch({ status: 429, headers: { 'retry-after': '5' } }, { status: 200 });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep, { maxDelayMs: 5000 }))('https://api.example/x');

    expect(delays).toEqual([5000]);
    expect(calls).toHaveLength(2);
    expect(response.headers.has(RETRIES_HEADER)).toBe(false);
  });

  it('gives up after the configured retries and returns the last answer as is, with the retries made', async () => {
    const { fetch, calls } = scriptedFetch({ status: 503 });
    const { sleep, delays } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep, { retries: 2 }))('https://api.example/x');

    expect(response.status).toBe(503);
    expect(await response.text()).toBe('answer 3');
    expect(calls).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(givingUpNote(response.headers)).toBe(' (gave up after 2 retries)');
  });

  it('words one retry, and an error answer that was never retried (retries: 0), as they are', async () => {
    const once = await createRetryingFetch(scriptedFetch({ status: 500 }).fetch, options(recordingSleep().sleep, { retries: 1 }))('https://api.example/x');
    const never = await createRetryingFetch(scriptedFetch({ status: 500 }).fetch, options(recordingSleep().sleep, { retries: 0 }))('https://api.example/x');

    expect(givingUpNote(once.headers)).toBe(' (gave up after 1 retry)');
    expect(givingUpNote(never.headers)).toBe('');
    expect(never.headers.get(RETRIES_HEADER)).toBe('0');
  });

  it('retries three times by default', async () => {
    const { fetch, calls } = scriptedFetch({ status: 500 });
    const { sleep } = recordingSleep();

    await createRetryingFetch(fetch, { sleep, random: () => 0 })('https://api.example/x');

    expect(calls).toHaveLength(4);
  });

  it('makes no retry with retries: 0', async () => {
    const { fetch, calls } = scriptedFetch({ status: 503 }, { status: 200 });
    const { sleep } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep, { retries: 0 }))('https://api.example/x');

    expect(response.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('sends every attempt with the same input and init, and gives the request signal to sleep', async () => {
    const { fetch, calls } = scriptedFetch({ status: 503 }, { status: 200 });
    const { sleep, signals } = recordingSleep();
    const controller = new AbortController();
    const init: RequestInit = { method: 'POST', body: '{"a":1}', signal: controller.signal };

    await createRetryingFetch(fetch, options(sleep))('https://api.example/x', init);

    expect(calls.map((call) => call.input)).toEqual(['https://api.example/x', 'https://api.example/x']);
    expect(calls.every((call) => call.init === init)).toBe(true);
    expect(signals).toEqual([controller.signal]);
  });

  it('reports each retry with its attempt number, status and delay', async () => {
    const { fetch } = scriptedFetch({ status: 429, headers: { 'retry-after': '1' } }, { status: 503 }, { status: 200 });
    const { sleep } = recordingSleep();
    const retries: { attempt: number; status: number; delayMs: number }[] = [];

    await createRetryingFetch(fetch, options(sleep, { onRetry: (info) => retries.push(info) }))('https://api.example/x');

    expect(retries).toEqual([
      { attempt: 1, status: 429, delayMs: 1000 },
      { attempt: 2, status: 503, delayMs: 100 },
    ]);
  });

  it('stops when the sleep is aborted, with the abort error', async () => {
    const { fetch, calls } = scriptedFetch({ status: 503 }, { status: 200 });
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const sleep = async (): Promise<void> => {
      throw abort;
    };

    await expect(createRetryingFetch(fetch, options(sleep))('https://api.example/x')).rejects.toBe(abort);
    expect(calls).toHaveLength(1);
  });

  it('passes a fetch that fails before the endpoint ever answered through: an endpoint that cannot be reached is not retried', async () => {
    for (const failure of [new TypeError('fetch failed'), networkFailure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')]) {
      const fetch: Fetch = async () => {
        throw failure;
      };
      const { sleep, delays } = recordingSleep();

      await expect(createRetryingFetch(fetch, options(sleep))('https://api.example/x')).rejects.toBe(failure);
      expect(delays).toEqual([]);
    }
  });
});

/** What undici throws: "fetch failed", the reason with its code in `cause`. */
function networkFailure(code: string, message: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

/** A fetch that plays `steps` in order: a status answers, an error is thrown, 'hang' never answers (until aborted). */
function steppedFetch(...steps: (number | Error | 'hang')[]) {
  const calls: (RequestInit | undefined)[] = [];
  const fetch: Fetch = async (_input, init) => {
    calls.push(init);
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step instanceof Error) throw step;
    if (step === 'hang') {
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }));
    }
    return new Response(`answer ${calls.length}`, { status: step });
  };
  return { fetch, calls };
}

describe('createRetryingFetch and lost connections', () => {
  it('retries a connection lost before the answer came (reset, closed), like a 5xx, and returns the answer that follows', async () => {
    for (const code of ['UND_ERR_SOCKET', 'ECONNRESET']) {
      const { fetch, calls } = steppedFetch(networkFailure(code, 'other side closed'), 200);
      const { sleep, delays } = recordingSleep();
      const retries: { status: number; error?: unknown }[] = [];

      const response = await createRetryingFetch(fetch, options(sleep, { onRetry: (info) => retries.push(info) }))('https://api.example/x');

      expect(await response.text()).toBe('answer 2');
      expect(calls).toHaveLength(2);
      expect(delays).toEqual([50]);
      expect(retries).toEqual([{ attempt: 1, status: 0, delayMs: 50, error: expect.any(ConnectionLostError) }]);
    }
  });

  it('retries any network failure once the endpoint has answered, a refused connection included', async () => {
    const { fetch, calls } = steppedFetch(200, networkFailure('ECONNREFUSED', 'connect ECONNREFUSED'), 200);
    const { sleep } = recordingSleep();
    const retrying = createRetryingFetch(fetch, options(sleep));

    await retrying('https://api.example/x');
    const second = await retrying('https://api.example/x');

    expect(await second.text()).toBe('answer 3');
    expect(calls).toHaveLength(3);
  });

  it('fails with a ConnectionLostError, not the network error, when the retries run out', async () => {
    const { fetch, calls } = steppedFetch(networkFailure('UND_ERR_SOCKET', 'other side closed'));
    const { sleep } = recordingSleep();

    const failure = await createRetryingFetch(fetch, options(sleep, { retries: 2 }))('https://api.example/x').catch((error: unknown) => error);

    expect(calls).toHaveLength(3);
    expect(failure).toBeInstanceOf(ConnectionLostError);
    expect(failure).toMatchObject({ attempts: 3, noAnswer: false, message: 'the connection was lost: the server closed the connection (UND_ERR_SOCKET) (gave up after 2 retries)' });
  });

  it('abandons an attempt that gets no answer within attemptTimeoutMs and retries it, then fails with a ConnectionLostError', async () => {
    const { fetch, calls } = steppedFetch('hang', 200);
    const { sleep } = recordingSleep();
    const response = await createRetryingFetch(fetch, options(sleep, { attemptTimeoutMs: 5 }))('https://api.example/x');
    expect(await response.text()).toBe('answer 2');
    expect(calls).toHaveLength(2);

    const hung = steppedFetch('hang');
    const failure = await createRetryingFetch(hung.fetch, options(sleep, { attemptTimeoutMs: 5, retries: 1 }))('https://api.example/x').catch((error: unknown) => error);
    expect(hung.calls).toHaveLength(2);
    expect(failure).toMatchObject({ name: 'ConnectionLostError', noAnswer: true, message: 'no answer within 5 ms (gave up after 1 retry)' });
  });

  it('retries an answer whose body breaks off while it is read', async () => {
    let calls = 0;
    const fetch: Fetch = async () => {
      calls++;
      if (calls > 1) return new Response('{"ok":true}', { status: 200 });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"ok":'));
          controller.error(new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }));
        },
      });
      return new Response(body, { status: 200 });
    };
    const { sleep } = recordingSleep();

    const response = await createRetryingFetch(fetch, options(sleep))('https://api.example/x');

    expect(await response.json()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('refuses an answer body over maxAnswerBytes, announced or streamed, without retrying and without reading the rest', async () => {
    let pulled = 0;
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(400));
        },
      });
    const answers = [new Response('x'.repeat(2000), { status: 200, headers: { 'content-length': '2000' } }), new Response(streamed(), { status: 200 })];
    for (const answer of answers) {
      let calls = 0;
      const fetch: Fetch = async () => {
        calls++;
        return answer;
      };
      const failure = await createRetryingFetch(fetch, options(recordingSleep().sleep, { maxAnswerBytes: 1000 }))('https://api.example/x').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AnswerTooLargeError);
      expect((failure as Error).message).toBe("the answer (HTTP 200) is larger than 1000 bytes, more than any model's answer: it was not read");
      expect(calls).toBe(1);
    }
    // An endless body is read up to the limit only.
    expect(pulled).toBeLessThanOrEqual(4);
  });

  it('never retries the caller\'s abort', async () => {
    const controller = new AbortController();
    const { fetch, calls } = steppedFetch('hang');
    const { sleep } = recordingSleep();
    const pending = createRetryingFetch(fetch, options(sleep, { attemptTimeoutMs: 60_000 }))('https://api.example/x', { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(calls).toHaveLength(1);
  });
});

describe('isRetryableStatus', () => {
  it('is true for timeouts, rate limits and server errors only', () => {
    expect([408, 429, 500, 503, 599].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([200, 301, 400, 401, 403, 404, 422].map(isRetryableStatus)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');

  it('reads seconds', () => {
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 1.5 ', now)).toBe(1500);
  });

  it('reads an HTTP date as the time left until then', () => {
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
  });

  it('never asks for a negative wait', () => {
    expect(retryAfterMs('-5', now)).toBe(0);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('ignores a missing, empty or garbage header', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('   ', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('2 seconds', now)).toBeUndefined();
  });
});
