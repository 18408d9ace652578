// Writes the planned files. Each is created whole (written aside, then linked into place), never
// over a file, so a file that appeared after the plan was made is not overwritten either; on a
// failure the files this call wrote are removed again. While it writes, a marker file in the
// project folder says that recap init has not finished: a process killed part way leaves it, and
// the next recap init there finishes the project instead of refusing the files the killed one wrote.

import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createFileWhole } from '../files/create-file-whole.js';
import { InitConflictError, InitWriteError } from './init-error.js';
import type { InitFile } from './init-files.js';

/** The marker of an unfinished recap init, in the project folder. */
export const UNFINISHED_MARKER = '.recap-init-unfinished';

const MARKER_TEXT =
  'recap init was stopped before it wrote every file of this project.\n' +
  'Run `recap init` here again to finish it: it writes the missing files and keeps those it wrote as they are.\n';

export interface WriteInitFilesOptions {
  /** The project folder (absolute). */
  readonly directory: string;
  readonly files: readonly InitFile[];
  /** A file's path as the user sees it, for the error. */
  readonly display: (file: string) => string;
  /** Creates a file whole (default: createFileWhole); tests pass a failing one. */
  readonly create?: (file: string, text: string) => Promise<void>;
}

/** Whether an earlier recap init in `directory` was stopped before it finished. */
export async function initWasInterrupted(directory: string): Promise<boolean> {
  return readFile(path.join(directory, UNFINISHED_MARKER), 'utf8').then(
    () => true,
    () => false,
  );
}

/** Writes every file or, on a failure, none (folders it made may stay, empty). */
export async function writeInitFiles({ directory, files, display, create = createFileWhole }: WriteInitFilesOptions): Promise<void> {
  const marker = path.join(directory, UNFINISHED_MARKER);
  // Every file this call created: on a failure they go again, with the marker.
  const created: string[] = [];
  let current = UNFINISHED_MARKER;
  // A marker a killed run left stays until the project is finished: its files are still there.
  let ownMarker = false;
  try {
    ownMarker = await createFileWhole(marker, MARKER_TEXT).then(
      () => true,
      (error: unknown) => {
        if ((error as { code?: unknown }).code === 'EEXIST') return false;
        throw error;
      },
    );
    for (const file of files) {
      current = file.path;
      const target = path.join(directory, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await create(target, file.text);
      created.push(target);
    }
    await rm(marker, { force: true });
  } catch (error) {
    // Removing our own files is best effort: the failure the user must see is the first one.
    await Promise.allSettled([...created, ...(ownMarker ? [marker] : [])].map((done) => rm(done, { force: true })));
    if ((error as { code?: unknown }).code === 'EEXIST') throw new InitConflictError([display(current)]);
    if (error instanceof Error && 'syscall' in error) throw new InitWriteError(display(current), error as NodeJS.ErrnoException);
    throw error;
  }
}
