import { describe, expect, it } from 'vitest';
import { consoleErrorMessage, failedRequests, MAX_CONSOLE_MESSAGE_LENGTH } from './plugin-events.js';
import { derive, ofType } from './test-support/derive-recording.js';
import { RecordingBuilder } from './test-support/recording-builder.js';

const page = () => new RecordingBuilder().page(0, { href: 'https://shop.example/', body: [] });

describe('console-error', () => {
  it('takes the message without the JSON quotes the console plugin adds', () => {
    expect(ofType(derive(page().consoleError(1_000, 'Payment failed: card declined')), 'console-error')).toEqual([
      { type: 'console-error', at: 1_000, message: 'Payment failed: card declined' },
    ]);
  });

  it('joins several arguments and shows objects as JSON', () => {
    expect(consoleErrorMessage({ level: 'error', payload: ['"Checkout failed:"', '{"code":42}'] })).toBe('Checkout failed: {"code":42}');
  });

  it('reduces a recorded Error (its stack) to its first line', () => {
    const stack = JSON.stringify('TypeError: total is undefined\n    at apply (app.js:3:9)\nEnd of stack for Error object');
    expect(consoleErrorMessage({ level: 'error', payload: [stack] })).toBe('TypeError: total is undefined');
  });

  it('ignores other levels', () => {
    expect(ofType(derive(page().console(1_000, 'warn', 'careful').console(1_100, 'log', 'hello')), 'console-error')).toEqual([]);
  });

  it(`cuts messages longer than ${MAX_CONSOLE_MESSAGE_LENGTH} characters`, () => {
    expect(consoleErrorMessage({ level: 'error', payload: [JSON.stringify('x'.repeat(2_000))] })).toHaveLength(MAX_CONSOLE_MESSAGE_LENGTH);
  });

  it('reads console errors of rrweb before 1.0 (the Log incremental source)', () => {
    const recording = page().raw({ type: 3, timestamp: Date.parse('2026-03-01T10:00:02Z'), data: { source: 11, level: 'error', trace: [], payload: ['"old"'] } });
    expect(ofType(derive(recording), 'console-error')).toEqual([{ type: 'console-error', at: 2_000, message: 'old' }]);
  });
});

describe('network-error', () => {
  it('reports a status of 400 or more with method, URL and status', () => {
    const recording = page().network(1_000, [
      { name: 'https://shop.example/api/coupon', method: 'post', status: 500, initiatorType: 'fetch' },
      { name: 'https://shop.example/api/cart', method: 'GET', status: 200, initiatorType: 'fetch' },
    ]);
    expect(ofType(derive(recording), 'network-error')).toEqual([
      { type: 'network-error', at: 1_000, url: 'https://shop.example/api/coupon', method: 'POST', status: 500 },
    ]);
  });

  it('reports a failed fetch or XHR (status 0) without a status', () => {
    expect(failedRequests({ requests: [{ name: 'https://api.example/x', method: 'GET', status: 0 }] })).toEqual([
      { url: 'https://api.example/x', method: 'GET', status: undefined },
    ]);
  });

  it('does not treat status 0 of a resource timing entry (no method: any cross-origin load) as a failure', () => {
    expect(failedRequests({ requests: [{ name: 'https://cdn.example/font.woff2', status: 0, initiatorType: 'css' }] })).toEqual([]);
  });

  it('reads responseStatus as well as status, and a 404 of a page resource without a method', () => {
    expect(failedRequests({ requests: [{ name: 'https://shop.example/img.png', responseStatus: 404, initiatorType: 'img' }] })).toEqual([
      { url: 'https://shop.example/img.png', method: undefined, status: 404 },
    ]);
  });

  it('takes only an HTTP status (a whole number up to 999): 1e308 or 4040 is no status, not a fixture recap refuses', () => {
    const requests = [1e308, 4040, 404.5, -500].map((status, index) => ({ name: `https://api.example/${index}`, method: 'GET', status }));
    expect(failedRequests({ requests: [...requests, { name: 'https://api.example/e', method: 'GET', status: 1e308, error: 'net::ERR_FAILED' }] })).toEqual([
      { url: 'https://api.example/e', method: 'GET', status: undefined },
    ]);
  });

  it('ignores payloads that are not request lists', () => {
    expect(failedRequests(null)).toEqual([]);
    expect(failedRequests({ requests: [null, 3, { status: 500 }] })).toEqual([]);
  });
});
