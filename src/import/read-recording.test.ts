import { describe, expect, it } from 'vitest';
import { ImportWarnings } from './import-warnings.js';
import { readRecording } from './read-recording.js';
import { RrwebImportError } from './rrweb-import-error.js';
import type { EventPosition, RrwebEvent } from './rrweb-vocabulary.js';

/** The text in chunks of `size` bytes, as a file stream would deliver it. */
async function* chunks(text: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function read(text: string | Buffer, size?: number) {
  const seen: Array<{ type: number; position: EventPosition }> = [];
  const warnings = new ImportWarnings();
  const summary = await readRecording(chunks(text, size), 'rec.json', (event: RrwebEvent, position) => seen.push({ type: event.type, position }), warnings);
  return { seen, summary, warnings: warnings.list() };
}

async function failure(text: string | Buffer, size?: number): Promise<RrwebImportError> {
  const error = await read(text, size).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RrwebImportError);
  return error as RrwebImportError;
}

const meta = { type: 4, timestamp: 1, data: { href: 'https://x.example/', width: 10, height: 10 } };
const click = { type: 3, timestamp: 2, data: { source: 2, type: 2, id: 1, x: 1, y: 1 } };

describe('readRecording', () => {
  it('reads a plain array of events, whatever the chunk boundaries (multi-byte text included)', async () => {
    const text = JSON.stringify([meta, { ...click, data: { ...click.data, note: 'é€😀' } }]);
    for (const size of [1, 3, 64 * 1024]) {
      const { seen, summary } = await read(text, size);
      expect(seen).toEqual([
        { type: 4, position: { index: 0, window: undefined } },
        { type: 3, position: { index: 1, window: undefined } },
      ]);
      expect(summary).toMatchObject({ shape: 'array', events: 2, bytes: Buffer.byteLength(text) });
    }
  });

  it('reads { "events": [...] } and skips other keys', async () => {
    const { seen, summary } = await read(JSON.stringify({ version: 2, meta: { a: [1, { b: 2 }] }, events: [meta, click], tail: true }));
    expect(seen.map((event) => event.type)).toEqual([4, 3]);
    expect(summary.shape).toBe('events');
  });

  it('reads { "snapshot_data_by_window_id": { ... } } with the window of each event', async () => {
    const { seen, summary } = await read(JSON.stringify({ snapshot_data_by_window_id: { 'w-1': [meta], 'w-2': [meta, click] } }));
    expect(seen.map((event) => event.position)).toEqual([
      { index: 0, window: 'w-1' },
      { index: 0, window: 'w-2' },
      { index: 1, window: 'w-2' },
    ]);
    expect(summary.shape).toBe('windows');
  });

  it('counts entries that are not rrweb events and goes on', async () => {
    const { seen, warnings } = await read(JSON.stringify([meta, 3, { type: 'x', timestamp: 1 }, { type: 3 }, null, click]));
    expect(seen.map((event) => event.position.index)).toEqual([0, 5]);
    expect(warnings).toEqual([expect.objectContaining({ kind: 'invalid-event', count: 4, first: { index: 1, window: undefined } })]);
  });

  it('names the file, the event and the path when the JSON is cut off', async () => {
    const text = JSON.stringify([meta, click]);
    const error = await failure(text.slice(0, text.length - 20));
    expect(error.reason).toBe('invalid_json');
    expect(error.message).toMatch(/^rec\.json: the JSON ends early at byte \d+ after \[1\]\.data\.\w+, inside event #1: the recording looks truncated/);
  });

  it('names the file, the event and the place of a syntax error', async () => {
    const error = await failure(`[${JSON.stringify(meta)}, {"type": 3, "timestamp": 2, "data": {"source": 2,, "id": 1}}]`);
    expect(error.message).toMatch(/^rec\.json: not valid JSON near bytes [\d,]+–[\d,]+ after \[1\]\.data\.source, inside event #1: /);
  });

  it('calls a bad token in the last bytes invalid JSON, not a truncated file, and its range holds the token', async () => {
    const short = `[${JSON.stringify(meta)}, `;
    // 1,023 bytes: the token starts in the last byte of one 1,024-byte write and ends in the next.
    const long = `[${JSON.stringify({ ...meta, data: { ...meta.data, href: `https://x.example/${'a'.repeat(1023 - short.length)}` } })}, `;
    const endings = [Buffer.from('x]'), Buffer.from([0xff, 0x5d]), Buffer.from('t]'), Buffer.from('xtru'), Buffer.from('"a\\q"]'), Buffer.from('"a\nb"]')];
    for (const start of [short, long]) {
      for (const ending of endings) {
        const text = Buffer.concat([Buffer.from(start), ending]);
        for (const size of [1, 7, 64 * 1024]) {
          const error = await failure(text, size);
          const label = `${JSON.stringify(ending.toString('latin1'))} after ${start.length} bytes in chunks of ${size}`;
          expect(error.reason, label).toBe('invalid_json');
          const range = /^rec\.json: not valid JSON near bytes ([\d,]+)–([\d,]+) after \[1\]: /.exec(error.message);
          expect(range, `${label}: ${error.message}`).not.toBeNull();
          const [from, to] = [range![1]!, range![2]!].map((bytes) => Number(bytes.replaceAll(',', '')));
          expect(from, label).toBeLessThanOrEqual(Buffer.byteLength(start));
          expect(to, label).toBe(text.length);
        }
      }
    }
  });

  it('calls a file cut inside a literal, an escape or a number truncated, whatever the chunks', async () => {
    const start = `[${JSON.stringify(meta)}, `;
    for (const ending of ['tru', 'n', '{"a": fals', '{"a": "caf\\u00e', '{"a": "b\\', '-', '1.5e']) {
      for (const size of [1, 7, 64 * 1024]) {
        const error = await failure(start + ending, size);
        expect(error.message, `${ending} in chunks of ${size}`).toMatch(/^rec\.json: the JSON ends early at byte \d+ after \[1\].*: the recording looks truncated/);
      }
    }
  });

  it('refuses JSON that is not a recording, saying what it expected', async () => {
    expect((await failure('{"hello": "world"}')).message).toBe(
      'rec.json: not an rrweb recording: expected a JSON array of events, an object with "events", or one with "snapshot_data_by_window_id"',
    );
    expect((await failure('"text"')).reason).toBe('not_a_recording');
    expect((await failure('{"events": {"a": 1}}')).message).toContain('"events" should be a list of rrweb events');
    expect((await failure('{"snapshot_data_by_window_id": {"w": 3}}')).message).toContain('snapshot_data_by_window_id["w"] should be a list');
  });

  it('refuses an object with both "events" and "snapshot_data_by_window_id", in either order, or with one of them twice, rather than read every event twice', async () => {
    const both = 'rec.json: not an rrweb recording: the object holds both "events" and "snapshot_data_by_window_id", so it is unclear which to import: keep one of them';
    for (const text of [
      JSON.stringify({ events: [meta, click], snapshot_data_by_window_id: { w: [meta, click] } }),
      JSON.stringify({ snapshot_data_by_window_id: { w: [meta, click] }, events: [meta, click] }),
    ]) {
      const error = await failure(text);
      expect(error.message).toBe(both);
      expect(error.reason).toBe('not_a_recording');
    }
    expect((await failure('{"events": [], "events": []}')).message).toBe('rec.json: not an rrweb recording: "events" appears twice in the object: keep one');
  });

  it('skips events whose timestamp has no ISO 8601 date (years 0000–9999) as entries that are not rrweb events', async () => {
    const late = { ...click, timestamp: 253_402_300_800_000 };
    const early = { ...click, timestamp: -62_167_219_200_001 };
    const { seen, warnings } = await read(JSON.stringify([meta, late, early, { ...click, timestamp: 253_402_300_799_999 }]));
    expect(seen.map((event) => event.position.index)).toEqual([0, 3]);
    expect(warnings).toEqual([expect.objectContaining({ kind: 'invalid-event', count: 2, first: { index: 1, window: undefined } })]);
  });

  it('says why it skipped every entry when none of them is an rrweb event', async () => {
    const error = await failure(JSON.stringify([{ type: 4, timestamp: '2026-03-01T10:00:00Z' }, { type: 3 }, { ...click, timestamp: 1e16 }]));
    expect(error.reason).toBe('not_a_recording');
    expect(error.message).toBe(
      'rec.json: the recording holds no rrweb events: 3 × entries that are not rrweb events (an object with a numeric type and a timestamp in milliseconds) skipped (first at event #0)',
    );
  });

  it('refuses bytes that are not UTF-8 inside a string, naming where, rather than turning them into U+FFFD', async () => {
    const start = `[${JSON.stringify(meta)}, {"type": 3, "timestamp": 2, "data": {"source": 2, "type": 2, "id": 1, "x": 1, "y": 1, "note": "caf`;
    const text = Buffer.concat([Buffer.from(start), Buffer.from([0xe9]), Buffer.from('"}}]')]);
    for (const size of [1, 7, 64 * 1024]) {
      const error = await failure(text, size);
      expect(error.reason).toBe('invalid_json');
      const context = size === 64 * 1024 ? '' : ' after \\[1\\]\\.data\\.note, inside event #1';
      expect(error.message).toMatch(new RegExp(`^rec\\.json: not UTF-8 text near bytes [\\d,]+–[\\d,]+${context}: save the recording as UTF-8$`));
    }
    // A multi-byte character split across chunks is UTF-8.
    const { seen } = await read(Buffer.concat([Buffer.from(start), Buffer.from('é'), Buffer.from('"}}]')]), 1);
    expect(seen).toHaveLength(2);
  });

  it('refuses a recording without events', async () => {
    expect((await failure('[]')).message).toBe('rec.json: the recording holds no rrweb events');
    expect((await failure('')).reason).toBe('invalid_json');
    expect((await failure('')).message).toBe('rec.json: the file is empty (0 bytes): it holds no recording');
  });

  it('does not let a key named __proto__ reach a prototype', async () => {
    const seen: unknown[] = [];
    await readRecording(chunks('[{"type":5,"timestamp":1,"data":{"__proto__":{"polluted":true},"tag":"x"}}]'), 'r', (event) => seen.push(event), new ImportWarnings());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((seen[0] as { data: Record<string, unknown> }).data.polluted).toBeUndefined();
  });

  it('says that it dropped a key named __proto__, rather than lose it without a word', async () => {
    const { warnings } = await read('[{"type":5,"timestamp":1,"data":{"tag":"x","payload":{"__proto__":{"a":1},"b":2}}}, {"type":5,"timestamp":2,"data":{"__proto__":1}}]');
    expect(warnings).toEqual([
      expect.objectContaining({ kind: 'proto-key', message: 'keys named "__proto__" dropped (they cannot be kept safely)', count: 2, first: { index: 0, window: undefined } }),
    ]);
  });
});
