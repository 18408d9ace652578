import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSession } from '../session/parse-session.js';
import { importRrwebFile, importRrwebStream } from './import-rrweb-recording.js';
import { RrwebImportError } from './rrweb-import-error.js';
import { el, iso, RecordingBuilder } from './test-support/recording-builder.js';

const tab = (href: string, offset: number) =>
  new RecordingBuilder()
    .page(offset, { href, title: href.endsWith('a') ? 'A' : 'B', body: [el('button', { id: 'go' }, 'Go')] })
    .click(offset + 1_000, 'go')
    .scroll(offset + 1_050)
    .consoleError(offset + 3_000, `error in ${href}`);

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}
const importText = (text: string, options: { uid?: string; email?: string } = {}) => importRrwebStream(once(text), { source: 'rec/shop visit.json', ...options });

describe('importRrwebStream', () => {
  it('builds a fixture that loads: id, created_time and timestamps from the recording, viewport from Meta', async () => {
    const { fixture, recording } = await importText(JSON.stringify(tab('https://x.example/a', 500).events));
    expect(fixture).toMatchObject({
      id: expect.stringMatching(/^anonymous:shop-visit-[0-9a-f]{8}$/),
      created_time: iso(500),
      device: { viewport: { width: 1280, height: 800 } },
    });
    expect(fixture).not.toHaveProperty('user');
    expect(fixture.events.map((event) => [event.type, event.timestamp])).toEqual([
      ['navigate', iso(500)],
      ['click', iso(1_500)],
      ['console-error', iso(3_500)],
    ]);
    expect(() => parseSession(fixture)).not.toThrow();
    expect(recording).toMatchObject({ shape: 'array', events: 5, windows: 1 }); // Meta, FullSnapshot, click, scroll, console
  });

  it('gives the same id to the same recording and different ids to different ones', async () => {
    const text = JSON.stringify(tab('https://x.example/a', 0).events);
    expect((await importText(text)).fixture.id).toBe((await importText(text)).fixture.id);
    expect((await importText(JSON.stringify(tab('https://x.example/b', 0).events))).fixture.id).not.toBe((await importText(text)).fixture.id);
  });

  it('takes the user from uid and email; the uid, else the email, is the user part of the id', async () => {
    const text = JSON.stringify({ events: tab('https://x.example/a', 0).events });
    const both = (await importText(text, { uid: 'alice', email: 'alice@example.com' })).fixture;
    expect(both.user).toEqual({ uid: 'alice', email: 'alice@example.com' });
    expect(both.id).toMatch(/^alice:shop-visit-/);
    expect((await importText(text, { email: 'bob@example.com' })).fixture.id).toMatch(/^bob@example\.com:shop-visit-/);
  });

  it('merges the windows of an export into one fixture in time order, noting each event\'s window', async () => {
    const text = JSON.stringify({ snapshot_data_by_window_id: { first: tab('https://x.example/a', 0).events, second: tab('https://x.example/b', 2_000).events } });
    const { fixture, recording } = await importText(text);
    expect(fixture.events.map((event) => [event.type, event.window, event.timestamp])).toEqual([
      ['navigate', 'first', iso(0)],
      ['click', 'first', iso(1_000)],
      ['navigate', 'second', iso(2_000)],
      ['click', 'second', iso(3_000)],
      ['console-error', 'first', iso(3_000)],
      ['console-error', 'second', iso(5_000)],
    ]);
    expect(fixture.created_time).toBe(iso(0));
    expect(recording.windows).toBe(2);
    expect(() => parseSession(fixture)).not.toThrow();
  });
});

describe('importRrwebStream and the unit of timestamps', () => {
  it('warns of a recording dated before 2000, saying when its timestamps look like seconds', async () => {
    const seconds = tab('https://x.example/a', 0).events.map((event) => ({ ...event, timestamp: Math.floor(event.timestamp / 1000) }));
    const { warnings } = await importText(JSON.stringify(seconds));
    expect(warnings).toEqual([expect.objectContaining({ kind: 'timestamps-before-2000', count: 1, message: expect.stringMatching(/^the timestamps look like seconds, not the milliseconds rrweb records: the first event is dated 1970-01-21T/) })]);
    const early = tab('https://x.example/a', 0).events.map((event) => ({ ...event, timestamp: event.timestamp - Date.parse('2026-03-01T10:00:00.000Z') + 1 }));
    expect((await importText(JSON.stringify(early))).warnings.map((warning) => warning.message)).toEqual([
      'the first event is dated 1970-01-01T00:00:00.001Z, before 2000: rrweb records milliseconds since 1970, so the timestamps are probably in another unit or from another clock',
    ]);
    expect((await importText(JSON.stringify(tab('https://x.example/a', 0).events))).warnings).toEqual([]);
  });
});

describe('importRrwebFile', () => {
  it('names a missing file', async () => {
    const error = await importRrwebFile('/nonexistent/recording.json', { source: 'recording.json' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RrwebImportError);
    expect((error as RrwebImportError).message).toBe('recording.json: file not found (looked for /nonexistent/recording.json; the folder /nonexistent does not exist)');
  });

  it('says that a link\'s target is missing, rather than "file not found" and a suggestion of the link\'s own name', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-import-'));
    await mkdir(path.join(directory, 'recs'));
    const gone = path.join(directory, 'gone', 'visit.json');
    await symlink(gone, path.join(directory, 'recs', 'broken.json'));
    const error = await importRrwebFile(path.join(directory, 'recs', 'broken.json'), { source: 'recs/broken.json' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RrwebImportError);
    expect((error as RrwebImportError).message).toBe(`recs/broken.json: the link's target is missing (it points to ${gone}, which does not exist)`);
  });

  it('reads a file', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'recap-import-'));
    const file = path.join(directory, 'visit.json');
    await writeFile(file, JSON.stringify(tab('https://x.example/a', 0).events));
    const { fixture } = await importRrwebFile(file);
    expect(fixture.id).toMatch(/^anonymous:visit-[0-9a-f]{8}$/);
  });
});
