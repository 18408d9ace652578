import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyExistingJson, hasFixtureShape, inspectExistingOutput } from './existing-output.js';

const fixture = { id: 'anonymous:visit-3fa2b1c9', events: [{ type: 'click', timestamp: '2025-01-01T00:00:00.000Z' }] };
const rrwebEvents = [{ type: 4, timestamp: 1, data: { href: 'https://x.example/', width: 1, height: 1 } }];

let directory: string;
const at = (name: string) => path.join(directory, name);

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-existing-output-'));
  await writeFile(at('fixture.json'), `\uFEFF${JSON.stringify(fixture, null, 2)}\n`);
  await writeFile(at('recording.json'), JSON.stringify(rrwebEvents));
  await writeFile(at('wrapped.json'), JSON.stringify({ id: 'x', events: rrwebEvents }));
  await writeFile(at('broken.json'), '{"id": "x", "events": [');
  await writeFile(at('empty.json'), '');
  await mkdir(at('folder.json'));
});

describe('hasFixtureShape', () => {
  it('accepts an object with a string id and events whose type and timestamp are strings', () => {
    expect(hasFixtureShape(fixture)).toBe(true);
    expect(hasFixtureShape({ id: 'a:b', events: [] })).toBe(true);
  });

  it('refuses rrweb events (numeric types), a missing id and anything that is not an object', () => {
    expect(hasFixtureShape({ id: 'x', events: rrwebEvents })).toBe(false);
    expect(hasFixtureShape({ events: fixture.events })).toBe(false);
    expect(hasFixtureShape({ id: 'x', events: [null] })).toBe(false);
    expect(hasFixtureShape([fixture])).toBe(false);
  });
});

describe('classifyExistingJson', () => {
  it('calls a list or an object with events or windows an rrweb recording', () => {
    for (const value of [rrwebEvents, { events: rrwebEvents }, { snapshot_data_by_window_id: {} }]) {
      expect(classifyExistingJson(value)).toEqual({ kind: 'other', why: 'looks like an rrweb recording, not a recap fixture' });
    }
    expect(classifyExistingJson({ name: 'package' })).toMatchObject({ kind: 'other', why: expect.stringContaining('is not a recap fixture') });
  });
});

describe('inspectExistingOutput', () => {
  it('lets a missing file, a file under a missing folder and a folder through (writing reports them)', async () => {
    for (const name of ['missing.json', 'missing/fixture.json', 'folder.json']) expect(await inspectExistingOutput(at(name)), name).toEqual({ kind: 'none' });
  });

  it('recognises an earlier fixture, byte order mark included', async () => {
    expect(await inspectExistingOutput(at('fixture.json'))).toEqual({ kind: 'fixture' });
  });

  it('keeps a recording, even one wrapped in an object with an id', async () => {
    expect(await inspectExistingOutput(at('recording.json'))).toMatchObject({ why: 'looks like an rrweb recording, not a recap fixture' });
    expect(await inspectExistingOutput(at('wrapped.json'))).toMatchObject({ why: 'looks like an rrweb recording, not a recap fixture' });
  });

  it('keeps a file that is not valid JSON, an empty one included', async () => {
    expect(await inspectExistingOutput(at('broken.json'))).toEqual({ kind: 'other', why: 'is not a recap fixture (not valid JSON)' });
    expect(await inspectExistingOutput(at('empty.json'))).toEqual({ kind: 'other', why: 'is not a recap fixture (not valid JSON)' });
  });
});
