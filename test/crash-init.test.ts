// `recap init` SIGKILLed at each of its writes (a real process of the built CLI, stopped by
// test/support/kill-at-write.cjs): no file is left half-written, and the next `recap init` finishes
// the project, as written by a run that was never stopped, rather than refuse the files the killed
// one wrote (or keep a package.json cut in half as the user's own).

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesMadeBy, crashFolder, filesUnder, runKilledAt } from './support/crash-harness.js';
import { runCli } from './support/run-cli.js';

/** The project an uninterrupted `recap init proj` writes, at the same depth (package.json names recap by a relative path). */
function reference(): Record<string, string> {
  const folder = crashFolder('init');
  const { run, changes } = changesMadeBy(['init', 'proj'], folder);
  expect(run.status).toBe(0);
  expect(changes.length).toBeGreaterThan(16);
  return filesUnder(path.join(folder, 'proj'));
}

describe('recap init killed at any write', () => {
  it('leaves each file whole or absent, and the next run finishes the project as an uninterrupted run writes it', async () => {
    const expected = reference();
    const { changes } = changesMadeBy(['init', 'proj'], crashFolder('count'));
    for (let at = 1; at <= changes.length; at++) {
      const folder = crashFolder('init');
      const killed = runKilledAt(['init', 'proj'], folder, at, 'torn');
      expect(killed.signal, `change ${at}: ${changes[at - 1]}`).toBe('SIGKILL');
      const project = path.join(folder, 'proj');
      for (const [file, text] of Object.entries(existsSync(project) ? filesUnder(project) : {})) {
        if (file in expected) expect(text, `change ${at}: ${file} is torn`).toBe(expected[file]);
      }
      const again = await runCli(['init', 'proj'], { cwd: folder });
      expect(again.stderr, `change ${at}: ${changes[at - 1]}`).toBe('');
      expect(again.code).toBe(0);
      // Nothing else: no temporary file, no marker.
      expect(filesUnder(project), `change ${at}: ${changes[at - 1]}`).toEqual(expected);
    }
  }, 120_000);

  it('after a kill, refuses a file that differs from what it writes, naming it and the marker of the stopped run', async () => {
    const folder = crashFolder('init');
    const { changes } = changesMadeBy(['init', 'proj'], crashFolder('count'));
    // Killed once the profile is in place.
    const at = changes.findIndex((change) => change.endsWith(' proj/profiles/privacy.yaml')) + 1;
    expect(runKilledAt(['init', 'proj'], folder, at, 'before').signal).toBe('SIGKILL');
    writeFileSync(path.join(folder, 'proj', 'profiles', 'session-summary.yaml'), 'llm: {}\n');
    const again = await runCli(['init', 'proj'], { cwd: folder });
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(
      'error: recap init would overwrite proj/profiles/session-summary.yaml; nothing was written\n' +
        'hint: an earlier recap init here was stopped part way (proj/.recap-init-unfinished); the files it wrote are finished by running it again, but these differ from what it writes: move them away, then run recap init again\n',
    );
  });
});
