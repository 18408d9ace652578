// Writes the planned files. Each is created with `wx`, so a file that appeared after the plan
// was made is not overwritten either; then the files this call wrote are removed again.

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InitConflictError } from './init-error.js';
import type { InitFile } from './init-files.js';

export interface WriteInitFilesOptions {
  /** The project folder (absolute). */
  readonly directory: string;
  readonly files: readonly InitFile[];
  /** A file's path as the user sees it, for the error. */
  readonly display: (file: string) => string;
}

/** Writes every file or, on a failure, none (folders it made may stay, empty). */
export async function writeInitFiles({ directory, files, display }: WriteInitFilesOptions): Promise<void> {
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(directory, file.path);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.text, { flag: 'wx' });
      written.push(target);
    } catch (error) {
      // Removing our own files is best effort: the failure the user must see is the first one.
      await Promise.allSettled(written.map((done) => rm(done, { force: true })));
      if ((error as { code?: unknown }).code === 'EEXIST') throw new InitConflictError([display(file.path)]);
      throw error;
    }
  }
}
