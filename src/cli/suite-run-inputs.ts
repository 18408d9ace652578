// What `recap test` reads and writes, so that its --output report lands on none of it.

import path from 'node:path';
import { cassetteDirectory } from '../suite/cassette-model.js';
import type { LoadedSuite } from '../suite/load-suites.js';
import { snapshotDirectory } from '../suite/snapshot-store.js';
import type { RunInput } from './report-output-problem.js';

/** Suites, their profiles, privacy rules and fixtures, their cassette and snapshot folders, and the price table. */
export function runInputs(suites: readonly LoadedSuite[], pricesFile: string | undefined, privacyFiles: readonly string[] = []): RunInput[] {
  const inputs: RunInput[] = [];
  for (const loaded of suites) {
    const directory = path.dirname(loaded.file);
    inputs.push({ path: loaded.file, role: `the suite ${loaded.displayFile}` });
    inputs.push({ path: loaded.profileFile, role: `the profile of ${loaded.displayFile}` });
    for (const session of loaded.sessions.keys()) inputs.push({ path: path.resolve(directory, session), role: `a session fixture of ${loaded.displayFile}` });
    inputs.push({ path: cassetteDirectory(loaded.file), role: `the cassettes folder of ${loaded.displayFile}`, folder: true });
    inputs.push({ path: snapshotDirectory(loaded.file), role: `the snapshots folder of ${loaded.displayFile}`, folder: true });
  }
  if (pricesFile !== undefined) inputs.push({ path: pricesFile, role: 'the price table (--prices)' });
  for (const file of privacyFiles) inputs.push({ path: file, role: 'privacy rules the run applies' });
  return inputs;
}
