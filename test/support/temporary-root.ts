import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Vitest's global setup: every temporary file of a test run lives under one folder, removed when
 * the run ends. The tests and the processes they start (servers, the CLI, tmux, Chromium) take
 * their temporary folders from `os.tmpdir()`, which reads `TMPDIR`; the workers are started after
 * this setup and inherit it. A run that is killed leaves its one folder behind, named by the run.
 */
export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'recap-test-run-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
