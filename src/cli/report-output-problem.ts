// Where `recap test --output` and `recap report --output` may write a report, checked before any
// work: a typo in the path costs nothing, and the report never replaces a file the run reads or writes.

import { access, constants, lstat, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file the run reads, or a folder it writes into; the report must not land on either. */
export interface RunInput {
  /** Absolute path. */
  readonly path: string;
  /** What it is, as a message names it: `the suite x.recap.yaml`. */
  readonly role: string;
  /** A folder the run writes into (cassettes, snapshots): nothing in it may be the report. */
  readonly folder?: boolean;
}

/** The real path of a file or folder that may not exist yet (its nearest existing folder resolved). */
export async function realPathOf(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(await realPathOf(parent), path.basename(file));
  }
}

const inside = (folder: string, target: string): boolean => {
  const relative = path.relative(folder, target);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
};

/**
 * Why nothing can be written at `output` (as given, relative to `cwd`): a folder, a missing or
 * unwritable parent folder; undefined when a file can be written there. `what` names what would
 * be written, in the message about a folder.
 */
export async function outputLocationProblem(output: string, cwd: string, what = 'the report'): Promise<string | undefined> {
  const target = path.resolve(cwd, output);
  const existing = await stat(target).catch(() => undefined);
  // A path ending in a slash names a folder even when there is none yet.
  if (existing?.isDirectory() === true || /[\\/]$/.test(output)) return `is a folder; give ${what} a file name`;
  if (existing === undefined) {
    // A link that points nowhere yet: writing creates its target, which needs its folder.
    const pointsTo = (await lstat(target).catch(() => undefined))?.isSymbolicLink() === true ? await readlink(target) : undefined;
    if (pointsTo !== undefined && (await stat(path.dirname(path.resolve(path.dirname(target), pointsTo))).catch(() => undefined))?.isDirectory() !== true) {
      return `is a symbolic link to ${pointsTo}, in a folder that does not exist`;
    }
  }
  const parent = path.dirname(target);
  const shownParent = path.dirname(output);
  const parentInfo = await stat(parent).catch(() => undefined);
  if (parentInfo === undefined) return `the folder ${shownParent} does not exist`;
  if (!parentInfo.isDirectory()) return `${shownParent} is not a folder`;
  try {
    await access(existing === undefined ? parent : target, constants.W_OK);
  } catch {
    return existing === undefined ? `cannot create a file in ${shownParent} (permission denied)` : 'cannot be written (permission denied)';
  }
  return undefined;
}

/**
 * The input (not a folder) that is the same file as `target` (absolute), however it is spelled:
 * symbolic and hard links are followed. A `target` that does not exist is no input.
 */
export async function inputAt(target: string, inputs: readonly RunInput[]): Promise<RunInput | undefined> {
  const existing = await stat(target).catch(() => undefined);
  if (existing === undefined) return undefined;
  for (const input of inputs) {
    if (input.folder === true) continue;
    const info = await stat(input.path).catch(() => undefined);
    if (info !== undefined && info.dev === existing.dev && info.ino === existing.ino) return input;
  }
  return undefined;
}

/**
 * Why the report cannot be written to `output` (as given, relative to `cwd`), or undefined when
 * it can. An existing report is fine to replace; a file the run uses is not, however it is
 * spelled (symbolic links and hard links are followed).
 */
export async function reportOutputProblem(output: string, cwd: string, inputs: readonly RunInput[]): Promise<string | undefined> {
  const location = await outputLocationProblem(output, cwd);
  if (location !== undefined) return location;
  const target = path.resolve(cwd, output);
  const input = await inputAt(target, inputs);
  if (input !== undefined) return `is ${input.role}, which this run reads; the report would replace it (write it to another file)`;
  const realTarget = await realPathOf(target);
  for (const input of inputs) {
    if (input.folder !== true) continue;
    if (inside(await realPathOf(input.path), realTarget)) return `is inside ${input.role}, which this run writes; write the report elsewhere`;
  }
  return undefined;
}
