import { describe, expect, it } from 'vitest';
import { citedEvents, groundingLines, markedAnswerLines } from './grounding-lines.js';
import type { RunGrounding } from './run-record.js';
import { lineText, segment } from './styled-line.js';

const REPORT: RunGrounding = {
  score: 0.333,
  findings: [
    { kind: 'event', text: '#2', path: '4..6', verdict: 'kept', event: 2 },
    { kind: 'event', text: '#6', path: '11..13', verdict: 'dropped', event: 6, reason: 'beyond the event limit' },
    { kind: 'event', text: '#42', path: '18..21', verdict: 'unsupported', reason: 'no event #42' },
  ],
  unsupported: [{ kind: 'event', text: '#42', path: '18..21', verdict: 'unsupported', reason: 'no event #42' }],
  dropped: [{ kind: 'event', text: '#6', path: '11..13', verdict: 'dropped', event: 6, reason: 'beyond the event limit' }],
};

describe('grounding lines', () => {
  it('states the score and lists every claim not kept, in the order of the answer, with its reason', () => {
    expect(groundingLines(REPORT).map(lineText)).toEqual([
      'grounding ✗ 0.333 · 3 claims: 1 kept, 1 unsupported, 1 dropped',
      '  dropped #6 (event at 11..13, event #6): beyond the event limit',
      '  unsupported #42 (event at 18..21): no event #42',
    ]);
  });

  it('marks the character ranges of unsupported and dropped claims across the lines of a text answer', () => {
    expect(markedAnswerLines('Saw #2, then\n#6 and #42.', REPORT.findings.map((finding) => ({ ...finding, path: { '#2': '4..6', '#6': '13..15', '#42': '20..23' }[finding.text] ?? '' })))).toEqual([
      [segment('Saw #2, then')],
      [segment('#6', 'dropped'), segment(' and '), segment('#42', 'unsupported'), segment('.')],
    ]);
  });

  it('leaves claims whose path is a JSON path unmarked', () => {
    expect(markedAnswerLines('{}', [{ kind: 'text', text: 'x', path: 'evidence[1]', verdict: 'unsupported' }])).toEqual([[segment('{}')]]);
  });

  it('cites each supporting or holding event once, in session order', () => {
    expect(citedEvents(REPORT)).toEqual([2, 6]);
    expect(citedEvents(undefined)).toEqual([]);
  });
});
