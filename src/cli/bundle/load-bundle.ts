// Loads the CLI's bundles (dist/cli/*.cjs, made by scripts/build-cli.ts) with V8's code cache, so
// that a command starts about as fast as a bare `node`: most of a cold start is compiling the
// JavaScript of zod, yaml and recap itself, and a cached compilation skips it. Node 20 has no
// compile cache of its own (module.enableCompileCache came in Node 22), so this is the loader
// `bin/recap.js` goes through. It runs as plain CommonJS, compiled by Node as usual.
//
// The cache of a bundle is written once its process ends (it then holds every function the run
// compiled, not only the top level) and only when there was none or V8 refused it. V8 checks a
// cache against its version and flags but not against the source text, only its length, so the
// cache file is named after the bundle file's identity (inode, size, modification time in
// nanoseconds): a rebuilt or edited bundle never meets a stale cache. (Hashing the text would do
// too, but node:crypto alone costs a bare start-up a quarter more.) The build clears the caches.
// A cache file is only ever renamed into place whole, but one whose bytes were damaged (a machine
// that lost power before the file reached the disk) would crash V8 while it reads the code, at
// every start: V8 is told to check each cache's checksum, and refuses a damaged one like a stale one.

import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

// Set before any cache is read or made (the flag also makes V8 write the checksum it checks).
setFlagsFromString('--verify-snapshot-checksum');

/** How a bundle's compiled code was found: reused, absent, or refused by V8 (then rewritten). */
export type CodeCacheState = 'hit' | 'miss' | 'rejected' | 'off';

export interface LoadedScript {
  readonly exports: unknown;
  readonly cache: CodeCacheState;
}

export interface LoadScriptOptions {
  /** Where cache files go; created when missing. */
  readonly cacheDirectory: string;
  /** False: compile without a cache and write none. */
  readonly useCache?: boolean;
  /** Called with each cache file written (tests); errors writing one are ignored. */
  readonly onWrite?: (file: string) => void;
}

const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n})';

/** The cache file of the bundle `file` named `name`: one per file version, V8 version and architecture. */
export function cacheFileFor(cacheDirectory: string, name: string, file: string): string {
  const info = statSync(file, { bigint: true });
  const identity = [info.ino, info.size, info.mtimeNs, info.ctimeNs].map((value) => value.toString(36)).join('-');
  return path.join(cacheDirectory, `${name}-${identity}-${process.versions.v8}-${process.arch}.v8`);
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Whether the process `pid` of this machine runs (the writer of a temporary cache file). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `entry` of the cache folder is an old cache of `name`, or a temporary file a killed process left. */
function leftOver(entry: string, name: string, file: string): boolean {
  if (!entry.startsWith(`${name}-`)) return false;
  if (entry.endsWith('.v8')) return entry !== path.basename(file);
  const pid = /\.v8\.(\d+)\.tmp$/.exec(entry)?.[1];
  return pid !== undefined && Number(pid) !== process.pid && !runs(Number(pid));
}

/** Writes atomically (several processes may start at once) and drops the caches of older texts. */
function writeCache(file: string, data: Buffer, name: string, onWrite?: (file: string) => void): void {
  try {
    const directory = path.dirname(file);
    mkdirSync(directory, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
    onWrite?.(file);
    for (const entry of readdirSync(directory)) {
      if (leftOver(entry, name, file)) unlinkSync(path.join(directory, entry));
    }
  } catch {
    // A read-only install runs without a cache: slower to start, otherwise the same.
  }
}

/**
 * Runs the CommonJS file `file` as Node would (same wrapper arguments, `require` resolving from
 * the file) and returns its exports. The compiled code comes from, and goes to, the cache.
 */
export function loadScriptWithCodeCache(file: string, options: LoadScriptOptions): LoadedScript {
  const name = path.basename(file).replace(/\.c?js$/, '');
  const useCache = options.useCache !== false;
  const cacheFile = cacheFileFor(options.cacheDirectory, name, file);
  const source = readFileSync(file, 'utf8');
  const cachedData = useCache ? readCache(cacheFile) : undefined;
  const script = new Script(WRAPPER_START + source + WRAPPER_END, { filename: file, cachedData });
  const cache: CodeCacheState = !useCache ? 'off' : cachedData === undefined ? 'miss' : script.cachedDataRejected === true ? 'rejected' : 'hit';
  if (cache === 'miss' || cache === 'rejected') {
    process.once('exit', () => writeCache(cacheFile, script.createCachedData(), name, options.onWrite));
  }
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...parameters: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, cache };
}

const loaded = new Map<string, unknown>();

/** The folder of the bundles: this file's own (it is built to dist/cli/load-bundle.cjs). */
const bundleDirectory = (): string => __dirname;

/**
 * The exports of the bundle `dist/cli/<name>.cjs`, loaded once per process. `RECAP_CODE_CACHE=off`
 * loads without the cache (to compare, or to rule it out).
 */
export function loadBundle(name: string): unknown {
  const known = loaded.get(name);
  if (known !== undefined) return known;
  const { exports } = loadScriptWithCodeCache(path.join(bundleDirectory(), `${name}.cjs`), {
    cacheDirectory: path.join(bundleDirectory(), '.cache'),
    useCache: process.env.RECAP_CODE_CACHE !== 'off',
  });
  loaded.set(name, exports);
  return exports;
}

/** The bundles this process has loaded, in order (tests check what a command loads). */
export function loadedBundles(): string[] {
  return [...loaded.keys()];
}

/**
 * Imports an ES module beside the bundles (`./studio-command.js`, compiled by tsc). Code compiled
 * from a cache cannot call `import()` itself in Node 20 (V8 drops the host's import callback), so
 * the bundles ask this ordinary module to do it.
 */
export function importModule(specifier: string): Promise<unknown> {
  return import(pathToFileURL(path.join(bundleDirectory(), specifier)).href);
}
