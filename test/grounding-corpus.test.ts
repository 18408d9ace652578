// Precision and recall of groundAnswer on a hand-labelled corpus (test/grounding-corpus/): 7
// session/profile pairs, 77 model answers in the styles models write (prose, bullets, structured
// JSON), every checkable claim labelled kept, dropped or unsupported from the session and the
// prompt, not from groundAnswer.
//
// A labelled claim is matched to a finding by text, kind-agnostic: both normalised (lower case,
// straight quotes, `-` for dashes, spaces collapsed, quotes, backticks and punctuation trimmed);
// an equal text first, else one that contains the other (`after about 2 minutes` ~ `about 2
// minutes`), never for event references. A range `#12–#15` is labelled one event at a time (`#12`
// … `#15`). Each finding matches one label. An unmatched label is a recall miss of its verdict; an
// unmatched unsupported or dropped finding is a precision miss (see measure.ts).

import { describe, expect, it } from 'vitest';
import { loadGroundedCorpus } from './grounding-corpus/load-corpus.js';
import { formatGroundingFigures, measureGrounding } from './grounding-corpus/measure.js';

const MIN_PRECISION = 0.95;
const MIN_RECALL = 0.9;

describe('groundAnswer on the hand-labelled corpus', () => {
  it('finds unsupported and dropped claims with precision >= 0.95 and recall >= 0.9', async () => {
    const corpus = await loadGroundedCorpus();
    const figures = measureGrounding(corpus);
    const table = formatGroundingFigures(figures);
    console.log(table);
    expect(new Set(corpus.map(({ id }) => id.replace(/\[\d+\]$/, ''))).size).toBeGreaterThanOrEqual(6);
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    for (const name of ['unsupported', 'dropped'] as const) {
      expect(figures[name].precision, `${name} precision\n${table}`).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(figures[name].recall, `${name} recall\n${table}`).toBeGreaterThanOrEqual(MIN_RECALL);
    }
  });
});
