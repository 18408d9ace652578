import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CassetteMissError } from '../model-errors.js';
import type { ModelRequest } from '../summary-model.js';
import { cassetteKey, writeCassette } from './cassette.js';
import { createReplayModel } from './create-replay-model.js';

const request: ModelRequest = { prompt: 'Summarise <session>…</session>', temperature: 0.2 };
const response = { text: 'The user gave up.', model: 'gemini-2.5-flash', usage: { promptTokens: 12, outputTokens: 5, totalTokens: 17 } };

/** The fields of a cassette file the tests edit by hand. */
interface EditedCassette {
  request: { repair: unknown };
  response: { text: unknown; usage: Record<string, number> };
}

async function recorded(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'recap-cassettes-'));
  await writeCassette(directory, {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    request,
    response,
    source: 'test',
    recordedAt: new Date('2026-11-01T00:00:00Z'),
  });
  return directory;
}

describe('cassetteKey', () => {
  it('changes with the provider, the model and every part of the request', () => {
    const base = cassetteKey('gemini', 'gemini-2.5-flash', request);
    expect(cassetteKey('openai', 'gemini-2.5-flash', request)).not.toBe(base);
    expect(cassetteKey('gemini', 'gemini-2.5-pro', request)).not.toBe(base);
    expect(cassetteKey('gemini', 'gemini-2.5-flash', { ...request, prompt: `${request.prompt} ` })).not.toBe(base);
    expect(cassetteKey('gemini', 'gemini-2.5-flash', { ...request, temperature: 0.3 })).not.toBe(base);
    expect(
      cassetteKey('gemini', 'gemini-2.5-flash', { ...request, responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } }),
    ).not.toBe(base);
  });

  it('ignores what does not reach the vendor (the abort signal, the source data)', () => {
    const base = cassetteKey('gemini', 'gemini-2.5-flash', request);
    expect(
      cassetteKey('gemini', 'gemini-2.5-flash', { ...request, signal: new AbortController().signal, source: { sessionId: 'x', events: [], context: {} } }),
    ).toBe(base);
  });
});

describe('createReplayModel', () => {
  it('answers a recorded request from its cassette', async () => {
    const model = createReplayModel({ directory: await recorded() });
    expect(await model.generate(request)).toEqual(response);
  });

  it('fails on a miss with an error naming the cassette key and file', async () => {
    const directory = await recorded();
    const model = createReplayModel({ directory });
    const failure = await model.generate({ ...request, prompt: 'something else' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CassetteMissError);
    const key = cassetteKey('gemini', 'gemini-2.5-flash', { ...request, prompt: 'something else' });
    expect((failure as CassetteMissError).key).toBe(key);
    expect((failure as Error).message).toContain(key);
    expect((failure as CassetteMissError).file).toBe(path.join(directory, `${key}.json`));
  });

  it('stores provider, model, date, source and usage, and no secret', async () => {
    const directory = await recorded();
    const [file] = await readdir(directory);
    const cassette = JSON.parse(await readFile(path.join(directory, file ?? ''), 'utf8')) as Record<string, unknown>;
    expect(cassette).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash', recorded_at: '2026-11-01T00:00:00.000Z', source: 'test' });
    expect(cassette.response).toMatchObject({ usage: response.usage });
    expect(JSON.stringify(cassette)).not.toMatch(/api[_-]?key/i);
  });

  it('names the file of a damaged cassette', async () => {
    const directory = await recorded();
    const key = cassetteKey('gemini', 'gemini-2.5-flash', request);
    await writeFile(path.join(directory, `${key}.json`), '{ broken');
    await expect(createReplayModel({ directory }).generate(request)).rejects.toThrow(`${key}.json: not a valid cassette`);
    // A folder where the cassette should be: named too, not a bare EISDIR.
    await rm(path.join(directory, `${key}.json`));
    await mkdir(path.join(directory, `${key}.json`));
    await expect(createReplayModel({ directory }).generate(request)).rejects.toThrow(`${key}.json: cannot read the cassette: is a directory, not a file`);
  });

  it('replays a recorded grounding repair turn: its reason is part of the request, not an edit', async () => {
    const directory = await recorded();
    const repairRequest: ModelRequest = { ...request, repair: { answer: 'The user paid.', problems: '"paid" (text): not in the session', reason: 'grounding' } };
    await writeCassette(directory, { provider: 'gemini', model: 'gemini-2.5-flash', request: repairRequest, response, source: 'test', recordedAt: new Date('2026-11-01T00:00:00Z') });

    expect(await createReplayModel({ directory }).generate(repairRequest)).toEqual(response);
  });

  it.each([
    ['a negative token count', (cassette: EditedCassette) => (cassette.response.usage.outputTokens = -5), 'response.usage.outputTokens: '],
    ['a fractional token count', (cassette: EditedCassette) => (cassette.response.usage.promptTokens = 1.5), 'response.usage.promptTokens: '],
    ['an answer that is not text', (cassette: EditedCassette) => (cassette.response.text = { outcome: 'abandoned' }), 'response.text: '],
    ['a repair turn of an unknown reason', (cassette: EditedCassette) => (cassette.request.repair = { answer: 'a', problems: 'b', reason: 'style' }), 'request.repair.reason: '],
  ])('refuses a cassette edited to hold %s, naming the file and the field', async (_label, edit, field) => {
    const directory = await recorded();
    const key = cassetteKey('gemini', 'gemini-2.5-flash', request);
    const file = path.join(directory, `${key}.json`);
    const cassette = JSON.parse(await readFile(file, 'utf8')) as EditedCassette;
    edit(cassette);
    await writeFile(file, JSON.stringify(cassette));

    await expect(createReplayModel({ directory }).generate(request)).rejects.toThrow(`${file}: not a valid cassette: ${field}`);
  });
});
