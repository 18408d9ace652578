// `recap validate <profile.yaml>... [--privacy FILE]`: check profiles, and the privacy rules `recap
// run` would apply to them (FILE's, else a `privacy.yaml` beside each), print file:line:col for every problem. A rules file given among the profiles
// (`profiles/*.yaml` holds `profiles/privacy.yaml` after `recap init`) is checked as rules.

import path from 'node:path';
import { formatProfileIssue, ProfileValidationError, type ProfileIssue } from '../profile/profile-error.js';
import { readProfileText, safeParseProfileLazily } from '../profile/load-profile.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK } from './exit-codes.js';
import { checkRulesFile, isPrivacyRulesFile, privacyOfProfile, type PrivacyCheck } from './validate-privacy.js';
import { terminalJson } from './terminal-json.js';

export interface ValidateOptions {
  readonly json?: boolean;
  /** Rules every profile is checked with instead of the `privacy.yaml` beside it, as `recap run --privacy FILE` applies them. */
  readonly privacy?: string;
}

interface FileReport {
  file: string;
  kind: 'profile' | 'privacy_rules';
  valid: boolean;
  errors: ProfileIssue[];
  warnings: ProfileIssue[];
  /** For a profile: the privacy rules `recap run` applies to it, when there are any. */
  privacy?: PrivacyCheck;
}

async function validateProfile(file: string, cwd: string): Promise<Omit<FileReport, 'file' | 'kind' | 'privacy'>> {
  try {
    const result = await safeParseProfileLazily(await readProfileText(path.resolve(cwd, file), { source: file }), { source: file });
    if (result.success) return { valid: true, errors: [], warnings: [...result.warnings] };
    return { valid: false, errors: [...result.error.issues], warnings: [...result.warnings] };
  } catch (error) {
    if (!(error instanceof ProfileValidationError)) throw error;
    return { valid: false, errors: [...error.issues], warnings: [] };
  }
}

async function validateFile(file: string, cwd: string, privacyCache: Map<string, Promise<PrivacyCheck | undefined>>, explicitRules: string | undefined): Promise<FileReport> {
  if (isPrivacyRulesFile(file)) {
    const rules = await checkRulesFile(file, cwd);
    return { file, kind: 'privacy_rules', valid: rules.valid, errors: [...rules.errors], warnings: [...rules.warnings] };
  }
  const profile = await validateProfile(file, cwd);
  // A profile is only as usable as its rules: `recap run` and `recap test` stop on rules that do not load.
  const privacy = await privacyOfProfile(file, cwd, privacyCache, explicitRules);
  const report: FileReport = { file, kind: 'profile', ...profile };
  return privacy === undefined ? report : { ...report, valid: profile.valid && privacy.valid, privacy };
}

/** `1 of 3 profile(s) invalid (1 by the privacy rules beside it)`, and the rules files given, if any. */
function countLine(reports: readonly FileReport[], explicitRules: string | undefined): string {
  const profiles = reports.filter((report) => report.kind === 'profile');
  const rulesFiles = reports.filter((report) => report.kind === 'privacy_rules');
  const parts: string[] = [];
  if (profiles.length > 0) {
    const failed = profiles.filter((report) => !report.valid);
    const byRules = failed.filter((report) => report.privacy?.valid === false).length;
    const rules = explicitRules === undefined ? 'the privacy rules beside it' : `the privacy rules of --privacy ${explicitRules}`;
    parts.push(`${failed.length} of ${profiles.length} profile(s) invalid${byRules === 0 ? '' : ` (${byRules} by ${rules})`}`);
  }
  if (rulesFiles.length > 0) parts.push(`${rulesFiles.filter((report) => !report.valid).length} of ${rulesFiles.length} privacy rules file(s) invalid`);
  return parts.join(', ');
}

/** Validates every file; exit 1 when any is invalid. */
export async function validateCommand(files: readonly string[], options: ValidateOptions, io: CliIo): Promise<number> {
  const reports: FileReport[] = [];
  const privacyCache = new Map<string, Promise<PrivacyCheck | undefined>>();
  for (const file of files) reports.push(await validateFile(file, io.cwd, privacyCache, options.privacy));
  const failed = reports.filter((report) => !report.valid).length;
  if (options.json === true) {
    io.stdout.write(`${terminalJson({ valid: failed === 0, files: reports }, 2)}\n`);
    return failed === 0 ? EXIT_OK : EXIT_FAILED;
  }
  // Rules shared by several profiles (or also given themselves) are reported once.
  const rulesReported = new Set<string>();
  const reportRules = (file: string, errors: readonly ProfileIssue[]): void => {
    const key = path.resolve(io.cwd, file);
    if (rulesReported.has(key)) return;
    rulesReported.add(key);
    for (const issue of errors) io.stderr.write(`${formatProfileIssue(issue, file)}\n`);
  };
  for (const report of reports) {
    if (report.kind === 'privacy_rules') reportRules(report.file, report.errors);
    else for (const issue of report.errors) io.stderr.write(`${formatProfileIssue(issue, report.file)}\n`);
    for (const issue of report.warnings) io.stderr.write(`${formatProfileIssue({ ...issue, message: `warning: ${issue.message}` }, report.file)}\n`);
    if (report.privacy?.valid === false) {
      reportRules(report.privacy.file, report.privacy.errors);
      io.stderr.write(`${report.file}: invalid: recap run and recap test stop on its privacy rules (${report.privacy.file})\n`);
    }
    if (report.valid) io.stdout.write(`${report.file}: ${report.kind === 'privacy_rules' ? 'valid privacy rules' : 'valid'}\n`);
  }
  if (failed > 0) io.stderr.write(`${countLine(reports, options.privacy)}\n`);
  return failed === 0 ? EXIT_OK : EXIT_FAILED;
}
