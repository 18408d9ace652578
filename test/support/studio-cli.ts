// `recap` from the sources, for end-to-end tests that need a real process (the studio in tmux):
//   node --import tsx test/support/studio-cli.ts studio --profiles DIR --sessions DIR

import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
