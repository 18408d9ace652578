// The studio is built on recap's public library API, like any other tool would be (issue 4).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const STUDIO = path.dirname(fileURLToPath(import.meta.url));

/** The studio's own modules: not tests, not test support. */
function studioModules(): string[] {
  return readdirSync(STUDIO).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
}

/** Every module specifier a file imports or re-exports from (static and dynamic). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)) found.push(match[1] as string);
  return found;
}

describe('the studio', () => {
  it('imports recap only through its public API (src/index.ts), besides its own modules and packages', () => {
    const modules = studioModules();
    expect(modules.length).toBeGreaterThan(20);
    const reachingIn = modules.flatMap((name) =>
      specifiers(readFileSync(path.join(STUDIO, name), 'utf8'))
        .filter((specifier) => specifier.startsWith('..') && specifier !== '../index.js')
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(reachingIn).toEqual([]);
  });
});
