import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runStudio } from './run-studio.js';

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

describe('runStudio', () => {
  it('exits 2 before drawing anything when a folder is missing or holds nothing to open', async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'recap-run-studio-'));
    mkdirSync(path.join(directory, 'profiles'));
    writeFileSync(path.join(directory, 'profiles', 'notes.txt'), 'not a profile');
    let stderr = '';
    let stdout = '';
    const code = await runStudio({
      cwd: directory,
      profilesFolder: 'profiles',
      sessionsFolder: 'recordings',
      env: {},
      stdin: process.stdin,
      stdout: { write: (text: string) => ((stdout += text), true) } as unknown as NodeJS.WriteStream,
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code).toBe(2);
    expect(stderr).toContain('profiles: no profiles (*.yaml) in it (choose another folder with --profiles DIR)');
    expect(stderr).toContain('recordings: no such folder (choose another with --sessions DIR)');
    expect(stdout).toBe('');
  });
});
