// Writes a file whole or not at all: the text goes to a temporary file in the target's folder,
// which is then renamed over the target. A write that fails (a full disk, a size limit) removes
// the temporary file and leaves the file that was there before as it was; a process killed
// before the rename leaves the earlier file too, and its temporary file goes at the next write.

import { chmod, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeLeftTemporariesOnce, temporaryFileFor } from './temporary-file.js';

/** The file operations a replacing write uses; tests pass ones that fail. */
export interface ReplacingFileSystem {
  readonly writeFile: (file: string, text: string, options: { readonly mode?: number }) => Promise<void>;
  readonly chmod: (file: string, mode: number) => Promise<void>;
  readonly rename: (from: string, to: string) => Promise<void>;
  readonly rm: (file: string, options: { readonly force: true }) => Promise<void>;
}

const nodeFileSystem: ReplacingFileSystem = { writeFile, chmod, rename, rm };

/** The file a link resolves to (so that the link stays a link), and its permission bits; `target` itself when it does not exist. */
async function existingFile(target: string): Promise<{ readonly file: string; readonly mode?: number }> {
  try {
    const file = await realpath(target);
    return { file, mode: (await stat(file)).mode & 0o7777 };
  } catch {
    return { file: target };
  }
}

/**
 * Replaces `target` with `text` atomically. The file keeps its permissions (a fixture readable by
 * its owner only stays so); a symbolic link keeps pointing where it did and its file is replaced.
 * Throws the error of the failed step; nothing is left behind.
 */
export async function writeFileReplacing(target: string, text: string, fileSystem: ReplacingFileSystem = nodeFileSystem): Promise<void> {
  const { file, mode } = await existingFile(target);
  await removeLeftTemporariesOnce(path.dirname(file));
  // In the same folder, so that the rename stays on one file system; hidden, and not named *.json.
  const temporary = temporaryFileFor(file);
  try {
    // Replacing a file: the owner's alone until it has the old file's permissions (the umask may take bits off those asked for).
    await fileSystem.writeFile(temporary, text, mode === undefined ? {} : { mode: 0o600 });
    if (mode !== undefined) await fileSystem.chmod(temporary, mode);
    await fileSystem.rename(temporary, file);
  } catch (error) {
    // The write's error is the one to report; a temporary file that cannot be removed either is named with it.
    await fileSystem.rm(temporary, { force: true }).catch((cleanup: unknown) => {
      throw new AggregateError([error, cleanup], `${(error as Error).message} (and the temporary file ${temporary} could not be removed)`);
    });
    throw error;
  }
}
