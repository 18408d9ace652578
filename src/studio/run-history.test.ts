import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunHistory, historyFileName, RunHistoryError } from './run-history.js';
import type { RunDraft } from './run-record.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-history-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const draft = (prompt: string, profile = 'profiles/a.yaml'): RunDraft => ({
  startedAt: '2026-03-01T12:00:00.000Z',
  profile,
  session: 'sessions-fixtures/s.json',
  provider: 'extractive',
  model: 'extractive-v1',
  prompt,
  promptTokens: { prompt: 3, method: 'estimate' },
  schema: false,
  latencyMs: 2,
  outcome: { status: 'ok', answer: { kind: 'summary', text: 'done' }, attempts: 1 },
});

describe('run history', () => {
  it('numbers runs and keeps them across instances (restarts)', async () => {
    await createRunHistory({ directory }).append(draft('one'));
    await createRunHistory({ directory }).append(draft('two'));
    const runs = await createRunHistory({ directory }).load('profiles/a.yaml', 'sessions-fixtures/s.json');
    expect(runs.map((run) => [run.number, run.prompt])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('keeps one readable JSON file per profile and session pair', async () => {
    const history = createRunHistory({ directory });
    await history.append(draft('one'));
    await history.append(draft('other', 'profiles/b.yaml'));
    const files = (await readdir(directory)).sort();
    expect(files).toEqual([historyFileName('profiles/a.yaml', 'sessions-fixtures/s.json'), historyFileName('profiles/b.yaml', 'sessions-fixtures/s.json')].sort());
    expect(files[0]).toMatch(/^a--s--[0-9a-f]{8}\.json$/);
    const content = JSON.parse(await readFile(path.join(directory, files[0] ?? ''), 'utf8')) as { version: number; runs: unknown[] };
    expect(content.version).toBe(1);
    expect(content.runs).toHaveLength(1);
  });

  it('keeps only the newest runs', async () => {
    const history = createRunHistory({ directory, maxRuns: 2 });
    for (const prompt of ['1', '2', '3']) await history.append(draft(prompt));
    const runs = await history.load('profiles/a.yaml', 'sessions-fixtures/s.json');
    expect(runs.map((run) => run.number)).toEqual([2, 3]);
  });

  it('has no runs for a pair never run', async () => {
    expect(await createRunHistory({ directory }).load('profiles/x.yaml', 'sessions-fixtures/s.json')).toEqual([]);
  });

  it('reports a broken history file with its name, and replaces it on the next run', async () => {
    const file = path.join(directory, historyFileName('profiles/a.yaml', 'sessions-fixtures/s.json'));
    await writeFile(file, '{ nope');
    const history = createRunHistory({ directory });
    await expect(history.load('profiles/a.yaml', 'sessions-fixtures/s.json')).rejects.toThrow(RunHistoryError);
    await expect(history.load('profiles/a.yaml', 'sessions-fixtures/s.json')).rejects.toThrow(file);
    expect((await history.append(draft('fresh'))).map((run) => run.number)).toEqual([1]);
  });
});
