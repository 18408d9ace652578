// `recap init [dir]`: start a recap project of one's own (a profile, fixtures, a suite, a CI
// workflow), then say what to run next. Writing nothing over existing files is src/init's job.

import path from 'node:path';
import { InitConflictError, InitTargetError } from '../init/init-error.js';
import { INIT_PROFILE } from '../init/init-files.js';
import { initProject, type InitResult } from '../init/init-project.js';
import { INIT_FIXTURES } from '../init/read-init-sources.js';
import { shellQuote } from '../suite/shell-quote.js';
import type { CliIo } from './cli-io.js';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.js';

/** The three commands to try: one summary on the offline model, the studio, the suite as CI runs it. */
const NEXT_COMMANDS = [`npx recap run ${INIT_PROFILE} sessions-fixtures/${INIT_FIXTURES[0]}`, 'npx recap studio', 'npx recap test'];

/** What was written, how to install recap there, and the three commands to try; `directory` when not the current folder. */
export function renderInitReport(result: InitResult, directory: string | undefined): string {
  const finished = result.finished ? ' (finishing the project an interrupted recap init began)' : '';
  const lines = [`recap init: wrote ${result.written.length} files${finished}`, ...result.written.map((file) => `  ${file}`)];
  for (const file of result.kept) lines.push(`  (kept your ${file} as it is)`);
  // `npx recap` must find recap in this project's node_modules, or npm would look it up online.
  const install = result.keptPackageJson ? `npm install --save-dev ${result.recap.local ? result.recap.spec : `recap@${result.recap.spec}`}` : 'npm install';
  const cd = directory === undefined ? '' : `cd ${shellQuote(directory)} && `;
  lines.push('', `First: ${cd}${install}`);
  if (result.recap.local && !result.keptPackageJson) {
    lines.push(`(package.json installs recap from this checkout, ${result.recap.spec}; before CI runs the workflow, change it to how your team installs recap: a git URL or a registry version)`);
  }
  lines.push('Then try a summary on the offline model, the studio, and the suite as CI runs it:');
  lines.push(...NEXT_COMMANDS.map((command) => `  ${command}`));
  return `${lines.join('\n')}\n`;
}

/** A failure of the file system (no permission, a read-only disk): a Node system error has a syscall. */
const isSystemError = (error: unknown): error is NodeJS.ErrnoException => error instanceof Error && 'syscall' in error;

/** Runs the command; returns the exit code. */
export async function initCommand(directory: string | undefined, io: CliIo): Promise<number> {
  try {
    const result = await initProject({ cwd: io.cwd, directory });
    const elsewhere = directory !== undefined && path.resolve(io.cwd, directory) !== io.cwd;
    io.stdout.write(renderInitReport(result, elsewhere ? directory : undefined));
    return EXIT_OK;
  } catch (error) {
    if (error instanceof InitConflictError || error instanceof InitTargetError) {
      io.stderr.write(`error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (isSystemError(error)) {
      io.stderr.write(`error: recap init could not write the project: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
