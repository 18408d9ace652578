// A temporary project with a profile, a fixture and suites, for end-to-end tests of `recap test`.

import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testCommand, type TestOptions } from '../../src/cli/test-command.js';
import type { RunSuitesOptions } from '../../src/suite/run-suites.js';

export const FIXTURE = {
  id: 'u-1:s-1',
  user: { uid: 'alice', email: 'alice@example.com' },
  device: { type: 'desktop' },
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://shop.example/checkout', title: 'Checkout' },
    { type: 'click', timestamp: '2026-03-01T10:00:03.000Z', target: { selector: 'button#apply', text: 'Apply coupon' } },
    { type: 'network-error', timestamp: '2026-03-01T10:00:03.500Z', method: 'POST', url: 'https://shop.example/api/coupon', status: 500 },
    { type: 'rage-click', timestamp: '2026-03-01T10:00:06.000Z', target: { selector: 'button#apply', text: 'Apply coupon' }, count: 4 },
  ],
};

export const PLAIN_PROFILE = 'llm:\n  pre_prompt: Summarise the session.\ncontext:\n  exclude: [user]\n';
export const STRUCTURED_PROFILE = `llm:
  temperature: 0.2
  response_schema:
    type: OBJECT
    properties:
      outcome: { type: STRING, enum: [completed, abandoned] }
      friction: { type: ARRAY, items: { type: STRING } }
    required: [outcome, friction]
`;

export interface Workspace {
  readonly directory: string;
  write(file: string, text: string): Promise<void>;
  cassettes(): Promise<string[]>;
  /** Runs `recap test ...paths` there; output captured. */
  run(
    paths: readonly string[],
    options?: TestOptions,
    env?: Record<string, string>,
    extras?: Pick<RunSuitesOptions, 'createModel' | 'retry' | 'now' | 'clock'>,
  ): Promise<{ code: number; stdout: string; stderr: string }>;
}

export async function createWorkspace(files: Record<string, string> = {}): Promise<Workspace> {
  const directory = await mkdtemp(path.join(tmpdir(), 'recap-suite-'));
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), text);
  };
  await write('session.json', JSON.stringify(FIXTURE));
  await write('plain.yaml', PLAIN_PROFILE);
  await write('structured.yaml', STRUCTURED_PROFILE);
  for (const [file, text] of Object.entries(files)) await write(file, text);
  return {
    directory,
    write,
    async cassettes() {
      return readdir(path.join(directory, '.recap', 'cassettes')).catch(() => []);
    },
    async run(paths, options = {}, env = {}, extras = {}) {
      let stdout = '';
      let stderr = '';
      const code = await testCommand(
        paths,
        options,
        { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env, cwd: directory },
        extras,
      );
      return { code, stdout, stderr };
    },
  };
}
