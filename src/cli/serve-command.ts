// `recap serve`: checks the flags, starts the HTTP server API and serves until SIGTERM or SIGINT.

import path from 'node:path';
import { isProvider } from '../models/create-model.js';
import type { Provider } from '../models/summary-model.js';
import type { CliIo } from './cli-io.js';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { plainWholeNumber } from './plain-whole-number.js';
import { terminalJson } from './terminal-json.js';

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
  readonly jobLeaseMs: string;
  readonly keyLeaseMs: string;
  readonly drainMs: string;
}

/** The longest drain: a stop that waits longer is more likely a typo than a load balancer's need. */
const MAX_DRAIN_MS = 600_000;

/** Leases are renewed every third of their length: under 300 ms they would cost more than they guard. */
function leaseProblem(flag: string, value: string): string | undefined {
  const parsed = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  return parsed >= 300 && parsed <= 3_600_000 ? undefined : `${flag}: expected whole milliseconds from 300 to 3600000, got "${value}"`;
}

/** Retention in days: decimal digits with an optional fraction, above 0 (Number() would also read '1e2' and '0x10'). */
function retentionProblem(value: string): string | undefined {
  const days = /^([0-9]+(\.[0-9]*)?|\.[0-9]+)$/.test(value) ? Number(value) : Number.NaN;
  return Number.isFinite(days) && days > 0 ? undefined : `--retention-days: expected a positive number of days in decimal digits (such as 90 or 0.5), got "${value}"`;
}

/** The address session links start with: http(s), and nothing after the path that `/session/<id>` would land behind. */
function appUrlProblem(value: string): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const usable = url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' && !value.includes('?') && !value.includes('#');
  return usable ? undefined : `--app-url: expected an http or https address without a query or fragment (such as https://app.example.com), got "${value}"`;
}

/** Every problem with the flags, one line each. */
function flagProblems(options: ServeOptions): string[] {
  const port = plainWholeNumber(options.port) ?? Number.NaN;
  const concurrency = plainWholeNumber(options.modelConcurrency) ?? Number.NaN;
  const timeoutMs = plainWholeNumber(options.modelTimeoutMs) ?? Number.NaN;
  const drainMs = plainWholeNumber(options.drainMs) ?? Number.NaN;
  return [
    !(Number.isInteger(port) && port >= 0 && port <= 65_535) ? `--port: expected 0..65535, got ${options.port}` : undefined,
    retentionProblem(options.retentionDays),
    appUrlProblem(options.appUrl),
    options.provider !== undefined && !isProvider(options.provider) ? `--provider: expected gemini, openai, extractive or replay, got "${options.provider}"` : undefined,
    !['on', 'off'].includes(options.summaryCache) ? `--summary-cache: expected on or off, got "${options.summaryCache}"` : undefined,
    !(Number.isInteger(concurrency) && concurrency >= 1) ? `--model-concurrency: expected a positive integer, got "${options.modelConcurrency}"` : undefined,
    !(Number.isInteger(timeoutMs) && timeoutMs >= 1) ? `--model-timeout-ms: expected a positive integer, got "${options.modelTimeoutMs}"` : undefined,
    leaseProblem('--job-lease-ms', options.jobLeaseMs),
    leaseProblem('--key-lease-ms', options.keyLeaseMs),
    !(Number.isInteger(drainMs) && drainMs >= 0 && drainMs <= MAX_DRAIN_MS) ? `--drain-ms: expected whole milliseconds from 0 to ${MAX_DRAIN_MS}, got "${options.drainMs}"` : undefined,
  ].filter((problem): problem is string => problem !== undefined);
}

/** Serves until SIGTERM or SIGINT; returns the exit code. */
export async function serveCommand(options: ServeOptions, io: CliIo): Promise<number> {
  const problems = flagProblems(options);
  if (problems.length > 0) {
    io.stderr.write(`${problems.join('\n')}\n`);
    return EXIT_USAGE;
  }
  const { startServer } = await import('../server/start-server.js');
  const { StoreOpenError } = await import('../server/store/open-stores.js');
  const server = await startServer({
    port: Number(options.port),
    host: options.host,
    dataDir: path.resolve(io.cwd, options.dataDir),
    appUrl: options.appUrl,
    retentionDays: Number(options.retentionDays),
    provider: options.provider as Provider | undefined,
    model: options.model,
    baseUrl: options.baseUrl,
    summaryCache: options.summaryCache === 'on',
    modelConcurrency: Number(options.modelConcurrency),
    modelTimeoutMs: Number(options.modelTimeoutMs),
    jobLeaseMs: Number(options.jobLeaseMs),
    keyLeaseMs: Number(options.keyLeaseMs),
    drainMs: Number(options.drainMs),
    env: io.env,
    logger: (line) => void io.stdout.write(`${terminalJson(line)}\n`),
  }).catch((error: unknown) => {
    if (!(error instanceof StoreOpenError)) throw error;
    io.stderr.write(`error: ${error.message}\n`);
    return undefined;
  });
  if (server === undefined) return EXIT_USAGE;
  // Listening for the signals before saying so: a process manager may stop the server as soon as
  // it reads the line, and a signal without a listener would end the process at once. The
  // listeners go with the first signal, so that a second one does end it at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      void server.close().then(resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  io.stdout.write(`listening on ${server.url}\n`);
  io.stderr.write(`summaries with ${server.model}${server.model.startsWith('extractive/') ? ' (rule-based, offline; set GEMINI_API_KEY or pass --provider for a language model)' : ''}\n`);
  await stopped;
  return EXIT_OK;
}
