import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoTimestamp, parseIsoTimestamp, timestampProblem } from './iso-timestamp.js';

describe('parseIsoTimestamp', () => {
  it('reads timestamps with a zone', () => {
    expect(parseIsoTimestamp('2026-03-01T10:00:00.000Z')).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseIsoTimestamp('2026-03-01T11:00:00+01:00')).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseIsoTimestamp('2026-03-01T10:00Z')).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseIsoTimestamp('2024-02-29T00:00:00.000Z')).toBe(Date.UTC(2024, 1, 29));
    expect(parseIsoTimestamp('0050-01-01T00:00:00.000Z')).toBe(Date.parse('0050-01-01T00:00:00.000Z'));
  });

  it('refuses timestamps without a zone, impossible dates and other formats', () => {
    for (const value of ['2026-03-01T10:00:00', '2026-02-29T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-04-31T00:00:00Z', '2026-03-01T24:00:00.000Z', 'March 1, 2026', '1772359200000', '']) {
      expect(isIsoTimestamp(value)).toBe(false);
    }
  });

  it('refuses instants that a zone carries outside the years 0000–9999, which could not be written back', () => {
    expect(parseIsoTimestamp('9999-12-31T23:59:59+23:59')).toBe(Date.parse('9999-12-31T00:00:59Z'));
    expect(parseIsoTimestamp('9999-12-31T23:59:59-23:59')).toBeUndefined();
    expect(parseIsoTimestamp('0000-01-01T00:00:00+00:01')).toBeUndefined();
    expect(parseIsoTimestamp('0000-01-01T00:00:00-00:01')).toBe(Date.parse('0000-01-01T00:01:00Z'));
    expect(timestampProblem('9999-12-31T23:59:59-23:59')).toBe('falls outside the years 0000–9999 in UTC (its zone carries it past them)');
    expect(timestampProblem('2026-13-01T00:00:00Z')).toBe('not an ISO 8601 date');
    // A date alone is ISO 8601 too: the message says what it lacks.
    expect(timestampProblem('2026-03-01')).toBe('is a date without a time: a timestamp needs a time and a time zone, e.g. 2026-03-01T00:00:00Z');
  });

  it('reads the canonical form exactly as Date.parse does', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        const text = date.toISOString();
        expect(parseIsoTimestamp(text)).toBe(Date.parse(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the general reading on near-canonical strings', () => {
    const digits = fc.constantFrom(...'0123456789'.split(''));
    const text = fc.array(fc.oneof(digits, fc.constantFrom('-', ':', '.', 'T', 'Z', 'x')), { minLength: 24, maxLength: 24 }).map((chars) => chars.join(''));
    const nearCanonical = fc.tuple(fc.date({ noInvalidDate: true, min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-01-01T00:00:00Z') }), fc.nat(23), digits).map(([date, index, character]) => {
      const iso = date.toISOString();
      return iso.slice(0, index) + character + iso.slice(index + 1);
    });
    fc.assert(
      fc.property(fc.oneof(text, nearCanonical), (value) => {
        const general = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/.test(value) ? Date.parse(value) : undefined;
        const valid = general !== undefined && new Date(general).toISOString() === value;
        expect(parseIsoTimestamp(value)).toBe(valid ? general : undefined);
      }),
      { numRuns: 3000 },
    );
  });
});
