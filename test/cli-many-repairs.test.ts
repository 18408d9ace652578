// A many-session run in which one answer needed a repair request, against the local stand-in of
// the Gemini API: its line says why, the run's summary counts it, and so does recap report.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';
import { writeSessionFolder } from './support/session-folder.js';

const PROFILE = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'profiles', 'friction-report.yaml');

let work: string;
let standIn: GeminiStandIn;
let env: Record<string, string>;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recap-many-repairs-'));
  await writeSessionFolder(path.join(work, 'many'), { count: 3, events: 10 });
  standIn = await startGeminiStandIn({ apiKey: 'test-key' });
  env = { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: standIn.url };
});

afterEach(async () => standIn.close());

describe('a many-session run with a repaired answer', () => {
  it('says so in its line, in the run summary and in the report', async () => {
    // The first session's first answer breaks the schema; the stand-in answers everything else validly.
    standIn.enqueue('{"outcome": "gave up"}');
    const run = await runCli(['run', PROFILE, 'many/', '--output', 'r.jsonl', '--concurrency', '1', '--json'], { cwd: work, env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ran: 3, ok: 3, failed: 0, repaired: { sessions: 1, reasons: { schema: 1 } } });
    const lines = (await readFile(path.join(work, 'r.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { repairs?: unknown });
    expect(lines.filter((line) => line.repairs !== undefined)).toEqual([{ ...lines[0], repairs: [{ reason: 'schema', problems: expect.stringContaining('outcome') }] }]);

    const report = await runCli(['report', 'r.jsonl'], { cwd: work, env });
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('| repaired | 1 of the ok: their answers came after a repair request |');
  });

  it('prints the repaired line in the human summary, and nothing of repairs when none was needed', async () => {
    standIn.enqueue('not json');
    const human = await runCli(['run', PROFILE, 'many/', '--output', 'h.jsonl', '--concurrency', '1'], { cwd: work, env });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^repaired {2}1 of the ok \(schema 1\): their answers came after a repair request; "repairs" in their lines says why$/m);
    const clean = await runCli(['run', PROFILE, 'many/', '--output', 'c.jsonl', '--concurrency', '1', '--json'], { cwd: work, env });
    expect(JSON.parse(clean.stdout)).toMatchObject({ ok: 3, repaired: { sessions: 0, reasons: {} } });
    expect(await readFile(path.join(work, 'c.jsonl'), 'utf8')).not.toContain('"repairs"');
    const report = await runCli(['report', 'c.jsonl'], { cwd: work, env });
    expect(report.stdout).not.toContain('repaired');
  });
});
