// The privacy side of `recap validate`: the rules `recap run` would apply to a profile (a profile
// whose rules do not load cannot be run, so it is not valid), and rules files given among profiles.

import path from 'node:path';
import type { ProfileIssue } from '../profile/profile-error.js';
import { loadPrivacyRules, PRIVACY_FILE_NAME } from '../privacy/load-privacy-rules.js';
import { PrivacyRulesError } from '../privacy/privacy-rules-error.js';

/** As load-privacy-rules reads a folder: a file so named is privacy rules, never a profile (`profiles/*.yaml` after `recap init`). */
const RULES_FILE_NAME = /^privacy\.(?:ya?ml|json)$/i;

/** True for `privacy.yaml`, `privacy.yml`, `privacy.json` (any case): a privacy rules file, not a profile. */
export function isPrivacyRulesFile(file: string): boolean {
  return RULES_FILE_NAME.test(path.basename(file));
}

/** Privacy rules as checked: the file (as the user would name it) and its problems. */
export interface PrivacyCheck {
  readonly file: string;
  readonly valid: boolean;
  readonly errors: readonly ProfileIssue[];
}

/** Runs `load`; a PrivacyRulesError becomes the problems of its file, any other error is thrown. */
async function check(load: () => Promise<{ file: string } | undefined>): Promise<PrivacyCheck | undefined> {
  try {
    const loaded = await load();
    return loaded === undefined ? undefined : { file: loaded.file, valid: true, errors: [] };
  } catch (error) {
    if (!(error instanceof PrivacyRulesError)) throw error;
    return { file: error.file ?? '<privacy rules>', valid: false, errors: [...error.issues] };
  }
}

/**
 * The rules `recap run <file> [--privacy explicit]` would apply (`explicit`, else a `privacy.yaml`
 * beside it), checked once per folder (or once, for `explicit`) through `cache`; undefined when
 * there are none.
 */
export function privacyOfProfile(file: string, cwd: string, cache: Map<string, Promise<PrivacyCheck | undefined>>, explicit?: string): Promise<PrivacyCheck | undefined> {
  // A key no folder can have: the explicit file is the same rules for every profile.
  const key = explicit === undefined ? path.resolve(cwd, path.dirname(file)) : `\0${explicit}`;
  let checked = cache.get(key);
  if (checked === undefined) {
    checked = check(() => loadPrivacyRules(cwd, file, explicit));
    cache.set(key, checked);
  }
  return checked;
}

/** A rules file given to `recap validate`, checked as `--privacy` would read it; a warning when no command would find it by itself. */
export async function checkRulesFile(file: string, cwd: string): Promise<PrivacyCheck & { readonly warnings: readonly ProfileIssue[] }> {
  const checked = (await check(() => loadPrivacyRules(cwd, file, file))) as PrivacyCheck;
  const warnings =
    path.basename(file) === PRIVACY_FILE_NAME
      ? []
      : [{ path: '', line: 1, column: 1, message: `recap applies ${PRIVACY_FILE_NAME} next to a profile, not ${path.basename(file)}: rename it to ${PRIVACY_FILE_NAME}, or name it with --privacy` }];
  return { ...checked, file, warnings };
}
