#!/usr/bin/env node
// The `recap` executable: runs the CLI bundles in dist/cli/ (built by `npm install`) through their
// code cache (src/cli/bundle/load-bundle.ts). It is CommonJS (bin/package.json says so): Node
// starts a CommonJS file without setting up its ES module loader, which `recap --help` would
// otherwise pay for. `recap studio` runs in a child node process started with the V8 flags it
// needs (src/cli/studio-process.ts).
'use strict';

let loader;
try {
  loader = require('../dist/cli/load-bundle.cjs');
} catch (error) {
  if (error?.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes('load-bundle.cjs')) throw error;
  process.stderr.write('recap is not built yet: run `npm install` (or `npm run build`) in the recap folder.\n');
  process.exit(2);
}
// `recap --help | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
loader
  .loadBundle('recap')
  .runRecap(process.argv.slice(2), process.argv[1])
  .then((end) => {
    // Ended by a signal: end the same way, so that a shell sees what happened.
    if (end.signal !== undefined) process.kill(process.pid, end.signal);
    else process.exitCode = end.code;
  });
