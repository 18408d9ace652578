// Writes the planned files. Each is created with `wx`, so a file that appeared after the plan
// was made is not overwritten either; then the files this call wrote are removed again, the one
// whose write failed (half written, on a full disk) included.

import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { InitConflictError, InitWriteError } from './init-error.js';
import type { InitFile } from './init-files.js';

export interface WriteInitFilesOptions {
  /** The project folder (absolute). */
  readonly directory: string;
  readonly files: readonly InitFile[];
  /** A file's path as the user sees it, for the error. */
  readonly display: (file: string) => string;
  /** Writes a created file's text (default: `handle.writeFile`); tests pass a failing one. */
  readonly write?: (handle: FileHandle, text: string) => Promise<void>;
}

const writeText = (handle: FileHandle, text: string): Promise<void> => handle.writeFile(text);

/** Writes every file or, on a failure, none (folders it made may stay, empty). */
export async function writeInitFiles({ directory, files, display, write = writeText }: WriteInitFilesOptions): Promise<void> {
  // Every file this call created, from the moment it exists: a write that fails part way leaves one.
  const created: string[] = [];
  for (const file of files) {
    const target = path.join(directory, file.path);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      const handle = await open(target, 'wx');
      created.push(target);
      try {
        await write(handle, file.text);
      } finally {
        await handle.close();
      }
    } catch (error) {
      // Removing our own files is best effort: the failure the user must see is the first one.
      await Promise.allSettled(created.map((done) => rm(done, { force: true })));
      if ((error as { code?: unknown }).code === 'EEXIST') throw new InitConflictError([display(file.path)]);
      if (error instanceof Error && 'syscall' in error) throw new InitWriteError(display(file.path), error as NodeJS.ErrnoException);
      throw error;
    }
  }
}
