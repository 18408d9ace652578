import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingStudioFlags, runNodeWithFlags, STUDIO_NODE_FLAGS } from './studio-process.js';

describe('missingStudioFlags', () => {
  it('asks for the studio flags in a process started without them', () => {
    expect(missingStudioFlags([], '')).toEqual([...STUDIO_NODE_FLAGS]);
    expect(missingStudioFlags(['--enable-source-maps'], '--max-old-space-size=4096')).toEqual(['--max-semi-space-size=64']);
  });

  it('asks for nothing once they are given, or when the user chose their own values', () => {
    expect(missingStudioFlags(['--max-semi-space-size=64'], '')).toEqual([]);
    expect(missingStudioFlags(['--max-semi-space-size=8'], '')).toEqual([]);
    expect(missingStudioFlags([], '--inspect --max_semi_space_size=32')).toEqual([]);
  });
});

describe('runNodeWithFlags', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'recap-studio-process-'));
  });
  afterAll(async () => rm(directory, { recursive: true, force: true }));

  it('starts node with the flags and the arguments, and reports its exit code', async () => {
    const script = path.join(directory, 'child.mjs');
    const report = path.join(directory, 'report.json');
    await writeFile(
      script,
      `import { writeFileSync } from 'node:fs';\n` +
        `writeFileSync(process.argv[2], JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }));\n` +
        `process.exit(3);\n`,
    );
    const end = await runNodeWithFlags(['--max-semi-space-size=64'], script, [report, 'studio', '--profiles', 'p s']);
    expect(end).toEqual({ code: 3 });
    const seen = JSON.parse(await readFile(report, 'utf8')) as { execArgv: string[]; args: string[] };
    expect(seen.execArgv).toContain('--max-semi-space-size=64');
    expect(seen.args).toEqual([report, 'studio', '--profiles', 'p s']);
  });

  it('reports the signal that ended the child', async () => {
    const script = path.join(directory, 'killed.mjs');
    await writeFile(script, `process.kill(process.pid, 'SIGTERM');\nsetTimeout(() => {}, 5000);\n`);
    expect(await runNodeWithFlags([], script, [])).toEqual({ signal: 'SIGTERM' });
  });
});
