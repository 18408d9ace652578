// Results files read line by line: each line is handed over before the next bytes are read, so a
// file of any length reads in the memory of a line; lines split across reads, a cut-off or
// unterminated last line and bytes that are not UTF-8 read as a whole file does.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultLine } from './result-line.js';
import { ResultsFileError, scanResultLines, scanResultsFile } from './scan-results-file.js';

const ok = (file: string) => ({ session_id: `u:${file}`, file, result: { summary: 'Résumé' }, tokens: { prompt: 10, output: 2, total: 12 }, model: 'm', ms: 5 });
const jsonl = (...lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

/** `bytes` in chunks of `size` bytes (cutting lines and characters anywhere). */
async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function scan(bytes: Buffer, size: number): Promise<{ files: string[]; end: Awaited<ReturnType<typeof scanResultLines>> }> {
  const files: string[] = [];
  const end = await scanResultLines(chunked(bytes, size), 'r.jsonl', (line: ResultLine) => {
    files.push(line.file);
  });
  return { files, end };
}

describe('scanResultLines', () => {
  it('hands over each line before it reads the next chunk: the file is never read ahead of its lines', async () => {
    const lines = 10_000;
    let handed = 0;
    let read = 0;
    // One line per chunk; asked for a chunk while an earlier line is still unread, it throws.
    async function* oneLineAtATime(): AsyncGenerator<Uint8Array> {
      for (let index = 0; index < lines; index++) {
        if (read - handed > 1) throw new Error(`read ${read} lines ahead of the ${handed} handed over`);
        read++;
        yield Buffer.from(jsonl(ok(`s-${index}.json`)));
      }
    }
    const end = await scanResultLines(oneLineAtATime(), 'r.jsonl', () => {
      handed++;
    });
    expect(end).toEqual({ lineCount: lines, completeBytes: expect.any(Number) as number });
    expect(handed).toBe(lines);
  });

  it('reads lines and characters cut across chunks as the whole file reads', async () => {
    const bytes = Buffer.from(`\uFEFF${jsonl(ok('a.json'), ok('b.json'))}\n${jsonl(ok('c.json'))}{"session_id":"u:d","file":"d.js`);
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) {
      const { files, end } = await scan(bytes, size);
      expect(files, String(size)).toEqual(['a.json', 'b.json', 'c.json']);
      expect(end, String(size)).toEqual({ lineCount: 3, completeBytes: bytes.lastIndexOf(0x0a) + 1, cutOffLine: 5 });
    }
  });

  it('counts a whole last line without its newline, and names a last line cut inside a character as cut off', async () => {
    const whole = Buffer.from(jsonl(ok('a.json'), ok('b.json')).trimEnd());
    expect(await scan(whole, 5)).toEqual({ files: ['a.json', 'b.json'], end: { lineCount: 2, completeBytes: whole.length, missingNewline: true } });
    const line = Buffer.from(JSON.stringify(ok('b.json')));
    const cut = Buffer.concat([Buffer.from(jsonl(ok('a.json'))), line.subarray(0, line.indexOf('é') + 1)]);
    expect((await scan(cut, 4)).end).toEqual({ lineCount: 1, completeBytes: Buffer.byteLength(jsonl(ok('a.json'))), cutOffLine: 2 });
  });

  it('refuses a line that is not UTF-8 or not a result line, naming it', async () => {
    const latin1 = Buffer.from(JSON.stringify(ok('b.json')).replace('Résumé', 'R\u00e9sum\u00e9'), 'latin1');
    const bytes = Buffer.concat([Buffer.from(jsonl(ok('a.json'))), latin1, Buffer.from('\n')]);
    await expect(scan(bytes, 3)).rejects.toThrow(new ResultsFileError('r.jsonl:2: is not UTF-8 text; recap writes results files in UTF-8, so this line was changed by another program'));
    await expect(scan(Buffer.from(`${jsonl(ok('a.json'))}not json\n`), 3)).rejects.toThrow(/^r\.jsonl:2: not JSON/);
  });
});

describe('scanResultsFile', () => {
  it('reads a file in chunks, and a missing file as empty', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recap-scan-'));
    const file = path.join(dir, 'r.jsonl');
    await writeFile(file, jsonl(...Array.from({ length: 100 }, (_, index) => ok(`s-${index}.json`))));
    const files: string[] = [];
    const end = await scanResultsFile(file, (line) => void files.push(line.file), { chunkBytes: 100 });
    expect(files).toHaveLength(100);
    expect(files[99]).toBe('s-99.json');
    expect(end.lineCount).toBe(100);
    expect(await scanResultsFile(path.join(dir, 'none.jsonl'), () => undefined)).toEqual({ lineCount: 0, completeBytes: 0 });
  });
});
