import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFailure, whereLooked } from './read-failure.js';

const folder = mkdtempSync(path.join(tmpdir(), 'recap-read-failure-'));
writeFileSync(path.join(folder, 'plain-summary.yaml'), '');

const failureOf = (file: string) => readFile(file).then(() => 'read', readFailure);

describe('readFailure', () => {
  it('names the path a missing file was looked for at, and the closest name in its folder', async () => {
    const tried = path.join(folder, 'plain-sumary.yaml');
    expect(await failureOf(tried)).toBe(`file not found (looked for ${tried}; did you mean "plain-summary.yaml"?)`);
  });

  it('suggests nothing unlike the name, and says when the folder itself is missing', async () => {
    expect(await failureOf(path.join(folder, 'checkout.json'))).toBe(`file not found (looked for ${path.join(folder, 'checkout.json')})`);
    const nested = path.join(folder, 'profiles', 'x.yaml');
    expect(whereLooked(nested)).toBe(`(looked for ${nested}; the folder ${path.join(folder, 'profiles')} does not exist)`);
  });

  it('says that a link\'s target is missing, rather than suggest the link\'s own name', async () => {
    const link = path.join(folder, 'visit.json');
    symlinkSync(path.join(folder, 'gone.json'), link);
    expect(await failureOf(link)).toBe(`the link's target is missing (it points to ${path.join(folder, 'gone.json')}, which does not exist)`);
  });

  it('says a directory is not a file', async () => {
    expect(await failureOf(folder)).toBe('is a directory, not a file');
  });
});
