// A folder of generated sessions for many-session tests and benchmarks: distinct ids, events
// from the long-session generator (so that friction recurs across sessions), and broken files.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateLongSession } from '../../scripts/generate-long-session.js';

/** Session `n`: the generator's story with seed `n` under the id `u-<n>:s-<n>`. */
export function numberedSession(n: number, events = 40): Record<string, unknown> {
  return { ...generateLongSession({ events, seed: n }), id: `u-${n}:s-${n}` };
}

export interface SessionFolder {
  /** The good sessions' files, relative to the folder's parent (as a run names them). */
  readonly good: string[];
  /** The broken files: not JSON, not a fixture, not UTF-8. */
  readonly broken: string[];
}

/**
 * Writes `count` good sessions (`session-0001.json`…) and `broken` broken ones into `dir`; names
 * are `<basename(dir)>/<file>`, relative to `path.dirname(dir)`.
 */
export async function writeSessionFolder(dir: string, options: { count: number; broken?: number; events?: number }): Promise<SessionFolder> {
  await mkdir(dir, { recursive: true });
  const base = path.basename(dir);
  const good: string[] = [];
  for (let n = 1; n <= options.count; n++) {
    const name = `session-${String(n).padStart(4, '0')}.json`;
    await writeFile(path.join(dir, name), JSON.stringify(numberedSession(n, options.events)));
    good.push(`${base}/${name}`);
  }
  const kinds = [
    (n: number) => `{"id": "u-b${n}:s-b${n}", "events": [`,
    (n: number) => JSON.stringify({ id: `no-colon-${n}`, events: [{ type: 'teleport', timestamp: 'yesterday' }] }),
    () => Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
  ];
  const broken: string[] = [];
  for (let n = 1; n <= (options.broken ?? 0); n++) {
    const name = `broken-${String(n).padStart(2, '0')}.json`;
    await writeFile(path.join(dir, name), (kinds[(n - 1) % kinds.length] as (n: number) => string | Buffer)(n));
    broken.push(`${base}/${name}`);
  }
  return { good, broken };
}
