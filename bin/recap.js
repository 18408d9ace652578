#!/usr/bin/env node
// The `recap` executable: runs the compiled CLI in dist/ (built by `npm install`).
let cli;
try {
  cli = await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli/main.js')) throw error;
  process.stderr.write('recap is not built yet: run `npm install` (or `npm run build`) in the recap folder.\n');
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2));
