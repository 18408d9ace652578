// Where a command's privacy rules come from: `--privacy FILE` when given, else a `privacy.yaml`
// next to the profile, else none. A file that is named but cannot be read, or rules that do not
// compile, stop the command: a privacy rule is never silently skipped.

import { readlink as readlinkCallback } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import type { PrivacyRules } from './privacy-rules.js';
import { PrivacyRulesError } from './privacy-rules-error.js';
import { readFailure } from '../session/read-failure.js';
import { readUtf8File } from '../session/read-utf8-file.js';

// node:fs/promises would load Node's stream and readline modules with every command (start-up).
const readlink = promisify(readlinkCallback);

/** The file name looked for next to a profile. */
export const PRIVACY_FILE_NAME = 'privacy.yaml';

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
  const beside = path.join(path.dirname(profileFile), PRIVACY_FILE_NAME);
  return readRules(path.resolve(cwd, beside), beside, true);
}
