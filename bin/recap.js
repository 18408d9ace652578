#!/usr/bin/env node
// The `recap` executable: runs the compiled CLI in dist/ (built by `npm install`). `recap studio`
// runs in a child node process started with the V8 flags it needs (see src/cli/studio-process.ts).
let entry;
try {
  entry = await import('../dist/cli/studio-process.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli/studio-process.js')) throw error;
  process.stderr.write('recap is not built yet: run `npm install` (or `npm run build`) in the recap folder.\n');
  process.exit(2);
}
const end = await entry.runRecap(process.argv.slice(2), process.argv[1]);
// Ended by a signal: end the same way, so that a shell sees what happened.
if (end.signal !== undefined) process.kill(process.pid, end.signal);
else process.exitCode = end.code;
