// `recap serve`: the HTTP server API.

import type { Command } from 'commander';
import path from 'node:path';
import { isProvider } from '../models/create-model.js';
import type { Provider } from '../models/summary-model.js';
import { helpExample, type CommandContext } from './command-context.js';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.js';

export interface ServeOptions {
  readonly port: string;
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly summaryCache: string;
  readonly modelConcurrency: string;
  readonly modelTimeoutMs: string;
  readonly host: string;
  readonly dataDir: string;
  readonly appUrl: string;
  readonly retentionDays: string;
}

export const DEFAULT_DATA_DIR = '.recap/data';

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
    .option('--provider <provider>', 'model for summaries: gemini | openai | extractive | replay (default: gemini with a key, else extractive)')
    .option('--model <model>', "model for profiles that name none (default: the provider's)")
    .option('--base-url <url>', "the provider's API address")
    .option('--summary-cache <on|off>', 'answer identical summary requests from the cache', 'on')
    .option('--model-concurrency <n>', 'model calls at once; more wait in a queue', '8')
    .option('--model-timeout-ms <n>', 'longest wait for a model slot and its answer, per request', '60000')
    .addHelpText('after', helpExample('recap serve --port 8080', 'recap serve --port 0 --data-dir /var/lib/recap'))
    .action(async (options: ServeOptions) => {
      const port = Number(options.port);
      const retentionDays = Number(options.retentionDays);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) {
        io.stderr.write(`--port: expected 0..65535, got ${options.port}\n`);
        exit.code = EXIT_USAGE;
        return;
      }
      if (!Number.isFinite(retentionDays) || retentionDays <= 0) {
        io.stderr.write(`--retention-days: expected a positive number, got ${options.retentionDays}\n`);
        exit.code = EXIT_USAGE;
        return;
      }
      const concurrency = Number(options.modelConcurrency);
      const timeoutMs = Number(options.modelTimeoutMs);
      const problems = [
        options.provider !== undefined && !isProvider(options.provider) ? `--provider: expected gemini, openai, extractive or replay, got "${options.provider}"` : undefined,
        !['on', 'off'].includes(options.summaryCache) ? `--summary-cache: expected on or off, got "${options.summaryCache}"` : undefined,
        !(Number.isInteger(concurrency) && concurrency >= 1) ? `--model-concurrency: expected a positive integer, got "${options.modelConcurrency}"` : undefined,
        !(Number.isInteger(timeoutMs) && timeoutMs >= 1) ? `--model-timeout-ms: expected a positive integer, got "${options.modelTimeoutMs}"` : undefined,
      ].filter((problem): problem is string => problem !== undefined);
      if (problems.length > 0) {
        io.stderr.write(`${problems.join('\n')}\n`);
        exit.code = EXIT_USAGE;
        return;
      }
      const { startServer } = await import('../server/start-server.js');
      const server = await startServer({
        port,
        host: options.host,
        dataDir: path.resolve(io.cwd, options.dataDir),
        appUrl: options.appUrl,
        retentionDays,
        provider: options.provider as Provider | undefined,
        model: options.model,
        baseUrl: options.baseUrl,
        summaryCache: options.summaryCache === 'on',
        modelConcurrency: concurrency,
        modelTimeoutMs: timeoutMs,
        env: io.env,
        logger: (line) => void io.stdout.write(`${JSON.stringify(line)}\n`),
      });
      io.stdout.write(`listening on ${server.url}\n`);
      io.stderr.write(`summaries with ${server.model}${server.model.startsWith('extractive/') ? ' (rule-based, offline; set GEMINI_API_KEY or pass --provider for a language model)' : ''}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
          void server.close().then(resolve);
        };
        process.on('SIGTERM', stop);
        process.on('SIGINT', stop);
      });
      exit.code = EXIT_OK;
    });
}
