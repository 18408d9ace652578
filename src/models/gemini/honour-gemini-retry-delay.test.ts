// Gemini's RetryInfo delay becomes a Retry-After header; everything else passes through.

import { describe, expect, it } from 'vitest';
import type { Fetch } from '../retrying-fetch.js';
import { geminiRetryDelaySeconds, honourGeminiRetryDelay } from './honour-gemini-retry-delay.js';

const RETRY_INFO = 'type.googleapis.com/google.rpc.RetryInfo';

function answering(response: Response): Fetch {
  return async () => response;
}

function quotaBody(retryDelay: string): string {
  return JSON.stringify({
    error: {
      code: 429,
      message: 'You exceeded your current quota.',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
        { '@type': RETRY_INFO, retryDelay },
      ],
    },
  });
}

describe('geminiRetryDelaySeconds', () => {
  it('reads whole and fractional seconds from RetryInfo', () => {
    expect(geminiRetryDelaySeconds(JSON.parse(quotaBody('17s')))).toBe(17);
    expect(geminiRetryDelaySeconds(JSON.parse(quotaBody('0.5s')))).toBe(0.5);
  });

  it('is undefined without RetryInfo or with a delay it cannot read', () => {
    expect(geminiRetryDelaySeconds({ error: { code: 429, message: 'slow down' } })).toBeUndefined();
    expect(geminiRetryDelaySeconds(JSON.parse(quotaBody('soon')))).toBeUndefined();
    expect(geminiRetryDelaySeconds(undefined)).toBeUndefined();
    expect(geminiRetryDelaySeconds(null)).toBeUndefined();
  });
});

describe('honourGeminiRetryDelay', () => {
  it('adds Retry-After from the RetryInfo of a 429 and keeps status and body', async () => {
    const fetch = honourGeminiRetryDelay(
      answering(new Response(quotaBody('17s'), { status: 429, headers: { 'content-type': 'application/json' } })),
    );

    const response = await fetch('https://gemini.example/v1beta/models/m:generateContent');

    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('17');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(quotaBody('17s'));
  });

  it('keeps a Retry-After the server sent', async () => {
    const original = new Response(quotaBody('17s'), { status: 429, headers: { 'retry-after': '3' } });

    const response = await honourGeminiRetryDelay(answering(original))('https://gemini.example/');

    expect(response).toBe(original);
  });

  it('passes successes and answers that are not retried through untouched', async () => {
    const ok = new Response('{}', { status: 200 });
    const badRequest = new Response(quotaBody('17s'), { status: 400 });

    expect(await honourGeminiRetryDelay(answering(ok))('https://gemini.example/')).toBe(ok);
    expect(await honourGeminiRetryDelay(answering(badRequest))('https://gemini.example/')).toBe(badRequest);
  });

  it('leaves a retryable answer without RetryInfo without Retry-After', async () => {
    const fetch = honourGeminiRetryDelay(answering(new Response('Service Unavailable', { status: 503 })));

    const response = await fetch('https://gemini.example/');

    expect(response.status).toBe(503);
    expect(response.headers.has('retry-after')).toBe(false);
    expect(await response.text()).toBe('Service Unavailable');
  });
});
