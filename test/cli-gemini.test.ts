// `recap run` with a Gemini key, against the local stand-in of the Gemini REST API.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { geminiAnswer } from './support/gemini-stand-in.js';
import { useGeminiStandIn } from './support/shared-gemini-stand-in.js';
import { runCli } from './support/run-cli.js';

const root = path.resolve(import.meta.dirname, '..');
const gemini = useGeminiStandIn();

const run = (...argv: string[]) => runCli(argv, { env: gemini.env, cwd: root });

describe('recap run with Gemini', () => {
  it('defaults to Gemini when a key is set and returns { summary }', async () => {
    gemini.standIn.enqueue('Alice could not apply her coupon and left at checkout.');
    const result = await run('run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(json.result).toEqual({ summary: 'Alice could not apply her coupon and left at checkout.' });
    expect(json.generation).toMatchObject({ model: 'gemini-2.5-flash' });
    expect(json.usage).toMatchObject({ provider: 'gemini', attempts: 1 });
    const sent = gemini.standIn.requests.at(-1);
    expect(sent?.path).toMatch(/\/models\/gemini-2\.5-flash:generateContent/);
    expect(sent?.headers['x-goog-api-key']).toBe('test-key');
    expect(sent?.body?.contents).toEqual([{ role: 'user', parts: [{ text: json.prompt }] }]);
  });

  it('warns that a request sent again after the connection was lost may be billed twice; a retried 503 is not', async () => {
    const cut = { ...geminiAnswer('half an answer, then the connection broke'), connection: 'cut' as const };
    gemini.standIn.enqueue(cut, 'Alice could not apply her coupon.');
    const result = await run('run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).result).toEqual({ summary: 'Alice could not apply her coupon.' });
    expect(result.stderr).toBe(
      'warning: 1 model request(s) were sent again after the connection was lost or no answer came in time; the vendor may bill those it answered too, and the token counts are of the answers recap received\n',
    );
    gemini.standIn.enqueue({ status: 503, body: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } } }, 'Alice left.');
    const unbilled = await run('run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(unbilled.code, unbilled.stderr).toBe(0);
    expect(unbilled.stderr).toBe('');
  });

  it('returns { response, response_schema } for a structured profile, sending the upper-case schema', async () => {
    const result = await run('run', 'profiles/friction-report.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { result: { response: Record<string, unknown>; response_schema: { type: string } } };
    expect(Object.keys(json.result)).toEqual(['response', 'response_schema']);
    expect(json.result.response_schema.type).toBe('OBJECT');
    expect(json.result.response).toHaveProperty('outcome');
    const config = gemini.standIn.requests.at(-1)?.body?.generationConfig;
    expect(config).toMatchObject({ temperature: 0.2, responseMimeType: 'application/json', responseSchema: { type: 'OBJECT' } });
  });

  it('counts prompt tokens with the vendor on a dry run', async () => {
    const before = gemini.standIn.requests.length;
    const result = await run('run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', '--dry-run', '--json');
    expect(JSON.parse(result.stdout).tokens).toMatchObject({ method: 'count' });
    expect(gemini.standIn.requests.slice(before).map((request) => request.path)).toEqual([
      expect.stringMatching(/:countTokens$/),
    ]);
  });

  it('exits 1 with the raw answer when the answer stays invalid after the repair retry', async () => {
    gemini.standIn.enqueue('{"outcome": "gave up"}', '{"outcome": "still wrong"}');
    const result = await run('run', 'profiles/friction-report.yaml', 'sessions-fixtures/checkout-abandon.json');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/does not match the response schema after one repair retry/);
    expect(result.stderr).toContain('raw answer:\n{"outcome": "still wrong"}');
  });

  it('says that an answer was repaired, in the report, in --json and on stderr', async () => {
    // The first answer breaks the schema; the stand-in answers the repair request with a valid one.
    gemini.standIn.enqueue('{"outcome": "gave up"}');
    const human = await run('run', 'profiles/friction-report.yaml', 'sessions-fixtures/checkout-abandon.json');
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^answer {4}\d+ ms, 2 attempt\(s\)/m);
    expect(human.stdout).toMatch(/^repaired {2}the answer before the repair request did not match the response schema: .*outcome: must be one of/m);
    gemini.standIn.enqueue('{"outcome": "gave up"}');
    const json = await run('run', 'profiles/friction-report.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(json.code, json.stderr).toBe(0);
    const repairs = (JSON.parse(json.stdout) as { repairs: { reason: string; problems: string }[] }).repairs;
    expect(repairs).toEqual([{ reason: 'schema', problems: expect.stringContaining('outcome: must be one of') }]);
    expect(json.stderr).toMatch(/^warning: repaired: the answer before the repair request did not match the response schema: /);
    // An answer accepted as it came says nothing of repairs.
    const clean = await run('run', 'profiles/friction-report.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(JSON.parse(clean.stdout).repairs).toEqual([]);
    expect(clean.stderr).toBe('');
  });

  it('uses --model over the profile and --base-url over the environment', async () => {
    gemini.standIn.enqueue('ok');
    const result = await runCli(
      ['run', 'profiles/plain-summary.yaml', 'sessions-fixtures/anonymous-visitor.json', '--model', 'gemini-2.5-pro', '--base-url', gemini.standIn.url],
      { env: { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9' }, cwd: root },
    );
    expect(result.code).toBe(0);
    expect(gemini.standIn.requests.at(-1)?.path).toMatch(/gemini-2\.5-pro:generateContent/);
  });

  it('exits 1 without a summary when Gemini cut the answer off (MAX_TOKENS), with --json and without', async () => {
    const cutOff = { status: 200, body: { candidates: [{ content: { role: 'model', parts: [{ text: 'Alice could not apply her cou' }] }, finishReason: 'MAX_TOKENS' }], usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 8192, totalTokenCount: 9092 } } };
    for (const flags of [['--json'], []]) {
      gemini.standIn.enqueue(cutOff);
      const result = await run('run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', ...flags);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('gemini: Gemini cut the answer off at the output token limit (finish reason MAX_TOKENS) after 29 characters of answer text: the answer is incomplete\n');
    }
  });

  it('prints null tokens, not 0, when Gemini left a count out of its usage', async () => {
    gemini.standIn.enqueue({ status: 200, body: { candidates: [{ content: { role: 'model', parts: [{ text: 'Alice left.' }] }, finishReason: 'STOP' }], usageMetadata: { candidatesTokenCount: 3, totalTokenCount: 3 } } });
    const result = await run('run', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json', '--json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { usage: Record<string, unknown>; tokens: Record<string, unknown> };
    expect(json.usage).toMatchObject({ prompt_tokens: null, output_tokens: null, total_tokens: null });
    expect(json.tokens).toMatchObject({ method: 'estimate' });
  });
});
