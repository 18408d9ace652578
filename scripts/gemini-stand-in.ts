// Runs the local stand-in of the Gemini REST API (test/support/gemini-stand-in.ts) as a process,
// to try `recap run` with a "Gemini key" without reaching Google. Its answers are made up from the
// request (a schema-shaped value, or "Stand-in answer (not a language model): ..."): not a model.
//
//   npx tsx scripts/gemini-stand-in.ts [--port 8787]
//   GEMINI_API_KEY=stand-in GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:8787 npx recap run ...

import { parseArgs } from 'node:util';
import { startGeminiStandIn } from '../test/support/gemini-stand-in.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8787' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port: expected a port number, got ${values.port}`);
  process.exit(2);
}
const standIn = await startGeminiStandIn({ port });
console.log(`Gemini stand-in listening on ${standIn.url} (answers are made up, not from a model)`);
const stop = (): void => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
