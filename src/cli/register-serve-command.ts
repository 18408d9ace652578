// `recap serve`: its flags and help. The work is in serve-command.ts, which loads the server only
// when it runs.

import type { Command } from 'commander';
import { helpExample, type CommandContext } from './command-context.js';
import { commandModules } from './command-modules.js';
import { DEFAULT_DATA_DIR } from './data-dir.js';
import type { ServeOptions } from './serve-command.js';

/** `recap serve` */
export function registerServeCommand(program: Command, { io, exit }: CommandContext): void {
  program
    .command('serve')
    .description('run the HTTP server API (users, events, batches, profiles, sessions, summaries)')
    .option('--port <n>', 'port (0 picks a free one)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data-dir <dir>', 'SQLite databases na1.db and eu1.db (unless RECAP_NA1_DATABASE_URL / RECAP_EU1_DATABASE_URL)', DEFAULT_DATA_DIR)
    .option('--app-url <url>', 'base address of the web application, for session links', 'http://localhost:8080')
    .option('--retention-days <n>', 'property and event names unseen this long stop counting against the limits', '90')
    .option('--provider <provider>', 'model for summaries: gemini | openai | extractive | replay (default: gemini with a Gemini key, else openai with OPENAI_BASE_URL or OPENAI_API_KEY, else extractive)')
    .option('--model <model>', "model for profiles that name none (default: the provider's)")
    .option('--base-url <url>', "the provider's API address")
    .option('--summary-cache <on|off>', 'answer identical summary requests from the cache', 'on')
    .option('--model-concurrency <n>', 'model calls at once; more wait in a queue', '8')
    .option('--model-timeout-ms <n>', 'longest wait for a model slot and its answer, per request', '60000')
    .option('--job-lease-ms <n>', "how long a batch job stays an instance's without a heartbeat: a crashed instance's job is taken over after this", '30000')
    .option('--key-lease-ms <n>', 'how long an executing request holds its Idempotency-Key, and an instance asking the model holds that summary, without a heartbeat: after a crash, free for another after this', '30000')
    .option('--drain-ms <n>', 'on SIGTERM or SIGINT, how long /readyz answers 503 while requests are still served, before the listener closes', '5000')
    .addHelpText('after', helpExample('recap serve --port 8080', 'recap serve --port 0 --data-dir /var/lib/recap'))
    .action(async (options: ServeOptions) => {
      const { serveCommand } = await commandModules.serve();
      exit.code = await serveCommand(options, io);
    });
}
