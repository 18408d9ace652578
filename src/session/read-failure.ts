// Why a file could not be read, in words for an error message that already names the file.

import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { closestName } from './closest-name.js';

/**
 * `file not found (looked for /abs/path; did you mean "x.yaml"?)`, `is a directory, not a file`,
 * `permission denied`, or the system's message.
 */
export function readFailure(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT': {
      const tried = (error as NodeJS.ErrnoException).path;
      if (tried === undefined) return 'file not found';
      // A link whose file is gone: "file not found" would send the user looking for the link,
      // which is there (and suggest its own name).
      const target = linkTarget(tried);
      return target === undefined ? `file not found ${whereLooked(tried)}` : `the link's target is missing (it points to ${target}, which does not exist)`;
    }
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ERR_NOT_UTF8':
      return (error as Error).message;
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return (error as Error).message;
  }
}

/**
 * `(looked for /abs/path; did you mean "x.yaml"?)`: the path that was tried (messages name a file
 * as the user wrote it, relative to somewhere) and a likely typo of its name.
 */
export function whereLooked(tried: string): string {
  const folder = path.dirname(tried);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return `(looked for ${tried}; the folder ${folder} does not exist)`;
  }
  const suggestion = closestName(path.basename(tried), names);
  return `(looked for ${tried}${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`})`;
}

/** Where the symbolic link `file` points; undefined when `file` is not a link. */
function linkTarget(file: string): string | undefined {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : undefined;
  } catch {
    return undefined;
  }
}
