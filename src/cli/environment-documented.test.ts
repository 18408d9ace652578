// docs/deployment.md lists the environment variables recap reads: a variable the code starts to
// read without its row there (as RECAP_MODEL_TIMEOUT_MS once) is a setting operators cannot find.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const page = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');

/**
 * Read by the code but not settings of recap: NODE_ENV is set by the studio for React, and
 * RECAP_CODE_CACHE switches off the built CLI's code cache while developing (docs/development.md).
 */
const NOT_SETTINGS = new Set(['NODE_ENV', 'RECAP_CODE_CACHE']);

/** The source files of src/ that ship: no tests, no test support. */
function sourceFiles(): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('test-support'))
    .map((file) => path.join(root, 'src', file));
}

describe('docs/deployment.md and the environment variables the code reads', () => {
  it('has a row for every variable', () => {
    const read = new Set<string>();
    for (const file of sourceFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)\b|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) read.add((match[1] ?? match[2]) as string);
    }
    // The scan finds the variables named in the code (RECAP_<DC>_DATABASE_URL is a name made from
    // the data center, and not among them).
    expect(read.size).toBeGreaterThan(10);
    const table = page.slice(page.indexOf('| variable | read by | meaning |'));
    const listed = new Set([...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| (.+?) \|/gm)].flatMap((row) => [...(row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1])));
    expect([...read].filter((name) => !NOT_SETTINGS.has(name) && !listed.has(name)).sort()).toEqual([]);
  });
});
