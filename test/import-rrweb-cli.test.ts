// `recap import rrweb` end to end: inputs and outputs, exit codes, messages, and a round trip
// through `recap run --dry-run --json`.

import { access, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { START } from '../src/import/test-support/recording-builder.js';
import { shopVisitRecording } from '../src/import/test-recordings/shop-visit.js';
import { parseSession } from '../src/session/parse-session.js';
import { runCli } from './support/run-cli.js';

let directory: string;
const run = (...argv: string[]) => runCli(['import', 'rrweb', ...argv], { cwd: directory });
const visit = JSON.stringify(shopVisitRecording().events);

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-import-cli-'));
  await mkdir(path.join(directory, 'recordings'));
  await writeFile(path.join(directory, 'recordings', 'visit.json'), visit);
  await writeFile(path.join(directory, 'recordings', 'tabs.json'), JSON.stringify({ snapshot_data_by_window_id: { 'tab-1': JSON.parse(visit) } }));
  await writeFile(path.join(directory, 'visit.json'), visit);
  await writeFile(path.join(directory, 'cut.json'), Buffer.from(visit).subarray(0, 5_000));
  await writeFile(path.join(directory, 'notes.json'), '{"todo": ["record a session"]}');
  const odd = [...JSON.parse(visit), { type: 42, timestamp: START + 30_000, data: {} }, { type: 42, timestamp: START + 30_001 }, { type: 3, timestamp: 1e20, data: { source: 2, type: 2, id: 1 } }];
  await writeFile(path.join(directory, 'odd.json'), JSON.stringify(odd));
  await mkdir(path.join(directory, 'mixed'));
  await writeFile(path.join(directory, 'mixed', 'a-visit.json'), visit);
  await writeFile(path.join(directory, 'mixed', 'b-cut.json'), Buffer.from(visit).subarray(0, 5_000));
  await writeFile(path.join(directory, 'mixed', 'readme.txt'), 'not a recording');
});

describe('recap import rrweb', () => {
  it('prints the fixture of one recording on stdout and a summary on stderr', async () => {
    const result = await run('visit.json', '--uid', 'alice', '--email', 'alice@example.com');
    expect(result.code).toBe(0);
    const fixture = parseSession(result.stdout);
    expect(fixture.id).toMatch(/^alice:visit-[0-9a-f]{8}$/);
    expect(fixture.user).toEqual({ uid: 'alice', email: 'alice@example.com' });
    expect(result.stderr).toMatch(/^visit\.json: 13 event\(s\) \(2 navigate, 3 click, 1 input-change, 2 dead-click, 2 error-click, 2 console-error, 1 custom\) → stdout\n$/);
  });

  it('shows a control character in a file name as an escape on stderr, never raw', async () => {
    const named = 'visit\u001b]0;pwned\u0007.json';
    await writeFile(path.join(directory, named), visit);
    const result = await run(named);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^visit\\u001b\]0;pwned\\u0007\.json: 13 event\(s\)/);
    expect(result.stderr).not.toMatch(/[\u001b\u0007]/);
  });

  it('warns, naming the file, of a recording whose timestamps are seconds, or before 2000; the import still succeeds', async () => {
    const events = JSON.parse(visit) as { timestamp: number }[];
    await writeFile(path.join(directory, 'seconds.json'), JSON.stringify(events.map((event) => ({ ...event, timestamp: Math.floor(event.timestamp / 1000) }))));
    const seconds = await run('seconds.json', '--output', 'out/seconds.json');
    expect(seconds.code).toBe(0);
    expect(seconds.stderr).toContain(
      'seconds.json: warning: the timestamps look like seconds, not the milliseconds rrweb records: the first event is dated 1970-01-21T',
    );
    expect(seconds.stderr).toContain('(read as seconds: 2026-03-01T10:00:00.000Z); the click windows (dead, error, rage clicks) are then 1,000 times too long');
    await writeFile(path.join(directory, 'early.json'), JSON.stringify(events.map((event) => ({ ...event, timestamp: event.timestamp - START + 5_000 }))));
    const early = await run('early.json', '--output', 'out/early.json');
    expect(early.code).toBe(0);
    expect(early.stderr).toContain('early.json: warning: the first event is dated 1970-01-01T00:00:05.000Z, before 2000: rrweb records milliseconds since 1970');
    expect((await run('visit.json', '--output', 'out/visit.json')).stderr).not.toContain('warning');
  });

  it('writes --output FILE, creating its directory', async () => {
    const result = await run('visit.json', '--output', 'out/one/visit-fixture.json');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(parseSession(await readFile(path.join(directory, 'out/one/visit-fixture.json'), 'utf8')).events).toHaveLength(13);
  });

  it('imports every *.json of a directory into --output DIR, one fixture named after each recording', async () => {
    const result = await run('recordings', '--output', 'out/all/');
    expect(result.code).toBe(0);
    expect((await readdir(path.join(directory, 'out/all'))).sort()).toEqual(['tabs.json', 'visit.json']);
    const tabs = parseSession(await readFile(path.join(directory, 'out/all/tabs.json'), 'utf8'));
    expect(tabs.events.every((event) => event.window === 'tab-1')).toBe(true);
  });

  it('goes on after a failed recording, names its file and position, and exits 1', async () => {
    const result = await run('mixed', '--output', 'out/mixed/');
    expect(result.code).toBe(1);
    expect(await readdir(path.join(directory, 'out/mixed'))).toEqual(['a-visit.json']);
    expect(result.stderr).toMatch(/error: mixed[\\/]b-cut\.json: the JSON ends early at byte 5,000 after \[\d+\]\.[\w.[\]]+, inside event #\d+: the recording looks truncated/);
    expect(result.stderr).toContain('1 recording(s) not imported, 1 imported');
  });

  it('exits 1 for a file that is missing, truncated or not a recording', async () => {
    for (const [file, message] of [
      ['missing.json', 'error: missing.json: file not found'],
      ['cut.json', 'error: cut.json: the JSON ends early at byte 5,000'],
      ['notes.json', 'error: notes.json: not an rrweb recording'],
    ] as const) {
      const result = await run(file);
      expect(result.code, file).toBe(1);
      expect(result.stderr, file).toContain(message);
      expect(result.stdout, file).toBe('');
    }
  });

  it('prints counted warnings on stderr and still imports', async () => {
    const result = await run('odd.json');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('odd.json: warning: 2 × events of unknown type 42 ignored (first at event #');
    // A timestamp no date can hold is counted like any entry that is not an rrweb event.
    expect(result.stderr).toContain('odd.json: warning: entries that are not rrweb events (an object with a numeric type and a timestamp in milliseconds) skipped (at event #62)');
  });

  it('skips an event past the year 9999 with a warning, where it broke the fixture as "a recap bug"', async () => {
    const events = [...JSON.parse(visit), { type: 3, timestamp: 8.64e15, data: { source: 2, type: 2, id: 1, x: 1, y: 1 } }];
    await writeFile(path.join(directory, 'far.json'), JSON.stringify(events));
    const result = await run('far.json');
    expect(result.code).toBe(0);
    expect(parseSession(result.stdout).events).toHaveLength(13);
    expect(result.stderr).toContain(`far.json: warning: entries that are not rrweb events (an object with a numeric type and a timestamp in milliseconds) skipped (at event #${events.length - 1})`);
  });

  it('refuses a recording whose strings hold bytes that are not UTF-8 (exit 1), naming the file and the bytes', async () => {
    const [before, ...after] = visit.split('Apply coupon');
    const latin1 = Buffer.concat([Buffer.from(`${before}Appliqu`), Buffer.from([0xe9]), Buffer.from(` coupon${after.join('Apply coupon')}`)]);
    await writeFile(path.join(directory, 'latin1.json'), latin1);
    const result = await run('latin1.json');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: latin1\.json: not UTF-8 text near bytes [\d,]+–[\d,]+ after .*: save the recording as UTF-8\n/);
  });

  it('refuses a directory without --output even when it holds one recording, and names a file in the way of --output', async () => {
    await mkdir(path.join(directory, 'one'), { recursive: true });
    await writeFile(path.join(directory, 'one', 'visit.json'), visit);
    const alone = await run('one');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('error: a directory of recordings needs --output DIR to write one fixture per recording\n');
    const blocked = await run('visit.json', '--output', 'visit.json/inside/fixture.json');
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('cannot write');
    expect(blocked.stderr).toContain('a file stands where a folder of its path should be');
  });

  it('exits 2 on usage errors, before writing anything', async () => {
    const several = await run('visit.json', 'recordings/tabs.json');
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('2 recordings to import: give --output DIR');
    expect((await run('visit.json', '--uid', 'a:b')).stderr).toContain('--uid must not contain ":"');
    // A line break or another control character in the id would break every line that shows it.
    for (const flag of ['--uid', '--email']) {
      const broken = await run('visit.json', flag, 'ana\nlima');
      expect(broken.code, flag).toBe(2);
      expect(broken.stderr, flag).toBe(`error: ${flag} must not contain a line break or another control character\n`);
    }
    expect((await run('recordings', '--output', 'recordings')).stderr).toContain('would overwrite the recording');
    expect((await run('recordings', '--output', 'visit.json')).code).toBe(2);
    expect((await run('visit.json', '--frobnicate')).code).toBe(2);
    expect((await run()).code).toBe(2);
  });

  it('refuses to overwrite a recording that is not one of its inputs, in a file or in a directory, and writes nothing', async () => {
    await writeFile(path.join(directory, 'kept.json'), visit);
    const file = await run('visit.json', '--output', 'kept.json');
    expect(file.code).toBe(2);
    expect(file.stderr).toBe("error: writing visit.json's fixture would overwrite kept.json, which looks like an rrweb recording, not a recap fixture; choose another --output\n");
    expect(await readFile(path.join(directory, 'kept.json'), 'utf8')).toBe(visit);

    await mkdir(path.join(directory, 'out/kept'), { recursive: true });
    await writeFile(path.join(directory, 'out/kept/visit.json'), visit);
    const inDirectory = await run('recordings', '--output', 'out/kept');
    expect(inDirectory.code).toBe(2);
    expect(inDirectory.stderr).toContain(`would overwrite ${path.join('out', 'kept', 'visit.json')}, which looks like an rrweb recording, not a recap fixture`);
    expect(await readdir(path.join(directory, 'out/kept'))).toEqual(['visit.json']); // tabs.json, before it, not written either
    expect(await readFile(path.join(directory, 'out/kept/visit.json'), 'utf8')).toBe(visit);

    await writeFile(path.join(directory, 'notes-copy.json'), '{"todo": [');
    expect((await run('visit.json', '--output', 'notes-copy.json')).stderr).toContain('which is not a recap fixture (not valid JSON)');
  });

  it('replaces the fixtures of an earlier import when it runs again', async () => {
    expect((await run('visit.json', '--output', 'again/visit.json')).code).toBe(0);
    expect((await run('visit.json', '--uid', 'bob', '--output', 'again/visit.json')).code).toBe(0);
    expect(parseSession(await readFile(path.join(directory, 'again/visit.json'), 'utf8')).id).toMatch(/^bob:visit-/);
    expect((await run('recordings', '--output', 'again/all/')).code).toBe(0);
    expect((await run('recordings', '--output', 'again/all/')).code).toBe(0);
  });

  it('refuses several recordings, or a directory, with an --output that is neither an existing directory nor ends in "/"', async () => {
    const several = await run('visit.json', 'recordings/tabs.json', '--output', 'fixtures.json');
    expect(several.code).toBe(2);
    expect(several.stderr).toBe('error: --output fixtures.json: 2 recordings need an existing directory or a path ending in "/" (one fixture per recording)\n');
    await mkdir(path.join(directory, 'one'), { recursive: true });
    await writeFile(path.join(directory, 'one', 'visit.json'), visit);
    const folder = await run('one', '--output', 'one-fixture.json');
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('--output one-fixture.json: a directory of recordings needs an existing directory or a path ending in "/"');
    for (const name of ['fixtures.json', 'one-fixture.json']) await expect(access(path.join(directory, name)), name).rejects.toThrow();
  });

  it('has --help with an example', async () => {
    const result = await run('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Example:\n {2}\$ recap import rrweb /);
  });
});

describe('round trip: import, then recap run --dry-run --json', () => {
  it('keeps the imported events the profile asks for, and the prompt names their targets', async () => {
    expect((await run('visit.json', '--output', 'roundtrip/visit.json')).code).toBe(0);
    await writeFile(
      path.join(directory, 'friction.yaml'),
      'llm:\n  pre_prompt: Where did the user struggle?\nevents:\n  include_types: [dead-click, error-click, rage-click, console-error, Checkout Started]\n',
    );
    const result = await runCli(['run', 'friction.yaml', 'roundtrip/visit.json', '--dry-run', '--json'], { cwd: directory });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { events: { total: number; kept: Array<{ type: string; name?: string | null; index: number }> }; prompt: string };
    expect(json.events.total).toBe(13);
    expect(json.events.kept.map((event) => (event.type === 'custom' ? event.name : event.type))).toEqual([
      'dead-click',
      'dead-click',
      'error-click',
      'console-error',
      'error-click',
      'console-error',
      'Checkout Started',
    ]);
    expect(json.prompt).toContain('dead-click target="button#apply-coupon" target_text="Apply coupon"');
    expect(json.prompt).toContain('"Payment failed: card declined"');
    expect(json.prompt).not.toContain('WELCOME10'); // input-change was not asked for
  });
});
