// The code cache of the CLI bundles, through real processes (a cache is written when one ends).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TSX = pathToFileURL(path.join(REPOSITORY, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const LOADER = pathToFileURL(path.join(REPOSITORY, 'src', 'cli', 'bundle', 'load-bundle.ts')).href;

/** Loads `file` in a fresh node process; returns what it exported as `value` and the cache state. */
function load(file: string, cacheDirectory: string, useCache = true): { value: unknown; cache: string } {
  const script = `
    const { loadScriptWithCodeCache } = await import(${JSON.stringify(LOADER)});
    const loaded = loadScriptWithCodeCache(${JSON.stringify(file)}, { cacheDirectory: ${JSON.stringify(cacheDirectory)}, useCache: ${useCache} });
    console.log(JSON.stringify({ value: loaded.exports.value, cache: loaded.cache }));`;
  const result = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], { encoding: 'utf8', cwd: REPOSITORY });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as { value: unknown; cache: string };
}

function bundle(text: string): { file: string; cache: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'recap-code-cache-'));
  const file = path.join(folder, 'sample.cjs');
  writeFileSync(file, text);
  return { file, cache: path.join(folder, '.cache') };
}

const SOURCE = "const { join } = require('node:path'); exports.value = join('a', 'b') + ':' + __filename.endsWith('sample.cjs');";

describe('loadScriptWithCodeCache', () => {
  it('runs the file as CommonJS, writes its cache at exit and reuses it next time', () => {
    const { file, cache } = bundle(SOURCE);
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'miss' });
    expect(readdirSync(cache)).toHaveLength(1);
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'hit' });
  });

  it('never runs a stale cache: a changed text of the same length gets a cache of its own, and the old one goes', () => {
    const { file, cache } = bundle("exports.value = 'first';");
    load(file, cache);
    const [before] = readdirSync(cache);
    writeFileSync(file, "exports.value = 'other';");
    expect(load(file, cache)).toEqual({ value: 'other', cache: 'miss' });
    const after = readdirSync(cache);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    expect(load(file, cache)).toEqual({ value: 'other', cache: 'hit' });
  });

  it('compiles afresh when V8 refuses the cache, and replaces it', () => {
    const { file, cache } = bundle(SOURCE);
    load(file, cache);
    const [name] = readdirSync(cache);
    writeFileSync(path.join(cache, name ?? ''), 'not a code cache');
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'rejected' });
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'hit' });
  });

  it('refuses a cache whose bytes were damaged (a machine that lost power while writing it) instead of crashing V8, and replaces it', () => {
    const { file, cache } = bundle(`${SOURCE}\n${'exports.more = [1, 2, 3].map((n) => n * 2);\n'.repeat(50)}`);
    load(file, cache);
    const [name] = readdirSync(cache);
    const cacheFile = path.join(cache, name ?? '');
    const bytes = readFileSync(cacheFile);
    // The same length, zeros in the middle: what a file can hold after a crash before its data reached the disk.
    bytes.fill(0, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 256);
    writeFileSync(cacheFile, bytes);
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'rejected' });
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'hit' });
  });

  it('removes the temporary cache files of processes killed while writing them', () => {
    const { file, cache } = bundle(SOURCE);
    load(file, cache);
    const [name] = readdirSync(cache);
    // pid 2^22 + 1 is above Linux's highest pid: no process runs under it.
    writeFileSync(path.join(cache, `${name ?? ''}.4194305.tmp`), 'half a cache');
    writeFileSync(path.join(cache, name ?? ''), 'not a code cache');
    load(file, cache);
    expect(readdirSync(cache)).toEqual([name]);
  });

  it('runs without a cache where none can be written, and when told not to use one', () => {
    const { file, cache } = bundle(SOURCE);
    writeFileSync(cache, 'a file where the cache folder would go');
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'miss' });
    expect(load(file, cache)).toEqual({ value: 'a/b:true', cache: 'miss' });
    const other = bundle(SOURCE);
    expect(load(other.file, other.cache, false)).toEqual({ value: 'a/b:true', cache: 'off' });
    expect(() => readdirSync(other.cache)).toThrow();
  });
});
