// What a resumed run keeps of its results file: the last line of each session file, looked for
// once per file however many lines name it, read as the file streams by.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LineFileName } from './line-file-path.js';
import { readResumeState } from './read-resume-state.js';
import type { LineRun } from './result-line.js';

const run: LineRun = { profile: 'p.yaml', profile_sha256: 'ab', provider: 'extractive', model: 'extractive-v1', privacy_sha256: null, cwd: '.' };
const ok = (file: string, id = `u:${file}`) => ({ session_id: id, file, result: { summary: 'fine' }, tokens: { prompt: 1, output: 0, total: 1 }, model: 'm', ms: 1, run });
const failed = (file: string) => ({ file, error: { code: 'model_error', message: 'no answer' }, run });

async function* linesOf(lines: readonly unknown[]): AsyncGenerator<Uint8Array> {
  for (const line of lines) yield Buffer.from(`${JSON.stringify(line)}\n`);
}

const root = path.resolve('/runs');
const resultsFile = path.join(root, 'results.jsonl');

describe('readResumeState', () => {
  it('looks for each session file once, however many lines name it, and keeps the last line of each', async () => {
    // 10 files, each retried 300 times (errors) before the last line; every other one ends in a result.
    const lines = [];
    for (let round = 0; round < 300; round++) for (let file = 0; file < 10; file++) lines.push(failed(`s/${file}.json`));
    for (let file = 0; file < 10; file += 2) lines.push(ok(`s/${file}.json`));
    const looked: string[] = [];
    const locate = async (line: LineFileName) => {
      looked.push(line.file);
      return path.join(root, line.file);
    };
    const state = await readResumeState(resultsFile, 'results.jsonl', root, run, { chunks: linesOf(lines), locate });
    expect(looked).toHaveLength(10);
    expect([...state.finished]).toEqual([0, 2, 4, 6, 8].map((file) => path.join(root, `s/${file}.json`)));
    expect([...state.failedBefore]).toEqual([1, 3, 5, 7, 9].map((file) => path.join(root, `s/${file}.json`)));
    expect(state.summarized.get('u:s/4.json')).toBe('s/4.json');
    expect(state.existing).toEqual({ lineCount: 3005, completeBytes: expect.any(Number) as number });
  });

  it('lets the last line win when two namings find the same file, and gives a session id the file first named', async () => {
    const elsewhere = { ...ok('../s/a.json', 'u:a'), run: { ...run, cwd: 'sub' } };
    const lines = [ok('s/a.json', 'u:a'), failed('s/b.json'), elsewhere, ok('s/b.json', 'u:a')];
    const locate = async (line: LineFileName) => path.resolve(root, line.run?.cwd ?? '.', line.file);
    const state = await readResumeState(resultsFile, 'results.jsonl', root, run, { chunks: linesOf(lines), locate });
    expect([...state.finished]).toEqual([path.join(root, 's/a.json'), path.join(root, 's/b.json')]);
    expect(state.summarized).toEqual(new Map([['u:a', 's/a.json']]));
  });

  it('names the first line made with another setup, and looks for no file then', async () => {
    const other = { ...ok('s/b.json'), run: { ...run, model: 'other-model' } };
    let looked = 0;
    const state = await readResumeState(resultsFile, 'results.jsonl', root, run, {
      chunks: linesOf([ok('s/a.json'), other, { ...other, file: 's/c.json' }]),
      locate: async (line) => {
        looked++;
        return line.file;
      },
    });
    expect(state.otherRun).toEqual({ file: 's/b.json', run: other.run });
    expect(looked).toBe(0);
  });
});
