// Bundles the CLI for a fast start (part of `npm run build`, after tsc): one CommonJS bundle per
// command in dist/cli/<name>.cjs, loaded with V8's code cache by dist/cli/load-bundle.cjs (see
// src/cli/bundle/load-bundle.ts and docs/benchmarks.md). Loading a few bundles instead of hundreds
// of modules, and reusing their compiled code, is what brings `recap --help` close to a bare node.
//
// Packages that only some commands use stay outside the bundles and are required when used: the
// model SDKs, the database drivers, the HTTP framework and Ink. Then the bundles are run once on the
// example data so that their code caches exist from the first command on.

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/cli');

/**
 * Required at run time from node_modules, by the commands that need them. Kysely, the store's
 * query builder, is bundled into the commands that open a store (serve, admin): it is plain
 * JavaScript that receives the drivers (pg, better-sqlite3) as objects, and one bundle with a
 * code cache loads faster than its few hundred modules would.
 */
const EXTERNAL_PACKAGES = [
  '@google/genai',
  'openai',
  'pg',
  'better-sqlite3',
  'hono',
  '@hono/node-server',
  'ink',
  'ink-spinner',
  'react',
  'chokidar',
];

/** The entry bundle and one bundle per command (the studio is imported from tsc's output). */
const ENTRIES = {
  recap: 'src/cli/studio-process.ts',
  run: 'src/cli/run-command.ts',
  report: 'src/cli/report-command.ts',
  validate: 'src/cli/validate-command.ts',
  test: 'src/cli/test-command.ts',
  serve: 'src/cli/serve-command.ts',
  admin: 'src/cli/admin-command.ts',
  import: 'src/cli/import-command.ts',
  init: 'src/cli/init-command.ts',
};

/** In the bundles, commands come from their bundles, and the loader is the one file they share. */
const bundledModules: Plugin = {
  name: 'recap-bundled-modules',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/command-modules\.js$/ }, (args) =>
      path.dirname(args.importer) === path.join(root, 'src', 'cli') ? { path: path.join(root, 'src/cli/bundle/command-modules.ts') } : undefined,
    );
    builder.onResolve({ filter: /^\.\/load-bundle\.js$/ }, () => ({ path: './load-bundle.cjs', external: true }));
  },
};

/**
 * Commander requires child_process when it loads, for subcommands that are separate executables,
 * which recap has none of; child_process brings net, dgram and the stream stack, a quarter of a
 * bare node's start-up. Commander gets a stand-in that requires the real module on first use.
 */
const lazyChildProcess: Plugin = {
  name: 'recap-lazy-child-process',
  setup(builder) {
    builder.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}commander${path.sep}`) ? { path: 'lazy-child-process', namespace: 'recap-lazy' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'recap-lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

/**
 * Packages that only the paths for invalid input use (zod words what is wrong with a profile or a
 * fixture; a valid one is checked without it) or only structured answers (ajv). Each is a bundle of
 * its own, loaded through the code cache when first required, so that the command bundles neither
 * hold nor load them: a valid profile and a plain summary never read them.
 */
const SHARED_BUNDLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  zod: { zod: 'zod' },
  ajv: { 'ajv/dist/2020.js': 'ajv2020', 'ajv-formats': 'ajvFormats' },
};

const sharedBundles: Plugin = {
  name: 'recap-shared-bundles',
  setup(builder) {
    for (const [name, packages] of Object.entries(SHARED_BUNDLES)) {
      for (const [specifier, property] of Object.entries(packages)) {
        const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        builder.onResolve({ filter }, () => ({ path: `${name}:${property}`, namespace: 'recap-shared' }));
      }
    }
    builder.onLoad({ filter: /.*/, namespace: 'recap-shared' }, (args) => {
      const [name, property] = args.path.split(':') as [string, string];
      return { contents: `module.exports = require('./load-bundle.cjs').loadBundle(${JSON.stringify(name)})[${JSON.stringify(property)}];`, loader: 'js' };
    });
    builder.onResolve({ filter: /^\.\/load-bundle\.cjs$/ }, () => ({ path: './load-bundle.cjs', external: true }));
  },
};

/** The entry of a shared bundle: the packages it holds, by property. */
const sharedEntries: Plugin = {
  name: 'recap-shared-entries',
  setup(builder) {
    builder.onResolve({ filter: /^recap-shared-entry:/ }, (args) => ({ path: args.path.slice('recap-shared-entry:'.length), namespace: 'recap-shared-entry' }));
    builder.onLoad({ filter: /.*/, namespace: 'recap-shared-entry' }, (args) => ({
      contents: Object.entries(SHARED_BUNDLES[args.path] ?? {})
        .map(([specifier, property]) => `exports[${JSON.stringify(property)}] = require(${JSON.stringify(specifier)});`)
        .join('\n'),
      loader: 'js',
      resolveDir: root,
    }));
  },
};

async function bundle(): Promise<void> {
  await rm(path.join(outdir, '.cache'), { recursive: true, force: true });
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.cjs' },
    // jsonc-parser's main file is a UMD module that requires its parts at run time.
    mainFields: ['module', 'main'],
    sourcemap: 'linked',
    // import.meta.url is the bundle's own URL, as it is the module's in tsc's output; modules that
    // find files from it (src/init/package-root.ts) sit at the same depth in both.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    // Less text to read and smaller code caches to load: a command starts a few milliseconds sooner.
    // Names are kept (stack traces stay readable, and the linked source map maps them back).
    minifyWhitespace: true,
    minifySyntax: true,
  };
  await build({ ...common, entryPoints: { 'load-bundle': 'src/cli/bundle/load-bundle.ts' } });
  // Code compiled from a cache cannot call import() in Node 20 (V8 drops the host's callback), so
  // every import() becomes require(); the packages left outside have CommonJS entry points. A bundle
  // that still held an import() would fail only when that path runs: refuse to build it.
  await build({ ...common, entryPoints: ENTRIES, external: EXTERNAL_PACKAGES, plugins: [bundledModules, lazyChildProcess, sharedBundles], supported: { 'dynamic-import': false } });
  const shared = Object.fromEntries(Object.keys(SHARED_BUNDLES).map((name) => [name, `recap-shared-entry:${name}`]));
  await build({ ...common, entryPoints: shared, plugins: [sharedEntries], supported: { 'dynamic-import': false } });
  for (const name of [...Object.keys(ENTRIES), ...Object.keys(SHARED_BUNDLES)]) {
    const text = await readFile(path.join(outdir, `${name}.cjs`), 'utf8');
    // Not inside a JSDoc type (`{import('./index.js').RE2JS}`, kept in some packages' comments).
    const found = /(?<!\{)\bimport\((?!\))/.exec(text);
    if (found !== null) throw new Error(`dist/cli/${name}.cjs still calls import() near "${text.slice(found.index - 60, found.index + 60)}"; bundle that module or load it through load-bundle's importModule`);
  }
}

/** Runs the built CLI on the example data, so that the bundles' code caches are written. */
async function warm(): Promise<void> {
  const bin = path.join(root, 'bin/recap.js');
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const run = (argv: string[], expectedStatus = 0, extraEnv: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, [bin, ...argv], { cwd: root, env: { ...env, ...extraEnv }, encoding: 'utf8' });
    if (result.status !== expectedStatus) throw new Error(`recap ${argv.join(' ')} exited with ${result.status}, not ${expectedStatus}: ${result.stderr}`);
  };
  run(['--help']);
  run(['validate', 'profiles/plain-summary.yaml', 'profiles/friction-report.yaml']);
  run(['run', '--provider', 'extractive', 'profiles/plain-summary.yaml', 'sessions-fixtures/checkout-abandon.json']);
  run(['run', '--provider', 'extractive', '--dry-run', '--json', 'profiles/friction-report.yaml', 'sessions-fixtures/checkout-abandon.json']);
  // The shared bundles: zod words an invalid profile; ajv checks the structured answers of a suite.
  const scratch = await mkdtemp(path.join(tmpdir(), 'recap-warm-'));
  await writeFile(path.join(scratch, 'invalid.yaml'), 'slice:\n  mode: MIDDLE\n');
  run(['validate', path.join(scratch, 'invalid.yaml')], 1);
  await rm(scratch, { recursive: true, force: true });
  run(['test', 'suites/checkout.recap.yaml'], 0, { CI: 'true' });
}

await bundle();
await warm();
