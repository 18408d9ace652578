// The privacy rules `recap report` reads the sessions under: `--privacy FILE`, else the rules the
// results were made under, found where `recap run` found them (`privacy.yaml` next to the profile
// a line names). A report never shows unredacted what its run protected: rules it cannot find stop it.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResultLine } from '../batch/result-line.js';
import { loadPrivacyRules, PRIVACY_FILE_NAME, type LoadedPrivacyRules } from '../privacy/load-privacy-rules.js';
import { UsageError } from './usage-error.js';

/** A results line and where its results file is. */
export interface ReportedLine {
  readonly line: ResultLine;
  /** The folder of the results file that holds it (absolute). */
  readonly base: string;
  /** The results file as the command names it. */
  readonly source: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A line of `recap run` made under rules: a server's lines record no folder, name no file the report reads, and their profile is a stored one. */
const madeUnderRules = (reported: ReportedLine): boolean => typeof reported.line.run?.privacy_sha256 === 'string' && reported.line.run.cwd !== undefined;

/**
 * The rules file a line's run applied without `--privacy`: `privacy.yaml` next to its profile, as
 * the profile was named from where the run ran (`run.cwd`, from the results file's folder).
 */
function besideProfile(reported: ReportedLine): string {
  const run = reported.line.run;
  return path.join(path.dirname(path.resolve(reported.base, run?.cwd ?? '.', run?.profile ?? '.')), PRIVACY_FILE_NAME);
}

/**
 * The rules of the report: `explicit` when given; else, when the lines were made under privacy
 * rules, those rules, from the `privacy.yaml` their runs applied, when its bytes are still the ones
 * the lines record (`run.privacy_sha256`); else none.
 *
 * @throws UsageError when lines were made under rules the report cannot find or that changed since,
 *   or under several rules at once: `--privacy` must name them.
 * @throws PrivacyRulesError when the rules cannot be read or compiled.
 */
export async function reportPrivacyRules(explicit: string | undefined, lines: Iterable<ReportedLine>, cwd: string): Promise<LoadedPrivacyRules | undefined> {
  if (explicit !== undefined) return loadPrivacyRules(cwd, '.', explicit);
  const guarded = [...lines].filter(madeUnderRules);
  if (guarded.length === 0) return undefined;
  // The rules file of each setup, by its bytes' SHA-256; each file is read once (a results file may hold 200,000 lines).
  const found = new Map<string, string>();
  const hashes = new Map<string, string | undefined>();
  for (const reported of guarded) {
    const recorded = reported.line.run?.privacy_sha256 as string;
    const file = besideProfile(reported);
    if (!hashes.has(file)) hashes.set(file, await readFile(file).then(sha256, () => undefined));
    const hash = hashes.get(file);
    if (hash !== recorded) {
      const why = hash === undefined ? `are not at ${path.relative(cwd, file)}, next to the profile` : `differ from ${path.relative(cwd, file)}, next to the profile (edited since, or the run named others)`;
      throw unknownRules(reported, recorded, guarded.length, why);
    }
    found.set(recorded, file);
  }
  if (found.size > 1) {
    const first = guarded[0] as ReportedLine;
    const files = [...found.values()].map((file) => path.relative(cwd, file)).join(', ');
    throw unknownRules(first, first.line.run?.privacy_sha256 as string, guarded.length, `differ from line to line (${files}): one report reads all its sessions under one set of rules`);
  }
  const [file] = found.values();
  return loadPrivacyRules(cwd, '.', path.relative(cwd, file as string));
}

function unknownRules(reported: ReportedLine, sha: string, sessions: number, why: string): UsageError {
  return new UsageError(
    `${reported.source}: ${sessions} session(s) were summarized under privacy rules (sha256 ${sha.slice(0, 12)}…) that ${why}; ` +
      'name them with --privacy FILE, so that the report shows the sessions as the rules leave them (a file without rules shows them as recorded)',
  );
}
