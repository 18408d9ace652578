// The setups (profile, provider, model, privacy rules: each line's `run`) that made the results a
// report shows, so that a report of several profiles' results says so rather than read as one run.

import type { LineRun, ResultLine } from '../result-line.js';

/**
 * One setup of a report's results: what its lines' `run` records, and how many sessions' last
 * lines it made.
 *
 * @category Reports
 */
export interface ReportSetup {
  /** The profile as the run named it (the first line's name when it moved: the same bytes are the same setup). */
  readonly profile: string;
  readonly profile_sha256: string;
  readonly provider: string;
  readonly model: string;
  /** The privacy rules' SHA-256, null without rules; absent when the lines do not record it. */
  readonly privacy_sha256?: string | null;
  readonly sessions: number;
}

/** Lines made alike have the same key: the profile's bytes, provider, model and privacy rules. */
export function setupKey(run: LineRun): string {
  return JSON.stringify([run.profile_sha256, run.provider, run.model, run.privacy_sha256 ?? null]);
}

/** The setups of `lines` (lines that record none are left out), in the order first met. */
export function collectSetups(lines: Iterable<ResultLine>): ReportSetup[] {
  const byKey = new Map<string, { run: LineRun; sessions: number }>();
  for (const line of lines) {
    if (line.run === undefined) continue;
    const key = setupKey(line.run);
    const setup = byKey.get(key) ?? { run: line.run, sessions: 0 };
    setup.sessions++;
    byKey.set(key, setup);
  }
  return [...byKey.values()].map(({ run, sessions }) => ({
    profile: run.profile,
    profile_sha256: run.profile_sha256,
    provider: run.provider,
    model: run.model,
    ...(run.privacy_sha256 === undefined ? {} : { privacy_sha256: run.privacy_sha256 }),
    sessions,
  }));
}

/**
 * Each setup in words, `profiles/a.yaml on gemini/gemini-2.5-flash`; setups that would read
 * alike (an edited profile, other privacy rules) also name the hashes that tell them apart.
 */
export function setupLabels(setups: readonly ReportSetup[]): string[] {
  const words = setups.map((setup) => `${setup.profile} on ${setup.provider}/${setup.model}`);
  return setups.map((setup, index) => {
    const own = words[index] as string;
    if (words.filter((other) => other === own).length === 1) return own;
    const privacy = setup.privacy_sha256 == null ? 'no privacy rules' : `privacy rules sha256 ${setup.privacy_sha256.slice(0, 12)}…`;
    return `${own} (profile sha256 ${setup.profile_sha256.slice(0, 12)}…, ${privacy})`;
  });
}
