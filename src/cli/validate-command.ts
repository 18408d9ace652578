// `recap validate <profile.yaml>...`: check profiles, print file:line:col for every problem.

import path from 'node:path';
import { formatProfileIssue, ProfileValidationError } from '../profile/profile-error.js';
import { readProfileText, safeParseProfileLazily } from '../profile/load-profile.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK } from './exit-codes.js';

export interface ValidateOptions {
  readonly json?: boolean;
}

interface FileReport {
  file: string;
  valid: boolean;
  errors: { line: number; column: number; path: string; message: string }[];
  warnings: { line: number; column: number; path: string; message: string }[];
}

async function validateFile(file: string, cwd: string): Promise<FileReport> {
  try {
    const result = await safeParseProfileLazily(await readProfileText(path.resolve(cwd, file), { source: file }), { source: file });
    if (result.success) return { file, valid: true, errors: [], warnings: [...result.warnings] };
    return { file, valid: false, errors: [...result.error.issues], warnings: [...result.warnings] };
  } catch (error) {
    if (!(error instanceof ProfileValidationError)) throw error;
    return { file, valid: false, errors: [...error.issues], warnings: [] };
  }
}

/** Validates every file; exit 1 when any is invalid. */
export async function validateCommand(files: readonly string[], options: ValidateOptions, io: CliIo): Promise<number> {
  const reports: FileReport[] = [];
  for (const file of files) reports.push(await validateFile(file, io.cwd));
  const failed = reports.filter((report) => !report.valid).length;
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify({ valid: failed === 0, files: reports }, null, 2)}\n`);
    return failed === 0 ? EXIT_OK : EXIT_FAILED;
  }
  for (const report of reports) {
    for (const issue of report.errors) io.stderr.write(`${formatProfileIssue(issue, report.file)}\n`);
    for (const issue of report.warnings) io.stderr.write(`${formatProfileIssue({ ...issue, message: `warning: ${issue.message}` }, report.file)}\n`);
    if (report.valid) io.stdout.write(`${report.file}: valid\n`);
  }
  if (failed > 0) io.stderr.write(`${failed} of ${reports.length} profile(s) invalid\n`);
  return failed === 0 ? EXIT_OK : EXIT_FAILED;
}
