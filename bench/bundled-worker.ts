// Timed code runs as recap ships it: bundled by esbuild into one module (as the CLI's bundles are,
// see scripts/build-cli.ts) and run by plain node. Under tsx every module is compiled to CommonJS,
// where each binding one module imports from another is read through a getter function: in the
// privacy probe's character loop those getters were a third of the time (prepare of the last 500
// of 10,000 events with every preset measured 1.9× prepare without rules under tsx, 1.07× bundled).

import { buildSync } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Inside the project, so that the packages left outside the bundle resolve from its node_modules;
// as deep as src/<folder>/, so that modules finding files from their own URL find the same ones.
const outdir = path.join(root, 'dist', 'bench');
const built = new Map<string, string>();

/** The bundle of a worker of bench/ (`pipeline-worker.ts`), built once per process; run it with `node`. */
export function bundledWorker(name: string): string {
  let outfile = built.get(name);
  if (outfile === undefined) {
    outfile = path.join(outdir, name.replace(/\.ts$/, '.mjs'));
    buildSync({
      entryPoints: [path.join(root, 'bench', name)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      packages: 'external',
      logLevel: 'warning',
    });
    built.set(name, outfile);
  }
  return outfile;
}
