import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSuites } from './find-suites.js';

describe('findSuites', () => {
  it('finds every *.recap.yaml under the working directory, skipping node_modules and dot folders', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-find-'));
    for (const file of ['a.recap.yaml', 'deep/er/b.recap.yaml', 'node_modules/x/c.recap.yaml', '.recap/d.recap.yaml', 'e.yaml']) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), '');
    }
    expect((await findSuites([], root)).map((file) => path.relative(root, file))).toEqual(['a.recap.yaml', 'deep/er/b.recap.yaml']);
    expect((await findSuites(['e.yaml', 'deep'], root)).map((file) => path.relative(root, file))).toEqual(['e.yaml', 'deep/er/b.recap.yaml']);
    await expect(findSuites(['missing'], root)).rejects.toThrow('missing: no such file or directory');
  });

  it('refuses a folder named on the command line that holds no suite, also next to a path that holds one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'recap-find-'));
    for (const file of ['a.recap.yaml', 'renamed/b.yaml']) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), '');
    }
    await expect(findSuites(['a.recap.yaml', 'renamed'], root)).rejects.toThrow('renamed: no suites (*.recap.yaml) in this folder or below');
    expect((await findSuites(['a.recap.yaml', '.'], root)).map((file) => path.relative(root, file))).toEqual(['a.recap.yaml']);
  });
});
