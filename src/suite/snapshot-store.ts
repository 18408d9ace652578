// Prompt snapshots: `__snapshots__/<suite file>/<case>.txt` next to the suite.

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

export interface SnapshotStore {
  /** Where a case's snapshot lives (for messages). */
  file(caseName: string): string;
  read(caseName: string): Promise<string | undefined>;
  write(caseName: string, text: string): Promise<void>;
}

/** `coupon failure reaches the model` → `coupon-failure-reaches-the-model` */
export function snapshotName(caseName: string): string {
  const slug = caseName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  return slug === '' ? 'case' : slug.slice(0, 120);
}

/** Snapshots of the suite file `suiteFile`. */
export function fileSnapshotStore(suiteFile: string): SnapshotStore {
  const directory = path.join(path.dirname(suiteFile), '__snapshots__', path.basename(suiteFile));
  const file = (caseName: string): string => path.join(directory, `${snapshotName(caseName)}.txt`);
  return {
    file,
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
      const target = file(caseName);
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, target);
    },
  };
}
