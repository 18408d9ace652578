// `recap` from the sources, for end-to-end tests that need a real process (the studio in tmux):
//   node --import tsx test/support/studio-cli.ts studio --profiles DIR --sessions DIR
// As bin/recap.js does, `recap studio` runs in a child process with the studio's V8 flags.

import { runRecap } from '../../src/cli/studio-process.js';

const end = await runRecap(process.argv.slice(2), process.argv[1] ?? '');
if (end.signal !== undefined) process.kill(process.pid, end.signal);
else process.exitCode = end.code;
