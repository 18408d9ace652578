import { describe, expect, it } from 'vitest';
import { createTextReader } from './text-reader.js';

/** A file system of buffers, counting reads. */
function files(initial: Record<string, string>) {
  const contents = new Map(Object.entries(initial).map(([file, text]) => [file, Buffer.from(text)]));
  return {
    write: (file: string, text: string) => contents.set(file, Buffer.from(text)),
    read: (file: string) => {
      const bytes = contents.get(file);
      return bytes === undefined ? Promise.reject(Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' })) : Promise.resolve(Buffer.from(bytes));
    },
  };
}

/** How many buffers `body` decodes. */
async function countingDecodes(body: () => Promise<void>): Promise<number> {
  const decode = Buffer.prototype.toString;
  let decodes = 0;
  Buffer.prototype.toString = function (this: Buffer, ...args: Parameters<typeof decode>) {
    decodes++;
    return decode.apply(this, args);
  } as typeof decode;
  try {
    await body();
  } finally {
    Buffer.prototype.toString = decode;
  }
  return decodes;
}

describe('createTextReader', () => {
  it('decodes UTF-8 and reads changed bytes again', async () => {
    const disk = files({ 'a.json': '{"title":"Café — 3 €"}' });
    const readText = createTextReader(disk.read);
    expect(await readText('a.json')).toBe('{"title":"Café — 3 €"}');
    disk.write('a.json', '{"title":"Café — 4 €"}');
    expect(await readText('a.json')).toBe('{"title":"Café — 4 €"}');
  });

  it('hands back the text it already has when the bytes did not change, without decoding them again', async () => {
    const disk = files({ 'a.json': 'x'.repeat(1000) });
    const readText = createTextReader(disk.read);
    const first = await readText('a.json');
    const decodes = await countingDecodes(async () => {
      expect(await readText('a.json')).toBe(first);
      disk.write('a.json', 'y'.repeat(1000));
      expect(await readText('a.json')).toBe('y'.repeat(1000));
    });
    expect(decodes).toBe(1);
  });

  it('remembers only the last three files, so switching between many files does not hold them all', async () => {
    const disk = files({ a: 'A', b: 'B', c: 'C', d: 'D' });
    const readText = createTextReader(disk.read);
    for (const file of ['a', 'b', 'c']) await readText(file);
    // The three files are remembered: none is decoded again.
    expect(await countingDecodes(async () => void (await Promise.all(['a', 'b', 'c'].map(readText))))).toBe(0);
    // A fourth pushes out the one read longest ago (a), which is then decoded again.
    await readText('d');
    expect(await countingDecodes(async () => expect(await readText('a')).toBe('A'))).toBe(1);
    expect(await countingDecodes(async () => expect(await readText('d')).toBe('D'))).toBe(0);
  });

  it('refuses a file that is not UTF-8, naming the line, and drops a byte order mark', async () => {
    const disk = files({ 'a.json': '{}' });
    disk.write('a.json', '');
    const readText = createTextReader((file) => (file === 'latin1.yaml' ? Promise.resolve(Buffer.from('name: x\npre: Résumé\n', 'latin1')) : disk.read(file)));
    await expect(readText('latin1.yaml')).rejects.toMatchObject({ code: 'ERR_NOT_UTF8', message: expect.stringContaining('on line 2') });
    disk.write('a.json', '\ufeff{"a":"é"}');
    expect(await readText('a.json')).toBe('{"a":"é"}');
  });

  it('passes read errors on unchanged, so the studio can tell a missing file from an unreadable one', async () => {
    const readText = createTextReader(files({}).read);
    await expect(readText('gone.json')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
