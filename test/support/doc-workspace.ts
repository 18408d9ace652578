// The folder a documentation page's blocks run in: copies of the repository's example data, and a
// node_modules that makes `npx recap` the built CLI of this checkout and `import 'recap'` its
// library. Also the page's server: the real `recap serve --port 0`, started in that folder.

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcessGroup, type PageServer } from './doc-page-run.js';

export const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Copied into every page's folder. */
export const EXAMPLE_DATA = ['profiles', 'sessions-fixtures', 'suites', 'schemas', 'recordings'] as const;
/** Linked into every page's folder (run, never written to): the stand-in runner and its support. */
export const LINKED = ['scripts'] as const;
/** `node_modules/.bin` entries besides `recap`, linked to the repository's own. */
export const BIN_ENTRIES = ['tsx', 'yaml'] as const;

export interface DocWorkspace {
  /** Where the blocks run. */
  readonly directory: string;
  /** The runner's own files. */
  readonly scratch: string;
  readonly env: Readonly<Record<string, string>>;
  remove(): void;
}

export function createDocWorkspace(repository = REPOSITORY): DocWorkspace {
  const root = mkdtempSync(path.join(tmpdir(), 'recap-docs-'));
  const directory = path.join(root, 'work');
  const scratch = path.join(root, 'runner');
  const home = path.join(root, 'home');
  const temporary = path.join(root, 'tmp');
  for (const folder of [directory, scratch, home, temporary]) mkdirSync(folder);
  for (const name of EXAMPLE_DATA) {
    if (existsSync(path.join(repository, name))) cpSync(path.join(repository, name), path.join(directory, name), { recursive: true });
  }
  for (const name of LINKED) symlinkSync(path.join(repository, name), path.join(directory, name));
  const bin = path.join(directory, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  symlinkSync(repository, path.join(directory, 'node_modules', 'recap'));
  symlinkSync(path.join(repository, 'bin', 'recap.js'), path.join(bin, 'recap'));
  for (const name of BIN_ENTRIES) symlinkSync(path.join(repository, 'node_modules', '.bin', name), path.join(bin, name));
  const env: Record<string, string> = {
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'}`,
    HOME: home,
    TMPDIR: temporary,
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    // No block may reach the network: npm and npx only use what is on this machine (npx runs the
    // local bin; `npm install` in a project made by `recap init` links this checkout), and a
    // command that would download something fails instead.
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return { directory, scratch, env, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** `recap serve --port 0 --drain-ms 0` (the built CLI) in the page's folder, with its default --data-dir. */
export function startDocServer(workspace: DocWorkspace, timeoutMs = 30_000): Promise<PageServer> {
  return new Promise<PageServer>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(workspace.directory, 'node_modules', '.bin', 'recap'), 'serve', '--port', '0', '--drain-ms', '0'], {
      cwd: workspace.directory,
      env: workspace.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let listening = false;
    const stop = async () => {
      if (child.pid !== undefined && child.exitCode === null) await stopProcessGroup(child.pid, 5000);
    };
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no "listening on" line within ${timeoutMs / 1000} s; it printed:\n${output}`));
    }, timeoutMs);
    // After the line, the output is still read (the server logs one JSON line per request) and dropped.
    const collect = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString('utf8');
      const match = /listening on http:\/\/(\S+)/.exec(output);
      if (match === null) return;
      listening = true;
      clearTimeout(timer);
      resolve({ address: match[1] as string, stop });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', (chunk: Buffer) => {
      if (!listening) output += chunk.toString('utf8');
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`recap serve exited with ${code ?? 'a signal'} before listening:\n${output}`));
    });
  });
}
