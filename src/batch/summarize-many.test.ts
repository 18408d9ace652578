// summarizeMany: one line per session whatever fails, never two for one session, never more
// calls at once than the limit, slower while the model pushes back.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberedSession, writeSessionFolder } from '../../test/support/session-folder.js';
import { ModelError } from '../models/model-errors.js';
import type { ModelRequest, ModelResponse, SummaryModel } from '../models/summary-model.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { createAdaptiveConcurrency } from './adaptive-concurrency.js';
import { isResultLine, type ResultLine } from './result-line.js';
import { summarizeMany } from './summarize-many.js';

const profile = parseProfile('name: many\nllm:\n  pre_prompt: Summarise.\n');

/** A model that counts calls in flight and answers after `gate` resolves (or at once). */
function countingModel(answer: (request: ModelRequest, call: number) => Promise<string>) {
  const state = { inFlight: 0, maxInFlight: 0, calls: 0, sessions: [] as string[] };
  const model: SummaryModel = {
    provider: 'gemini',
    model: 'counting',
    kind: 'language-model',
    async generate(request): Promise<ModelResponse> {
      const call = ++state.calls;
      state.sessions.push(request.source?.sessionId ?? '?');
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        return { text: await answer(request, call), model: 'counting', usage: { promptTokens: 100, outputTokens: 5, totalTokens: 105 } };
      } finally {
        state.inFlight--;
      }
    },
  };
  return { model, state };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function collect(iterable: AsyncIterable<ResultLine>): Promise<ResultLine[]> {
  const lines: ResultLine[] = [];
  for await (const line of iterable) lines.push(line);
  return lines;
}

describe('summarizeMany', () => {
  it('yields one line per session: results for good ones, coded errors for broken ones, duplicates once', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 'sessions'), { count: 5, broken: 3, events: 20 });
    const { model, state } = countingModel(async () => 'The user browsed. #0');
    const inputs = [...folder.good, ...folder.broken, folder.good[0] as string, 'sessions/missing.json'];
    const lines = await collect(summarizeMany(profile, inputs, { model, concurrency: 3, cwd: root }));
    expect(lines).toHaveLength(5 + 3 + 1);
    const results = lines.filter(isResultLine);
    expect(results.map((line) => line.file).sort()).toEqual(folder.good);
    expect(results[0]).toMatchObject({ result: { summary: 'The user browsed. #0' }, tokens: { prompt: 100, output: 5, total: 105 }, model: 'counting' });
    expect(results[0]?.grounding?.score).toBeTypeOf('number');
    const codes = lines.flatMap((line) => ('error' in line ? [`${line.file} ${line.error.code}`] : [])).sort();
    expect(codes).toEqual(['sessions/broken-01.json invalid_session', 'sessions/broken-02.json invalid_session', 'sessions/broken-03.json invalid_session', 'sessions/missing.json unreadable_file']);
    expect(state.calls).toBe(5);
    expect(new Set(state.sessions).size).toBe(5);
  });

  it('gives a session id met in a second file a duplicate_session line, and does not summarize it again', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 'a'), { count: 2, events: 10 });
    const again = await writeSessionFolder(path.join(root, 'b'), { count: 1, events: 10 });
    const { model, state } = countingModel(async () => 'ok');
    const lines = await collect(summarizeMany(profile, [...folder.good, ...again.good], { model, concurrency: 1, cwd: root }));
    expect(lines.at(-1)).toMatchObject({ session_id: 'u-1:s-1', file: 'b/session-0001.json', error: { code: 'duplicate_session' } });
    expect(state.calls).toBe(2);
  });

  it('summarizes the first named of two files of one session, however much faster the second loads', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    // The first is read from disk (slower); the second arrives already loaded.
    const folder = await writeSessionFolder(path.join(root, 'a'), { count: 1, events: 2_000 });
    const loaded = parseSession(numberedSession(1, 10));
    const { model, state } = countingModel(async () => 'ok');
    const lines = await collect(summarizeMany(profile, [...folder.good, { file: 'b/copy.json', session: loaded }], { model, concurrency: 2, cwd: root }));
    expect(lines.map((line) => `${line.file} ${'error' in line ? line.error.code : 'ok'}`).sort()).toEqual(['a/session-0001.json ok', 'b/copy.json duplicate_session']);
    expect(state.calls).toBe(1);
  });

  it('gives a session that already has a result from another file (a resumed run) a duplicate_session line', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 'a'), { count: 2, events: 10 });
    const { model, state } = countingModel(async () => 'ok');
    const summarized = new Map([['u-1:s-1', 'elsewhere/copy.json']]);
    const lines = await collect(summarizeMany(profile, folder.good, { model, concurrency: 1, cwd: root, summarized }));
    expect(lines[0]).toEqual({ session_id: 'u-1:s-1', file: 'a/session-0001.json', error: { code: 'duplicate_session', message: 'session u-1:s-1 already has a result, from elsewhere/copy.json' } });
    expect(state.sessions).toEqual(['u-2:s-2']);
  });

  it('keeps going after model failures and codes them', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 's'), { count: 4, events: 10 });
    const { model } = countingModel(async (_request, call) => {
      if (call === 2) throw new ModelError('quota exhausted', { provider: 'gemini', status: 429 });
      return 'ok';
    });
    const lines = await collect(summarizeMany(profile, folder.good, { model, concurrency: 1, cwd: root }));
    expect(lines.filter(isResultLine)).toHaveLength(3);
    expect(lines.find((line) => 'error' in line)).toMatchObject({ error: { code: 'model_error', message: 'quota exhausted' } });
  });

  it('puts the tokens of the answers a failed session paid for in its line, and none when no answer came', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 's'), { count: 2, events: 10 });
    const requiring = parseProfile('name: many\nllm:\n  pre_prompt: Summarise.\n  grounding: require\n');
    const { model } = countingModel(async (request) => {
      if (request.source?.sessionId === 'u-2:s-2') throw new ModelError('unavailable', { provider: 'gemini', status: 500 });
      return 'The user opened #9999.';
    });
    const lines = await collect(summarizeMany(requiring, folder.good, { model, concurrency: 1, cwd: root }));
    expect(lines[0]).toMatchObject({ session_id: 'u-1:s-1', error: { code: 'grounding' }, tokens: { prompt: 200, output: 10, total: 210 }, model: 'counting' });
    expect(lines[1]).toEqual({ session_id: 'u-2:s-2', file: 's/session-0002.json', error: { code: 'model_error', message: 'unavailable' } });
  });

  it('estimates the tokens of a failed session\'s answers when one of them came without usage, never counting that one as 0', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 's'), { count: 1, events: 10 });
    const requiring = parseProfile('name: many\nllm:\n  pre_prompt: Summarise.\n  grounding: require\n');
    const { model: counting } = countingModel(async () => 'The user opened #9999.');
    let call = 0;
    const model: SummaryModel = { ...counting, generate: async (request) => ({ ...(await counting.generate(request)), ...(++call === 2 ? { usage: undefined } : {}) }) };
    const [line] = await collect(summarizeMany(requiring, folder.good, { model, concurrency: 1, cwd: root }));
    expect(line).toMatchObject({ error: { code: 'grounding' }, tokens: { output: 0, estimated: true } });
    expect((line as { tokens: { prompt: number } }).tokens.prompt).not.toBe(100);
  });

  it('never has more calls in flight than the concurrency', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 's'), { count: 12, events: 10 });
    const waiting: (() => void)[] = [];
    const { model, state } = countingModel(() => new Promise<string>((resolve) => waiting.push(() => resolve('ok'))));
    const run = collect(summarizeMany(profile, folder.good, { model, concurrency: 3, cwd: root }));
    for (let done = 0; done < 12; done++) {
      while (waiting.length < Math.min(3, 12 - done)) await tick();
      expect(state.inFlight).toBeLessThanOrEqual(3);
      waiting.shift()?.();
    }
    expect(await run).toHaveLength(12);
    expect(state.maxInFlight).toBe(3);
  });

  it('runs fewer calls at once after the model pushes back', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 's'), { count: 16, events: 10 });
    const limiter = createAdaptiveConcurrency(4, { now: () => 0 });
    const waiting: (() => void)[] = [];
    // Each call started after the pushback: the calls in flight with it, and the limit then.
    const afterPushback: { inFlight: number; limit: number }[] = [];
    let pushedBack = false;
    const { model, state } = countingModel(() => {
      if (pushedBack) afterPushback.push({ inFlight: state.inFlight, limit: limiter.limit });
      return new Promise<string>((resolve) => waiting.push(() => resolve('ok')));
    });
    const run = collect(summarizeMany(profile, folder.good, { model, concurrency: limiter, cwd: root }));
    while (waiting.length < 4) await tick();
    // The model answers 429 (the adapter's retry calls pushback, as createModel's onRetry does in the CLI).
    limiter.pushback();
    pushedBack = true;
    for (let done = 0; done < 16; ) {
      await tick();
      const next = waiting.shift();
      if (next === undefined) continue;
      next();
      done++;
    }
    expect(await run).toHaveLength(16);
    // The limit fell below 4 (halved, then grows back by one after as many successes as it is),
    // and no call started after the pushback found more calls in flight than the limit of its time.
    for (const { inFlight, limit } of afterPushback) expect(inFlight).toBeLessThanOrEqual(limit);
    expect(afterPushback.some(({ limit }) => limit < 4)).toBe(true);
  });

  it('skips the files it is told to (a resumed run)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-many-'));
    const folder = await writeSessionFolder(path.join(root, 's'), { count: 3, events: 10 });
    const { model, state } = countingModel(async () => 'ok');
    const lines = await collect(summarizeMany(profile, folder.good, { model, cwd: root, skip: (file) => file === folder.good[1] }));
    expect(lines.map((line) => line.file).sort()).toEqual([folder.good[0], folder.good[2]]);
    expect(state.calls).toBe(2);
  });

  it('reads an async iterable lazily and accepts loaded sessions', async () => {
    const { numberedSession } = await import('../../test/support/session-folder.js');
    const { parseSession } = await import('../session/parse-session.js');
    let pulled = 0;
    async function* inputs() {
      for (let n = 1; n <= 3; n++) {
        pulled++;
        yield { file: `memory-${n}.json`, session: parseSession(numberedSession(n, 10)) };
      }
    }
    const { model } = countingModel(async () => 'ok');
    const iterator = summarizeMany(profile, inputs(), { model, concurrency: 1 });
    const first = await iterator.next();
    expect(first.value).toMatchObject({ file: 'memory-1.json', session_id: 'u-1:s-1' });
    expect(pulled).toBeLessThan(3 + 1);
    await iterator.return(undefined);
  });
});
