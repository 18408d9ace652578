// Results files: lines read whole, the last line of a file wins, a cut-off tail (a killed run) is
// named and removed before appending, a bad line in the middle stops with file:line.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openResultsForAppend, parseResultsText, readResultsFile, ResultsFileError } from './results-file.js';

const ok = (file: string) => ({ session_id: `u:${file}`, file, result: { summary: 'fine' }, tokens: { prompt: 10, output: 2, total: 12 }, model: 'm', ms: 5 });
const failed = (file: string) => ({ file, error: { code: 'invalid_session', message: 'bad' } });
const jsonl = (...lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

describe('results files', () => {
  it('keeps the last line of each file', () => {
    const content = parseResultsText(jsonl(failed('a.json'), ok('b.json'), ok('a.json')), 'r.jsonl');
    expect(content.lines).toHaveLength(3);
    expect([...content.latest.keys()]).toEqual(['a.json', 'b.json']);
    expect('result' in (content.latest.get('a.json') ?? {})).toBe(true);
    expect(content.cutOffLine).toBeUndefined();
  });

  it('names a cut-off last line and does not count it', () => {
    const text = `${jsonl(ok('a.json'))}{"session_id":"u:b","file":"b.js`;
    const content = parseResultsText(text, 'r.jsonl');
    expect(content.lines).toHaveLength(1);
    expect(content.cutOffLine).toBe(2);
    expect(content.completeBytes).toBe(Buffer.byteLength(jsonl(ok('a.json'))));
  });

  it('counts a whole last line without its newline, and adds the newline before appending', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-results-'));
    const file = path.join(dir, 'r.jsonl');
    await writeFile(file, jsonl(ok('a.json')).trimEnd());
    const content = await readResultsFile(file);
    expect(content).toMatchObject({ missingNewline: true });
    expect(content.lines).toHaveLength(1);
    const writer = await openResultsForAppend(file, content);
    await writer.append(ok('b.json'));
    await writer.close();
    expect(await readFile(file, 'utf8')).toBe(jsonl(ok('a.json'), ok('b.json')));
    expect(() => parseResultsText('{"id": "u:s", "events": []}', 's.json')).toThrow(/^s\.json:1: not a result line/);
  });

  it('stops at a bad line in the middle, naming file and line', () => {
    expect(() => parseResultsText(`${jsonl(ok('a.json'))}not json\n${jsonl(ok('b.json'))}`, 'r.jsonl')).toThrow(ResultsFileError);
    expect(() => parseResultsText(`${jsonl(ok('a.json'))}not json\n`, 'r.jsonl')).toThrow(/^r\.jsonl:2: not JSON/);
    expect(() => parseResultsText(jsonl({ file: 'a.json', result: { summary: 'x' } }), 'r.jsonl')).toThrow(/r\.jsonl:1: not a result line: a result line needs "session_id"/);
  });

  it('refuses a response without its schema, and tokens or ms that are not counts, naming file and line', () => {
    const response = { ...ok('a.json'), result: { response: { outcome: 'x' } } };
    expect(() => parseResultsText(jsonl(response), 'r.jsonl')).toThrow('r.jsonl:1: not a result line: "result" must be { summary } or { response, response_schema }');
    expect(() => parseResultsText(jsonl({ ...response, result: { response: {}, response_schema: 'OBJECT' } }), 'r.jsonl')).toThrow(/^r\.jsonl:1: not a result line: "result" must be/);
    // Past 2^53 − 1 (and 1e308, which two lines add up to Infinity) no run counts: the report's totals stay finite.
    for (const tokens of [{ prompt: -5, output: 0, total: -5 }, { prompt: 1, output: 1, total: 1e400 }, { prompt: 1e308, output: 0, total: 1e308 }, { prompt: 1.5, output: 0, total: 1.5 }]) {
      expect(() => parseResultsText(jsonl({ ...ok('a.json'), tokens }), 'r.jsonl'), JSON.stringify(tokens)).toThrow(
        'r.jsonl:1: not a result line: "tokens" must be { prompt, output, total }, each a whole number from 0 to 2^53 − 1',
      );
    }
    for (const ms of [-1, 1e308]) {
      expect(() => parseResultsText(jsonl({ ...ok('a.json'), ms }), 'r.jsonl'), String(ms)).toThrow('r.jsonl:1: not a result line: "ms" must be a number from 0 to 2^53 − 1');
    }
    expect(parseResultsText(jsonl({ ...ok('a.json'), ms: 12.5, tokens: { prompt: Number.MAX_SAFE_INTEGER, output: 0, total: Number.MAX_SAFE_INTEGER } }), 'r.jsonl').lines).toHaveLength(1);
  });

  it('refuses a grounding report without its score and claim lists, naming file and line', () => {
    const grounding = { score: 1, findings: [], unsupported: [], dropped: [] };
    expect(parseResultsText(jsonl({ ...ok('a.json'), grounding }), 'r.jsonl').lines).toHaveLength(1);
    for (const bad of [null, 'x', [], { score: 'a', unsupported: [], dropped: [] }, { score: 0.5, unsupported: 'x', dropped: [] }, { score: 1 }, { score: 1e308, unsupported: [], dropped: [] }, { score: -0.5, unsupported: [], dropped: [] }]) {
      expect(() => parseResultsText(jsonl({ ...ok('a.json'), grounding: bad }), 'r.jsonl'), JSON.stringify(bad)).toThrow(
        'r.jsonl:1: not a result line: "grounding" must be { score, findings, unsupported, dropped } with a score from 0 to 1 and lists of claims',
      );
    }
  });

  it('reads the repairs an answer needed, and refuses a list that is not one, naming file and line', () => {
    const repairs = [{ reason: 'schema', problems: 'outcome: must be one of "converted"' }, { reason: 'grounding', problems: '- "#9": no event #9' }];
    expect(parseResultsText(jsonl({ ...ok('a.json'), repairs }), 'r.jsonl').lines[0]).toMatchObject({ repairs });
    for (const bad of [null, [], 'schema', [{ reason: 'typo', problems: 'x' }], [{ reason: 'schema' }], [{ reason: 'schema', problems: 3 }]]) {
      expect(() => parseResultsText(jsonl({ ...ok('a.json'), repairs: bad }), 'r.jsonl'), JSON.stringify(bad)).toThrow(
        'r.jsonl:1: not a result line: "repairs" must be a non-empty list of { reason: "schema" | "grounding", problems }',
      );
    }
  });

  it('refuses a line that holds both a result and an error, naming file and line: it is neither a success nor a failure', () => {
    const both = { ...ok('a.json'), error: { code: 'model_error', message: 'the model failed' } };
    expect(() => parseResultsText(jsonl(ok('b.json'), both), 'r.jsonl')).toThrow('r.jsonl:2: not a result line: a line holds "result" or "error", not both');
    expect(() => parseResultsText(jsonl({ session_id: 'u:a', file: 'a.json', result: { summary: 'x' }, error: { code: 'model_error', message: 'm' } }), 'r.jsonl')).toThrow(
      'r.jsonl:1: not a result line: a line holds "result" or "error", not both',
    );
  });

  it('refuses a "run.cwd" that is not a path', () => {
    const run = { profile: 'p.yaml', profile_sha256: 'ab', provider: 'gemini', model: 'm' };
    expect(parseResultsText(jsonl({ ...ok('a.json'), run: { ...run, cwd: '..' } }), 'r.jsonl').lines).toHaveLength(1);
    expect(() => parseResultsText(jsonl({ ...ok('a.json'), run: { ...run, cwd: 1 } }), 'r.jsonl')).toThrow('r.jsonl:1: not a result line: "run.cwd" must be a string');
  });

  it('refuses a "run" that does not say what made the line', () => {
    const run = { profile: 'p.yaml', profile_sha256: 'ab', provider: 'gemini', model: 'm' };
    expect(parseResultsText(jsonl({ ...ok('a.json'), run }, { ...failed('b.json'), run }), 'r.jsonl').lines).toHaveLength(2);
    expect(() => parseResultsText(jsonl({ ...ok('a.json'), run: { profile: 'p.yaml' } }), 'r.jsonl')).toThrow(
      'r.jsonl:1: not a result line: "run" must be { profile, profile_sha256, provider, model }',
    );
  });

  it('reads a missing file as empty', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-results-'));
    expect((await readResultsFile(path.join(dir, 'none.jsonl'))).lines).toEqual([]);
  });

  it('removes a cut-off tail before appending, so the file reads line by line again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-results-'));
    const file = path.join(dir, 'r.jsonl');
    await writeFile(file, `${jsonl(ok('a.json'))}{"session_id":"u:b`);
    const content = await readResultsFile(file);
    const writer = await openResultsForAppend(file, content);
    await writer.append(ok('b.json'));
    await writer.close();
    expect(await readFile(file, 'utf8')).toBe(jsonl(ok('a.json'), ok('b.json')));
    expect((await readResultsFile(file)).lines).toHaveLength(2);
  });

  it('refuses bytes that are not UTF-8, naming file and line, rather than read them as U+FFFD (and cut the file at the wrong byte)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-results-'));
    const file = path.join(dir, 'r.jsonl');
    const latin1 = Buffer.from(JSON.stringify({ ...ok('b.json'), result: { summary: 'Resume' } }).replace('Resume', 'R\u00e9sum\u00e9'), 'latin1');
    await writeFile(file, Buffer.concat([Buffer.from(jsonl(ok('a.json'))), latin1, Buffer.from('\n{"session_id":"u:c')]));
    await expect(readResultsFile(file, 'r.jsonl')).rejects.toThrow(new ResultsFileError('r.jsonl:2: is not UTF-8 text; recap writes results files in UTF-8, so this line was changed by another program'));
  });

  it('keeps a byte order mark out of the way: a cut-off tail is removed at the right byte', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-results-'));
    const file = path.join(dir, 'r.jsonl');
    await writeFile(file, `\uFEFF${jsonl(ok('a.json'))}{"session_id":"u:b`);
    const writer = await openResultsForAppend(file, await readResultsFile(file));
    await writer.append(ok('b.json'));
    await writer.close();
    expect((await readResultsFile(file)).lines.map((line) => line.file)).toEqual(['a.json', 'b.json']);
  });

  it('takes a last line cut inside a character for a cut-off line, not for bytes that are not UTF-8', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-results-'));
    const file = path.join(dir, 'r.jsonl');
    const line = Buffer.from(JSON.stringify({ ...ok('b.json'), result: { summary: 'Résumé' } }));
    await writeFile(file, Buffer.concat([Buffer.from(jsonl(ok('a.json'))), line.subarray(0, line.indexOf('é') + 1)]));
    const content = await readResultsFile(file);
    expect(content.cutOffLine).toBe(2);
    const writer = await openResultsForAppend(file, content);
    await writer.append(ok('b.json'));
    await writer.close();
    expect(await readFile(file, 'utf8')).toBe(jsonl(ok('a.json'), ok('b.json')));
  });
});
