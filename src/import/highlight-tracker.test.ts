import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_SETTLE_MS } from './highlight-tracker.js';
import { derive, ofType } from './test-support/derive-recording.js';
import { el, RecordingBuilder } from './test-support/recording-builder.js';

function article(): RecordingBuilder {
  return new RecordingBuilder().page(0, {
    href: 'https://shop.example/p/jacket',
    body: [
      el(
        'section',
        { id: 'specs' },
        el('p', { id: 'battery' }, 'Battery: up to 40 h'),
        el('p', { id: 'weight' }, 'Weight: 254 g'),
      ),
    ],
  });
}
const highlights = (recording: RecordingBuilder) => ofType(derive(recording), 'highlight');

describe('highlight', () => {
  it('a drag selection is one highlight with the final text, at its last change', () => {
    const recording = article().select(1_000, 'battery', 9, 'battery', 12).select(1_100, 'battery', 9, 'battery', 15).select(1_200, 'battery', 9, 'battery', 19);
    expect(highlights(recording)).toEqual([{ type: 'highlight', at: 1_200, text: 'up to 40 h', target: { selector: 'p#battery' } }]);
  });

  it('reads text across elements and names the element that contains both ends', () => {
    expect(highlights(article().select(1_000, 'battery', 9, 'weight', 6))).toEqual([
      { type: 'highlight', at: 1_000, text: 'up to 40 hWeight', target: { selector: 'section#specs' } },
    ]);
  });

  it('a caret (collapsed selection) is not a highlight, and does not erase the text selected before it', () => {
    expect(highlights(article().select(1_000, 'battery', 3, 'battery', 3))).toEqual([]);
    const recording = article().select(1_000, 'weight', 0, 'weight', 6).select(1_300, 'weight', 2, 'weight', 2);
    expect(highlights(recording).map((event) => event.text)).toEqual(['Weight']);
  });

  it(`selections more than ${HIGHLIGHT_SETTLE_MS} ms apart are two highlights`, () => {
    const recording = article().select(1_000, 'battery', 0, 'battery', 7).select(1_000 + HIGHLIGHT_SETTLE_MS + 500, 'weight', 0, 'weight', 6);
    expect(highlights(recording).map((event) => event.text)).toEqual(['Battery', 'Weight']);
  });

  it('without the nodes in the mirror, the highlight has no text', () => {
    const recording = article().raw({ type: 3, timestamp: Date.parse('2026-03-01T10:00:01Z'), data: { source: 14, ranges: [{ start: 999, startOffset: 0, end: 999, endOffset: 4 }] } });
    expect(highlights(recording)).toEqual([{ type: 'highlight', at: 1_000 }]);
  });
});
