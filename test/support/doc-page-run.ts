// Runs the blocks of one documentation page, in order, in one folder: sh blocks with bash (the
// variables a block sets, its functions and its working directory carry over to the page's later
// blocks), js
// blocks as .mjs files with node. Each block runs in its own process group, so that what it leaves
// running in the background is stopped when the page ends. A block that talks to
// `localhost:8080` gets the page's server, started on a free port the first time one needs it.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BlockOutcome, DocBlock } from './doc-blocks.js';

/** A server the page's blocks reach as `localhost:8080`. */
export interface PageServer {
  /** `127.0.0.1:41234`: what `localhost:8080` becomes in a block. */
  readonly address: string;
  stop(): Promise<void>;
}

export interface PageRunOptions {
  /** The folder blocks run in. */
  readonly directory: string;
  /** A folder for the runner's own files (scripts, outputs, shell state), outside `directory`. */
  readonly scratch: string;
  /** The whole environment of every block (nothing is inherited). */
  readonly env: Readonly<Record<string, string>>;
  readonly blockTimeoutMs: number;
  /** Starts the page's server; called once, before the first block that mentions localhost:8080. */
  readonly startServer?: () => Promise<PageServer>;
}

export const SERVER_PLACEHOLDER = 'localhost:8080';

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function signalGroup(processGroup: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-processGroup, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

function groupAlive(processGroup: number): boolean {
  try {
    process.kill(-processGroup, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops every process of a group: SIGTERM, then SIGKILL for what is still there after a grace period. */
export async function stopProcessGroup(processGroup: number, graceMs = 3000): Promise<void> {
  if (!signalGroup(processGroup, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (groupAlive(processGroup) && Date.now() < deadline) await wait(50);
  signalGroup(processGroup, 'SIGKILL');
}

export class PageRun {
  private readonly groups: number[] = [];
  private server: Promise<PageServer> | undefined;
  private readonly state: string;

  constructor(private readonly options: PageRunOptions) {
    this.state = path.join(options.scratch, 'shell-state.sh');
  }

  async run(block: DocBlock): Promise<BlockOutcome> {
    let code = block.code;
    if (code.includes(SERVER_PLACEHOLDER)) {
      if (this.options.startServer === undefined) throw new Error(`${block.page}:${block.line}: this block needs a server and the page has none`);
      this.server ??= this.options.startServer();
      let server: PageServer;
      try {
        server = await this.server;
      } catch (error) {
        throw new Error(`${block.page}:${block.line}: the page's server did not start: ${error instanceof Error ? error.message : String(error)}`);
      }
      code = code.replaceAll(SERVER_PLACEHOLDER, server.address);
    }
    const name = `${block.page.replace(/[^A-Za-z0-9.-]/g, '_')}-${block.line}`;
    if (block.language === 'js') {
      // Beside the page's node_modules, so that `import ... from 'recap'` resolves.
      const file = path.join(this.options.directory, `.doc-block-${name}.mjs`);
      writeFileSync(file, code);
      try {
        return await this.spawn('node', [file]);
      } finally {
        rmSync(file, { force: true });
      }
    }
    const script = path.join(this.options.scratch, `${name}.sh`);
    writeFileSync(
      script,
      [
        `trap '__doc_status=$?; { export -p; declare -f; printf "cd -- %q\\n" "$PWD"; } > ${quote(this.state)}; exit $__doc_status' EXIT`,
        `if [ -f ${quote(this.state)} ]; then . ${quote(this.state)}; fi`,
        'set -a',
        code,
      ].join('\n'),
    );
    return this.spawn('bash', ['-e', '-o', 'pipefail', script]);
  }

  private spawn(command: string, args: readonly string[]): Promise<BlockOutcome> {
    const outputFile = path.join(this.options.scratch, `output-${this.groups.length}.txt`);
    const output = openSync(outputFile, 'w');
    return new Promise<BlockOutcome>((resolve, reject) => {
      // One file for stdout and stderr keeps them in the order they were written; a file rather
      // than a pipe, so that a background process that keeps it open does not hold the block.
      const child = spawn(command, args, {
        cwd: this.options.directory,
        env: this.options.env,
        stdio: ['ignore', output, output],
        detached: true,
      });
      closeSync(output);
      if (child.pid !== undefined) this.groups.push(child.pid);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      }, this.options.blockTimeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('exit', (status) => {
        clearTimeout(timer);
        const text = existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '';
        resolve(timedOut ? { status: undefined, output: text, timedOutAfterMs: this.options.blockTimeoutMs } : { status: status ?? undefined, output: text });
      });
    });
  }

  /** Stops what the page's blocks left running, and the page's server. */
  async close(): Promise<void> {
    await Promise.all(this.groups.map((group) => stopProcessGroup(group)));
    if (this.server !== undefined) await (await this.server.catch(() => undefined))?.stop();
  }
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
