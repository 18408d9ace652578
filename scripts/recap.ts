// Runs the recap CLI from the TypeScript sources (no build needed): `npx tsx scripts/recap.ts ...`.
// `npm test` uses it to run the repository's own suites against the code under test.

import { main } from '../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
