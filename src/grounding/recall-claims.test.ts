// Invented claims the checker missed on the corpus, read by general rules: counts of a dozen, an
// ordinal said of a citation, and a count said as a share of a total.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 2, 12, 0, 0) + seconds * 1000).toISOString();
const next = { selector: 'form#details button.next', text: 'Next: payment' };

// #0 a page load, #1–#8 clicks on “Search”, #9–#11 clicks on “Next: payment”, #12 a dead click on
// the map: 11 clicks, 12 of every kind, one of them dead.
const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://www.staywise.example/search' },
  ...Array.from({ length: 8 }, (_, index) => ({ type: 'click', timestamp: at(2 + index), target: { selector: 'button#search', text: 'Search' } })),
  ...[20, 30, 40].map((seconds) => ({ type: 'click', timestamp: at(seconds), target: next })),
  { type: 'dead-click', timestamp: at(50), target: { selector: 'div.map span.cluster-count', text: '12' } },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string, kinds: readonly string[]) {
  const session = parseSession({ id: 'u-16:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims the corpus showed missed', () => {
  it('reads a dozen and half a dozen as counts of events', () => {
    expect(found('In all, a dozen clicks and half a dozen dead clicks.', ['count'])).toEqual([
      ['count', 'a dozen clicks', 'kept'],
      ['count', 'half a dozen dead clicks', 'unsupported'],
    ]);
    expect(found('Roughly a dozen clicks went into the search.', ['count'])).toEqual([['count', 'a dozen clicks', 'kept']]);
    expect(found('Half a dozen clicks on “Search” first.', ['count'])).toEqual([['count', 'Half a dozen clicks', 'unsupported']]);
    // A number of times is said loosely of clicks: no claim.
    expect(found('She clicked around a dozen times.', ['count'])).toEqual([]);
  });

  it('holds an ordinal said of a citation to the cited event’s rank among the events of its kind', () => {
    expect(found('The second click on “Next: payment” (#10) failed; the third click on “Next: payment” (#11) worked.', ['event'])).toEqual([
      ['event', '#10', 'kept'],
      ['event', '#11', 'kept'],
    ]);
    expect(found('The second click on “Next: payment” (#11) worked.', ['event'])).toEqual([['event', '#11', 'unsupported']]);
    expect(found('The first dead click (#12) was on the map.', ['event'])).toEqual([['event', '#12', 'kept']]);
    expect(found('The second dead click (#12) was on the map.', ['event'])).toEqual([['event', '#12', 'unsupported']]);
    // Words that name no element bound the rank from below only.
    expect(found('The fourth click on the map (#12) did nothing.', ['event'])).toEqual([['event', '#12', 'kept']]);
    expect(found('The tenth click on the map (#3) did nothing.', ['event'])).toEqual([['event', '#3', 'unsupported']]);
  });

  it('holds a share of clicks to the part its words name over a total of them', () => {
    expect(found('About half of the clicks did nothing, and 40% of the clicks were dead clicks.', ['count'])).toEqual([
      ['count', 'half of the clicks', 'unsupported'],
      ['count', '40% of the clicks', 'unsupported'],
    ]);
    // One dead click of 12 (or of 11 clicks): 8 or 9 %.
    expect(found('About 10% of the clicks did nothing; 8% of the clicks were dead clicks.', ['count'])).toEqual([
      ['count', '10% of the clicks', 'kept'],
      ['count', '8% of the clicks', 'kept'],
    ]);
    // A share whose part is not a kind of event is no claim.
    expect(found('Two thirds of the clicks were on “Search”; half of the clicks in total.', ['count'])).toEqual([]);
  });
});
