// Prompt snapshots: `__snapshots__/<suite file>/<case>.txt` next to the suite.

import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileReplacing } from '../files/write-file-replacing.js';

export interface SnapshotStore {
  /** Where a case's snapshot lives, as shown in messages. */
  file(caseName: string): string;
  read(caseName: string): Promise<string | undefined>;
  write(caseName: string, text: string): Promise<void>;
}

/**
 * `coupon failure reaches the model` → `coupon-failure-reaches-the-model`: letters and digits of any
 * script kept (accents dropped: `Café` → `cafe`; `日本の決済` stays), punctuation dropped, spaces as
 * hyphens, at most 120 characters.
 */
export function snapshotName(caseName: string): string {
  const slug = caseName
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  // Cut by code point, never inside a surrogate pair.
  return slug === '' ? 'case' : Array.from(slug).slice(0, 120).join('');
}

/** The folder of a suite's snapshots: `__snapshots__/<suite file name>/` next to it. */
export const snapshotDirectory = (suiteFile: string): string => path.join(path.dirname(suiteFile), '__snapshots__', path.basename(suiteFile));

const snapshotPath = (suiteFile: string, caseName: string): string => path.join(snapshotDirectory(suiteFile), `${snapshotName(caseName)}.txt`);

/** Snapshots of the suite file `suiteFile`; messages name them under `displaySuiteFile`. */
export function fileSnapshotStore(suiteFile: string, displaySuiteFile = suiteFile): SnapshotStore {
  const directory = snapshotDirectory(suiteFile);
  const file = (caseName: string): string => snapshotPath(suiteFile, caseName);
  return {
    file: (caseName) => snapshotPath(displaySuiteFile, caseName),
    async read(caseName) {
      try {
        return await readFile(file(caseName), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(caseName, text) {
      await mkdir(directory, { recursive: true });
      await writeFileReplacing(file(caseName), text);
    },
  };
}
