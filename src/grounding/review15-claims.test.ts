// Claims a fifteenth reviewer's answers about a hotel booked on a phone showed the checker getting
// wrong: the closing tags of answers written as HTML read as paths, counts of taps not read, and a
// rage click's taps counted as every click on its element.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 2, 12, 1, 18) + seconds * 1000).toISOString();
const reserve = { selector: 'div.room-picker button#reserve', text: 'Reserve' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://www.staywise.example/search?dest=porto-pt&view=map' },
  { type: 'click', timestamp: at(6), target: { selector: 'div.map button.pin', text: '€189' } },
  { type: 'dead-click', timestamp: at(12), target: { selector: 'div.map span.cluster-count', text: '12' } },
  { type: 'click', timestamp: at(20), target: reserve },
  { type: 'rage-click', timestamp: at(21), target: reserve, count: 5 },
  { type: 'navigate', timestamp: at(24), url: 'https://www.staywise.example/book/details?hotel=hotel-aliados-premium' },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[]) {
  const session = parseSession({ id: 'u-15:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the fifteenth review', () => {
  it('reads no path in the closing tags of an answer written as HTML, and still reads its paths', () => {
    const answer = '<p><b>Booking</b></p>\n<ul>\n<li>Tapped the “€189” pin (#1)</li>\n<li>Opened /book/details (#5), then /book/payment</li>\n</ul>';
    expect(found(answer, ['url'])).toEqual([
      ['url', '/book/details', 'kept'],
      ['url', '/book/payment', 'unsupported'],
    ]);
    // A closing tag with no opening one is no markup: `</session>` copied from a title stays a path.
    expect(found('The title said </session> there.', ['url'])).toEqual([['url', '/session', 'unsupported']]);
  });

  it('reads taps as clicks: counts of taps, dead taps and rage taps', () => {
    expect(found('On her phone she made ~4 taps, 1 dead tap and 2 rage taps; I count 3–4 dead taps.', ['count'])).toEqual([
      ['count', '4 taps', 'kept'],
      ['count', '1 dead tap', 'kept'],
      ['count', '2 rage taps', 'unsupported'],
      ['count', '4 dead taps', 'unsupported'],
    ]);
  });

  it('holds a number of clicks said of a rage click to the clicks it recorded', () => {
    // Six clicks landed on “Reserve” (a click and a rage click of five); the rage click was five.
    expect(found('A click and a rage click of five taps on “Reserve” (#3, #4).', ['count'])).toEqual([
      ['count', 'a rage click', 'kept'],
      ['count', 'five taps', 'kept'],
    ]);
    expect(found('A rage click of 6 clicks on “Reserve” (#4).', ['count'])).toEqual([
      ['count', 'A rage click', 'kept'],
      ['count', '6 clicks', 'unsupported'],
    ]);
  });
});
