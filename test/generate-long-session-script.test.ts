// The long-session generator as a command: `npx tsx scripts/generate-long-session.ts` (docs/fixtures.md).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
let folder: string | undefined;

afterEach(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('scripts/generate-long-session.ts run as a command', () => {
  it('writes the session when its folder is reached through a link (as in a project that links scripts/)', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'recap-generator-'));
    symlinkSync(path.join(root, 'scripts'), path.join(folder, 'scripts'));
    const output = path.join(folder, 'short.json');
    const printed = execFileSync(tsx, ['scripts/generate-long-session.ts', '--events', '5', '--seed', '3', '--output', output], { cwd: folder, encoding: 'utf8' });
    expect(printed).toContain(`wrote ${output}: 5 events`);
    expect(existsSync(output)).toBe(true);
    expect((JSON.parse(readFileSync(output, 'utf8')) as { events: unknown[] }).events).toHaveLength(5);
  }, 30_000);
});
