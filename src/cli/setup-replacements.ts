// `recap report` keeps the last line of each session: when that line was made with another setup
// than the line it replaces (two profiles' results reported together), the earlier results would
// leave the report without a word. This counts such replacements for a warning, and words the
// warning for results of several setups side by side.

import type { ResultLine } from '../batch/result-line.js';
import { collectSetups, setupKey, setupLabels } from '../batch/report/report-setups.js';

/** Collects replacements across setups, and words them. */
export interface SetupReplacements {
  /** A later line of a session replaces an earlier one. */
  note(earlier: { line: ResultLine; source: string }, later: { line: ResultLine; source: string }): void;
  /** One warning per pair of results files and setups. */
  warnings(): string[];
}

/** The setup a line was made with, as a key and in words; undefined for lines that do not record it. */
function setupOf(line: ResultLine): { key: string; words: string; detail: string } | undefined {
  const run = line.run;
  if (run === undefined) return undefined;
  return {
    key: JSON.stringify([run.profile_sha256, run.provider, run.model, run.privacy_sha256 ?? null]),
    words: `${run.profile} on ${run.provider}/${run.model}`,
    detail: `profile sha256 ${run.profile_sha256.slice(0, 12)}…, privacy rules ${run.privacy_sha256 == null ? 'none' : `sha256 ${run.privacy_sha256.slice(0, 12)}…`}`,
  };
}

/** Counts the lines of one setup that a later line of another setup replaces. */
export function setupReplacements(): SetupReplacements {
  const pairs = new Map<string, { from: string; to: string; count: number }>();
  return {
    note(earlier: { line: ResultLine; source: string }, later: { line: ResultLine; source: string }): void {
      const before = setupOf(earlier.line);
      const after = setupOf(later.line);
      if (before === undefined || after === undefined || before.key === after.key) return;
      const [fromWords, toWords] = before.words === after.words ? [`${before.words}, ${before.detail}`, `${after.words}, ${after.detail}`] : [before.words, after.words];
      const from = `${earlier.source} (${fromWords})`;
      const to = `${later.source} (${toWords})`;
      const key = `${from}\n${to}`;
      const pair = pairs.get(key) ?? { from, to, count: 0 };
      pair.count++;
      pairs.set(key, pair);
    },
    warnings(): string[] {
      return [...pairs.values()].map(
        (pair) => `${pair.count} session(s) have results of different setups: the last line counts, so ${pair.to} replaces ${pair.from} for them; report each results file on its own to compare them`,
      );
    },
  };
}

/**
 * A warning when the sessions' last lines were made with more than one setup (two profiles'
 * results reported together): the report adds up results that do not compare. Names each setup,
 * its sessions and the results files that hold them.
 */
export function mixedSetupsWarning(entries: Iterable<{ line: ResultLine; source: string }>): string | undefined {
  const list = [...entries];
  const setups = collectSetups(list.map((entry) => entry.line));
  if (setups.length < 2) return undefined;
  const sources = new Map<string, Set<string>>();
  for (const { line, source } of list) {
    if (line.run === undefined) continue;
    const key = setupKey(line.run);
    sources.set(key, (sources.get(key) ?? new Set()).add(source));
  }
  const labels = setupLabels(setups);
  const parts = setups.map((setup, index) => `${labels[index] ?? ''} (${setup.sessions} session(s), in ${[...(sources.get(setupKey(setup)) ?? [])].join(', ')})`);
  return `the results mix ${setups.length} setups, which the report adds up as one: ${parts.join('; ')}; report each results file on its own to compare them`;
}
