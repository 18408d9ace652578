import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteString, quoteValue } from './quote-page-text.js';
import { TextWriter } from './text-writer.js';

// The offsets as they were written before the writer: plain string arithmetic.
function offsetByStrings(milliseconds: number): string {
  const whole = Math.round(milliseconds);
  if (whole < 0 || !Number.isSafeInteger(whole)) return `+${whole / 1000}s`;
  const fraction = whole % 1000 === 0 ? '' : `.${String(whole % 1000).padStart(3, '0').replace(/0+$/, '')}`;
  return `+${Math.floor(whole / 1000)}${fraction}s`;
}

// Text that needs every kind of care: JSON escapes, the tag's brackets, line separators, lone
// surrogates, two-byte and astral characters.
const trickyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'Z', '0', ' ', '"', '\\', '<', '>', '\n', '\t', '\u0000', '\u001f', '\u2028', '\u2029', 'é', '—', '\ud800', '\udfff', '😀', '/'),
    fc.string({ unit: 'grapheme', maxLength: 1 }),
  ),
  maxLength: 40,
});

type Write = { kind: 'ascii'; code: number } | { kind: 'write'; text: string } | { kind: 'quoted'; text: string } | { kind: 'offset'; milliseconds: number } | { kind: 'value'; value: unknown };

const writeArbitrary: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('ascii' as const), code: fc.integer({ min: 0x20, max: 0x7e }) }),
  fc.record({ kind: fc.constant('write' as const), text: fc.oneof(trickyText, fc.string({ minLength: 60, maxLength: 200 })) }),
  fc.record({ kind: fc.constant('quoted' as const), text: fc.oneof(trickyText, fc.string({ minLength: 60, maxLength: 200 })) }),
  fc.record({ kind: fc.constant('offset' as const), milliseconds: fc.oneof(fc.integer({ min: -5000, max: 10 ** 9 }), fc.double({ noNaN: true })) }),
  fc.record({
    kind: fc.constant('value' as const),
    value: fc.oneof(fc.jsonValue(), fc.anything({ withDate: true, withBoxedValues: true, withNullPrototype: true, withSparseArray: true })),
  }),
);

function expected(write: Write): string {
  switch (write.kind) {
    case 'ascii':
      return String.fromCharCode(write.code);
    case 'write':
      return write.text;
    case 'quoted':
      return quoteString(write.text);
    case 'offset':
      return offsetByStrings(write.milliseconds);
    case 'value':
      return quoteValue(write.value);
  }
}

function apply(writer: TextWriter, write: Write): void {
  if (write.kind === 'ascii') writer.writeAscii(write.code);
  else if (write.kind === 'write') writer.write(write.text);
  else if (write.kind === 'quoted') writer.writeQuoted(write.text);
  else if (write.kind === 'offset') writer.writeOffset(write.milliseconds);
  else writer.writeValue(write.value);
}

describe('TextWriter', () => {
  it('quotes strings exactly as quoteString does', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        const writer = new TextWriter();
        writer.writeQuoted(text);
        expect(writer.toString()).toBe(quoteString(text));
      }),
      { numRuns: 500 },
    );
  });

  it('escapes a surrogate that is not half of a pair, as JSON.stringify does, and keeps pairs as they are', () => {
    const reference = (text: string) => JSON.stringify(text).replace(/[<>\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const wellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
    for (const text of ['Pay \ud83d', 'Pay \ud83d"', '\udc00x', 'a\ud800\ud800\udc00', '😀 and \udfff', '\ud83d😀']) {
      const writer = new TextWriter();
      writer.writeQuoted(text);
      expect(writer.toString()).toBe(reference(text));
      expect(quoteString(text)).toBe(reference(text));
    }
    fc.assert(
      fc.property(trickyText, (text) => {
        const writer = new TextWriter();
        writer.writeQuoted(text);
        const written = writer.toString();
        expect(written).toBe(reference(text));
        expect(wellFormed(written)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('writes JSON values exactly as quoteValue does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything({ withNullPrototype: true, withSparseArray: true, withObjectString: true })), (value) => {
        const writer = new TextWriter();
        writer.writeValue(value);
        expect(writer.toString()).toBe(quoteValue(value));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves what only JSON.stringify knows to it: toJSON, class instances, non-finite numbers, cycles', () => {
    const cases: unknown[] = [
      new Date(0),
      { when: new Date(0), text: '<b>' },
      new (class Point {
        x = 1;
      })(),
      [1, undefined, () => 1, Symbol('s'), NaN, -0, Infinity],
      NaN,
      -Infinity,
      -0,
      { kept: 1, dropped: undefined, fn: () => 1 },
      undefined,
      // Boxed primitives are written as their value.
      new String('boxed <text>'),
      { count: new Number(3), flag: new Boolean(false) },
      new Map([['key', 'value']]),
    ];
    for (const value of cases) {
      const writer = new TextWriter();
      writer.writeValue(value);
      expect(writer.toString()).toBe(quoteValue(value));
    }
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    expect(() => new TextWriter().writeValue(cycle)).toThrow(TypeError);
    expect(() => new TextWriter().writeValue(10n)).toThrow(TypeError);
  });

  it('writes offsets as seconds to the millisecond without trailing zeros', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1_000_000, max: 10 ** 12 }), fc.double({ noNaN: true }), fc.constantFrom(0, 1, 10, 100, 999, 1000, 1001, 61_250, 2 ** 31 - 1, 2 ** 31 - 0.6, 2 ** 31, 2 ** 31 + 1, 2 ** 32 + 999, 2 ** 53 - 1, 2 ** 53, -0.4, -0.6)), (milliseconds) => {
        const writer = new TextWriter();
        writer.writeOffset(milliseconds);
        expect(writer.toString()).toBe(offsetByStrings(milliseconds));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same text and positions whether it holds everything or turns it into strings as it goes', () => {
    fc.assert(
      fc.property(fc.array(writeArbitrary, { maxLength: 40 }), fc.constantFrom(64, 100, 1000, undefined), (writes, bufferLimit) => {
        const writer = new TextWriter(16, bufferLimit);
        let text = '';
        for (const write of writes) {
          apply(writer, write);
          text += expected(write);
          expect(writer.position).toBe(text.length);
        }
        expect(writer.toString()).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps one-byte and two-byte text apart in each piece', () => {
    // A piece of plain ASCII after one with a two-byte character, and the other way round.
    const writer = new TextWriter(16, 64);
    writer.write('a'.repeat(50));
    writer.writeQuoted('—'.repeat(30));
    writer.write('b'.repeat(70));
    writer.writeQuoted('é'.repeat(10));
    expect(writer.toString()).toBe(`${'a'.repeat(50)}"${'—'.repeat(30)}"${'b'.repeat(70)}"${'é'.repeat(10)}"`);
  });

  it('reads back what was written since a mark, while it is still in the buffer, and writes it again', () => {
    const writer = new TextWriter(16, 64);
    writer.write('head ');
    const mark = writer.position;
    const wideWrites = writer.wideWriteCount;
    writer.writeQuoted('plain');
    const plain = writer.writtenSince(mark, wideWrites);
    expect(plain?.wide).toBe(false);
    const copy = new TextWriter();
    copy.writeUnits(Uint16Array.from(plain?.units ?? []), false);
    expect(copy.toString()).toBe('"plain"');

    const wideMark = writer.position;
    const wideAt = writer.wideWriteCount;
    writer.writeQuoted('em — dash');
    const wide = writer.writtenSince(wideMark, wideAt);
    expect(wide?.wide).toBe(true);
    const wideCopy = new TextWriter();
    wideCopy.writeUnits(Uint16Array.from(wide?.units ?? []), true);
    expect(wideCopy.toString()).toBe('"em — dash"');

    // Once the buffer has been turned into a string past the mark, there is nothing to read back.
    const lateMark = writer.position;
    writer.write('x'.repeat(100));
    expect(writer.writtenSince(lateMark, writer.wideWriteCount)).toBeUndefined();
  });

  it('starts empty on a buffer left by an earlier writer', () => {
    const first = new TextWriter(100_000);
    first.write('x'.repeat(90_000));
    first.writeQuoted('— two-byte');
    expect(first.toString()).toHaveLength(90_012);
    // Same size class: the second writer takes over the first one's buffer.
    const second = new TextWriter(100_000);
    second.write('short');
    expect(second.toString()).toBe('short');
    const third = new TextWriter(100_000);
    third.writeQuoted('plain');
    expect(third.toString()).toBe('"plain"');
  });

  it('goes on writing after toString, and gives everything again', () => {
    for (const bufferLimit of [64, undefined]) {
      const writer = new TextWriter(16, bufferLimit);
      writer.write('first ');
      expect(writer.toString()).toBe('first ');
      writer.writeQuoted('second');
      expect(writer.position).toBe(14);
      expect(writer.toString()).toBe('first "second"');
    }
  });

  it('takes back what it wrote of a value only JSON.stringify can write, even once turned into a string', () => {
    const value = { first: 'y'.repeat(50), nested: { list: [1, 'two'], when: new Date(0) } };
    for (const bufferLimit of [64, 100, undefined]) {
      const writer = new TextWriter(16, bufferLimit);
      writer.write('x'.repeat(40));
      writer.writeValue(value);
      writer.write(' end');
      expect(writer.position).toBe(40 + quoteValue(value).length + 4);
      expect(writer.toString()).toBe(`${'x'.repeat(40)}${quoteValue(value)} end`);
    }
  });

  it('holds a text as long as the last one that outgrew its buffer whole, then keeps that buffer until a much shorter text', () => {
    const text = 'abcdefghij'.repeat(15_000);
    const render = (capacity: number) => {
      const writer = new TextWriter(capacity, 100_000);
      writer.write(text);
      const held = writer.writtenSince(0, 0)?.units.length;
      expect(writer.toString()).toBe(text);
      return held;
    };
    // The first render of 150,000 units is turned into strings part-way; the next is held whole.
    expect(render(160_000)).toBeUndefined();
    expect(render(160_000)).toBe(150_000);
    const kept = TextWriter.spareUnits;
    expect(kept).toBeGreaterThanOrEqual(150_000);
    // The renders after it take the kept buffer, and hand it back.
    const next = new TextWriter(160_000, 100_000);
    expect(TextWriter.spareUnits).toBe(0);
    next.write(text);
    expect(next.writtenSince(0, 0)?.units.length).toBe(150_000);
    expect(next.toString()).toBe(text);
    expect(TextWriter.spareUnits).toBe(kept);
    // A writer expecting under a quarter of it lets it go.
    new TextWriter(30_000, 100_000).write('short');
    expect(TextWriter.spareUnits).toBe(0);
    // A writer that does not expect as much is not given more than its limit.
    const small = new TextWriter(1000, 100_000);
    small.write(text);
    expect(small.writtenSince(0, 0)).toBeUndefined();
    expect(small.toString()).toBe(text);
  });
});
