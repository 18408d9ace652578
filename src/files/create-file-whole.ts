// Creates a file whole or not at all, and never over an existing one: the text goes to a temporary
// file beside it, which is hard-linked into place (a link is made whole, and fails when the name
// exists). A process killed at any step leaves either no file or the whole one.

import { link, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeLeftTemporariesOnce, temporaryFileFor } from './temporary-file.js';

/** Error codes of a file system that has no hard links. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates `target` holding `text`.
 *
 * @throws the file system's error; `code` EEXIST when `target` exists (it is left as it is).
 */
export async function createFileWhole(target: string, text: string): Promise<void> {
  await removeLeftTemporariesOnce(path.dirname(target));
  const temporary = temporaryFileFor(target);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    try {
      await link(temporary, target);
    } catch (error) {
      if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      // Without hard links, an exclusive create and a write: whole unless killed in between.
      await writeFile(target, text, { flag: 'wx' });
    }
  } finally {
    await rm(temporary, { force: true });
  }
}
