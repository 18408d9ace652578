import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLines } from './json-lines.js';
import type { RunGrounding } from './run-record.js';

type Finding = RunGrounding['findings'][number];
const text = (lines: ReturnType<typeof jsonLines>) => lines.map((line) => line.map((part) => part.text).join('')).join('\n');
const styled = (lines: ReturnType<typeof jsonLines>, style: string) => lines.flatMap((line) => line.filter((part) => part.style === style).map((part) => part.text));

describe('jsonLines', () => {
  it('writes what JSON.stringify(value, null, 2) writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(text(jsonLines(value))).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500, seed: 20261124 },
    );
  });

  it('tells keys, strings, numbers and literals apart', () => {
    const lines = jsonLines({ outcome: 'abandoned', steps: 3, done: false, note: null });
    expect(styled(lines, 'key')).toEqual(['"outcome"', '"steps"', '"done"', '"note"']);
    expect(styled(lines, 'string')).toEqual(['"abandoned"']);
    expect(styled(lines, 'number')).toEqual(['3']);
    expect(styled(lines, 'literal')).toEqual(['false', 'null']);
  });

  it('marks each unsupported and dropped claim where its path puts it, and leaves kept ones as they are', () => {
    const value = { summary: 'Opened /cart (#0), then /invented and #6.', evidence: ['Pressed "Apply coupon"', 'Saw "Free shipping"'], dead_clicks: 3, clicks: 1 };
    const findings: Finding[] = [
      { kind: 'url', text: '/cart', path: 'summary', verdict: 'kept', event: 0 },
      { kind: 'event', text: '#0', path: 'summary', verdict: 'kept', event: 0 },
      { kind: 'url', text: '/invented', path: 'summary', verdict: 'unsupported' },
      { kind: 'event', text: '#6', path: 'summary', verdict: 'dropped', event: 6 },
      { kind: 'text', text: '"Free shipping"', path: 'evidence[1]', verdict: 'unsupported' },
      { kind: 'count', text: 'dead_clicks: 3', path: 'dead_clicks', verdict: 'unsupported' },
      { kind: 'count', text: 'clicks: 1', path: 'clicks', verdict: 'kept' },
    ];
    const lines = jsonLines(value, findings);
    expect(text(lines)).toBe(JSON.stringify(value, null, 2));
    expect(styled(lines, 'unsupported')).toEqual(['/invented', '\\"Free shipping\\"', '3']);
    expect(styled(lines, 'dropped')).toEqual(['#6']);
    // A claim's text elsewhere in the answer is not marked: only at its own path.
    expect(styled(lines, 'string')).toContain('"Pressed \\"Apply coupon\\""');
    expect(styled(lines, 'number')).toEqual(['1']);
  });
});
