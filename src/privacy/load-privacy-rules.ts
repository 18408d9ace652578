// Where a command's privacy rules come from: `--privacy FILE` when given, else a `privacy.yaml`
// next to the profile, else none. A file that is named but cannot be read, rules that do not
// compile, or rules next to the profile under another name (`privacy.yml`) stop the command: a
// privacy rule is never silently skipped.

import { readdir as readdirCallback, readlink as readlinkCallback } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import type { PrivacyRules } from './privacy-rules.js';
import { PrivacyRulesError } from './privacy-rules-error.js';
import { readFailure } from '../session/read-failure.js';
import { readUtf8File } from '../session/read-utf8-file.js';

// node:fs/promises would load Node's stream and readline modules with every command (start-up).
const readlink = promisify(readlinkCallback);
const readdir = promisify(readdirCallback);

/** The file name looked for next to a profile. */
export const PRIVACY_FILE_NAME = 'privacy.yaml';

/** Names a rules file next to a profile may be given by someone who meant it to apply: `privacy.yml`, `privacy.json`, `Privacy.yaml`. */
const RULES_FILE_NAME = /^privacy\.(?:ya?ml|json)$/i;

/** The rules, and the file they came from (as the user would name it). */
export interface LoadedPrivacyRules {
  readonly rules: PrivacyRules;
  readonly file: string;
}

/** The rules of a file; undefined when `optional` and the file does not exist. */
async function readRules(absolute: string, shown: string, optional: boolean): Promise<LoadedPrivacyRules | undefined> {
  let text: string;
  try {
    // As profiles, fixtures and suites: not UTF-8 is refused (never read as U+FFFD), a BOM dropped.
    text = await readUtf8File(absolute);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    // A link whose target is gone is a file someone meant to apply, not the absence of one.
    const link = missing ? await readlink(absolute).catch(() => undefined) : undefined;
    if (missing && optional && link === undefined) return undefined;
    const problem = link !== undefined ? `it is a link to ${link}, which does not exist` : missing ? 'no such file' : readFailure(error);
    throw new PrivacyRulesError([{ path: '', line: 1, column: 1, message: `cannot read the privacy rules: ${problem}` }], shown);
  }
  // The compiler (zod, RE2, the CSS selector engine) loads only when there are rules to compile.
  const { parsePrivacyRules } = await import('./privacy-rules.js');
  return { rules: parsePrivacyRules(text, { source: shown }), file: shown };
}

/**
 * The rules for a command run with `profileFile` (paths relative to `cwd`).
 *
 * @throws {@link PrivacyRulesError} when the named file, or the `privacy.yaml` found, cannot be read or compiled.
 */
export async function loadPrivacyRules(cwd: string, profileFile: string, explicitFile?: string): Promise<LoadedPrivacyRules | undefined> {
  if (explicitFile !== undefined) return readRules(path.resolve(cwd, explicitFile), explicitFile, false);
  const folder = path.dirname(profileFile);
  const beside = path.join(folder, PRIVACY_FILE_NAME);
  const rules = await readRules(path.resolve(cwd, beside), beside, true);
  if (rules !== undefined) return rules;
  const other = await otherRulesFile(path.resolve(cwd, folder));
  if (other === undefined) return undefined;
  const shown = path.join(folder, other);
  throw new PrivacyRulesError(
    [{ path: '', line: 1, column: 1, message: `these privacy rules would not apply: recap applies ${PRIVACY_FILE_NAME} next to the profile; rename the file to ${PRIVACY_FILE_NAME}, or name it with --privacy ${shown}` }],
    shown,
  );
}

/** A file of `folder` named as privacy rules are but not `privacy.yaml` (see RULES_FILE_NAME), if any. */
async function otherRulesFile(folder: string): Promise<string | undefined> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.find((name) => name !== PRIVACY_FILE_NAME && RULES_FILE_NAME.test(name));
}
