// `recap import rrweb <recording.json|dir>...`: convert rrweb recordings into session fixtures.

import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { inspectExistingOutput } from '../import/existing-output.js';
import { importRrwebFile } from '../import/import-rrweb-recording.js';
import { formatImportWarning } from '../import/import-warnings.js';
import { RrwebImportError } from '../import/rrweb-import-error.js';
import { hasNoRules } from '../privacy/has-no-rules.js';
import { loadPrivacyRules, type LoadedPrivacyRules } from '../privacy/load-privacy-rules.js';
import { PrivacyRulesError } from '../privacy/privacy-rules-error.js';
import type { PrivacyCounts } from '../privacy/redact-text.js';
import type { SessionFixture } from '../session/session-schema.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { UsageError } from './usage-error.js';
import { writeFileReplacing } from '../files/write-file-replacing.js';
import { printable } from '../session/printable.js';
import { terminalJson } from './terminal-json.js';

export interface ImportRrwebCommandOptions {
  readonly output?: string;
  readonly uid?: string;
  readonly email?: string;
  /** Privacy rules file applied to every fixture; no rules without it (there is no profile to find a privacy.yaml beside). */
  readonly privacy?: string;
}

interface Recording {
  /** The path as the user wrote it (or the directory they wrote, joined with the file name). */
  readonly source: string;
  readonly file: string;
  /** Found in a directory the user named. */
  readonly fromDirectory?: boolean;
}

type Destination = { readonly kind: 'stdout' } | { readonly kind: 'file'; readonly file: string } | { readonly kind: 'directory'; readonly directory: string };

async function statOf(file: string) {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

/** Files named on the command line, and every *.json directly inside a named directory. */
async function expandInputs(inputs: readonly string[], cwd: string, failures: string[]): Promise<Recording[]> {
  const recordings: Recording[] = [];
  for (const input of inputs) {
    const file = path.resolve(cwd, input);
    const info = await statOf(file);
    if (info?.isDirectory() !== true) {
      recordings.push({ source: input, file }); // a missing file fails when it is imported
      continue;
    }
    const names = (await readdir(file, { withFileTypes: true }))
      .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.toLowerCase().endsWith('.json'))
      .map((entry) => entry.name)
      .sort();
    if (names.length === 0) failures.push(`${input}: no *.json recordings in this directory`);
    for (const name of names) recordings.push({ source: path.join(input, name), file: path.join(file, name), fromDirectory: true });
  }
  return recordings;
}

function checkIdentity(options: ImportRrwebCommandOptions): void {
  for (const [flag, value] of [['--uid', options.uid], ['--email', options.email]] as const) {
    if (value === undefined) continue;
    if (value.trim() === '') throw new UsageError(`${flag} must not be empty`);
    if (value.includes(':')) throw new UsageError(`${flag} must not contain ":" (it separates the user and session parts of the fixture id)`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value)) throw new UsageError(`${flag} must not contain a line break or another control character`);
  }
}

async function destinationFor(recordings: readonly Recording[], output: string | undefined, cwd: string): Promise<Destination> {
  if (output === undefined) {
    if (recordings.length > 1) throw new UsageError(`${recordings.length} recordings to import: give --output DIR to write one fixture per recording`);
    // However many files it holds today, a directory always needs a place to write to.
    if (recordings.some((recording) => recording.fromDirectory === true)) throw new UsageError('a directory of recordings needs --output DIR to write one fixture per recording');
    return { kind: 'stdout' };
  }
  const resolved = path.resolve(cwd, output);
  const info = await statOf(resolved);
  const endsInSlash = /[\\/]$/.test(output);
  const several = recordings.length > 1 || recordings.some((recording) => recording.fromDirectory === true);
  if (!several && info?.isDirectory() !== true && !endsInSlash) return { kind: 'file', file: resolved };
  if (info !== undefined && !info.isDirectory()) throw new UsageError(`--output ${output} is a file; several recordings need a directory`);
  // A new path names a directory only by its trailing "/": a mistyped file name must not become a folder.
  if (info === undefined && !endsInSlash) {
    const who = recordings.length > 1 ? `${recordings.length} recordings need` : 'a directory of recordings needs';
    throw new UsageError(`--output ${output}: ${who} an existing directory or a path ending in "/" (one fixture per recording)`);
  }
  return { kind: 'directory', directory: resolved };
}

/** Where each recording's fixture goes; refuses to overwrite an input or to write two fixtures to one file. */
function targetsFor(recordings: readonly Recording[], destination: Destination): Map<Recording, string | undefined> {
  const targets = new Map<Recording, string | undefined>();
  const seen = new Map<string, Recording>();
  const inputs = new Set(recordings.map((recording) => recording.file));
  for (const recording of recordings) {
    let target: string | undefined;
    if (destination.kind === 'file') target = destination.file;
    if (destination.kind === 'directory') target = path.join(destination.directory, path.basename(recording.file).replace(/(\.json)?$/i, '.json'));
    if (target !== undefined) {
      if (inputs.has(target)) throw new UsageError(`writing ${recording.source}'s fixture would overwrite the recording ${target}; choose another --output`);
      const clash = seen.get(target);
      if (clash !== undefined) throw new UsageError(`${clash.source} and ${recording.source} would both be written to ${target}; import them separately`);
      seen.set(target, recording);
    }
    targets.set(recording, target);
  }
  return targets;
}

/** `file` relative to `cwd` when it is inside it, else as it is. */
function shownPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') ? file : relative;
}

/** Refuses to replace any file but a recap fixture: running an import again replaces its own output, nothing else. */
async function checkOverwrites(targets: ReadonlyMap<Recording, string | undefined>, cwd: string): Promise<void> {
  for (const [recording, target] of targets) {
    if (target === undefined) continue;
    const existing = await inspectExistingOutput(target);
    if (existing.kind === 'other') {
      throw new UsageError(`writing ${recording.source}'s fixture would overwrite ${shownPath(target, cwd)}, which ${existing.why}; choose another --output`);
    }
  }
}

function describeEvents(fixture: SessionFixture): string {
  const counts = new Map<string, number>();
  for (const event of fixture.events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  const parts = [...counts].map(([type, count]) => `${count} ${type}`).join(', ');
  return `${fixture.events.length} event(s)${parts === '' ? '' : ` (${parts})`}`;
}

/** `email 2, blocked 3 (rules.yaml)`, `none matched (rules.yaml)` or `no rules, nothing redacted (rules.yaml)`: what the rules replaced in one fixture. */
function describePrivacy(counts: PrivacyCounts, file: string, empty: boolean): string {
  const matched = [...counts].filter(([, count]) => count > 0);
  const shown = empty ? 'no rules, nothing redacted' : matched.length === 0 ? 'none matched' : matched.map(([rule, count]) => `${rule} ${count}`).join(', ');
  return `${shown} (${file})`;
}

/** Imports every recording; exit 0 when all were imported, 1 when any failed, 2 on usage errors. */
export async function importRrwebCommand(inputs: readonly string[], options: ImportRrwebCommandOptions, cliIo: CliIo): Promise<number> {
  // File names and what recordings hold reach stderr: a control character in them (ESC ]0;… BEL
  // would retitle the terminal) is shown as a \u escape.
  const io: CliIo = { ...cliIo, stderr: { write: (text: string) => cliIo.stderr.write(printable(text)) } };
  const failures: string[] = [];
  let imported = 0;
  try {
    checkIdentity(options);
    // Loaded once, before any recording is read: rules that do not load stop the command.
    // (The profile argument only places an implicit privacy.yaml, which a named file replaces.)
    const privacy: LoadedPrivacyRules | undefined = options.privacy === undefined ? undefined : await loadPrivacyRules(io.cwd, options.privacy, options.privacy);
    const recordings = await expandInputs(inputs, io.cwd, failures);
    const destination = await destinationFor(recordings, options.output, io.cwd);
    const targets = targetsFor(recordings, destination);
    await checkOverwrites(targets, io.cwd);
    if (destination.kind === 'directory' && recordings.length > 0) await mkdir(destination.directory, { recursive: true });
    for (const recording of recordings) {
      try {
        const result = await importRrwebFile(recording.file, { source: recording.source, uid: options.uid, email: options.email, privacy: privacy?.rules });
        for (const warning of result.warnings) io.stderr.write(`${recording.source}: warning: ${formatImportWarning(warning)}\n`);
        if (privacy !== undefined && result.privacy !== undefined) io.stderr.write(`${recording.source}: privacy: ${describePrivacy(result.privacy, privacy.file, hasNoRules(privacy.rules))}\n`);
        const text = `${terminalJson(result.fixture, 2)}\n`;
        const target = targets.get(recording);
        if (target === undefined) {
          io.stdout.write(text);
        } else {
          const cannotWrite = (error: unknown): never => {
            const code = (error as NodeJS.ErrnoException).code;
            const reason = code === 'EEXIST' || code === 'ENOTDIR' ? 'a file stands where a folder of its path should be' : (error as Error).message;
            throw new RrwebImportError('write_failed', recording.source, `cannot write ${target}: ${reason}`, { cause: error });
          };
          await mkdir(path.dirname(target), { recursive: true }).catch(cannotWrite);
          // Whole or not at all: a failed write (a full disk) leaves the fixture of an earlier import as it was.
          await writeFileReplacing(target, text).catch(cannotWrite);
        }
        imported++;
        const where = target === undefined ? 'stdout' : shownPath(target, io.cwd);
        io.stderr.write(`${recording.source}: ${describeEvents(result.fixture)} → ${where}\n`);
      } catch (error) {
        if (!(error instanceof RrwebImportError)) throw error;
        failures.push(error.message);
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof PrivacyRulesError) {
      io.stderr.write(`${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
  for (const failure of failures) io.stderr.write(`error: ${failure}\n`);
  if (failures.length > 0 && imported + failures.length > 1) io.stderr.write(`${failures.length} recording(s) not imported, ${imported} imported\n`);
  return failures.length === 0 ? EXIT_OK : EXIT_FAILED;
}
