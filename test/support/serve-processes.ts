// Real `recap serve` processes (the built CLI, as deployed) for tests of several instances and of
// crashes: start, kill -9, restart.

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(REPOSITORY, 'bin', 'recap.js');

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL: no cleanup at all, as a crash. Resolves once it is gone. */
  crash(): Promise<void>;
  /** SIGTERM, then waits for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export interface ServeOptions {
  readonly env: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
  readonly cwd: string;
}

/** `recap serve --port 0 --drain-ms 0 ...args` (a stop is prompt unless args set a drain), resolved once it listens. */
export function startServe(options: ServeOptions): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--drain-ms', '0', ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: options.cwd, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        resolve({
          url: match[1],
          child,
          output: () => output,
          async crash() {
            child.kill('SIGKILL');
            await exited;
          },
          async stop() {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`recap serve exited (${code}) before listening:\n${output}`)));
  });
}

/** The name `instance` holds batch job leases under (`lease_owner` in the jobs table; its /metrics). */
export async function runnerName(instance: ServeProcess): Promise<string> {
  const metrics = await (await fetch(`${instance.url}/metrics`)).text();
  const name = /^recap_instance_info\{job_runner="([^"]+)"\} 1$/m.exec(metrics)?.[1];
  if (name === undefined) throw new Error(`no recap_instance_info in the /metrics of ${instance.url}:\n${metrics}`);
  return name;
}

/** Polls `probe` every `intervalMs` until it returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 120_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
