// Claims a twentieth reviewer's answers about a ride booked in a phone's browser showed the
// checker missing or misjudging: citations written `(E12, E14)`, ranges written `#48…#50`, event
// indexes given as strings in a structured response (`"event_ids": [12, "14"]`), an item's offset
// in seconds (`"t_offset_s": 93`), answers written as XML (their declaration, closing tags with
// hyphens, an attribute of citations), and `a minute and a half` said with no word of time after it.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 17:52:10 UTC, about 10 minutes.
const at = (seconds: number) => new Date(Date.UTC(2027, 0, 15, 17, 52, 10) + seconds * 1000).toISOString();
const eta = (text: string) => ({ selector: 'div.driver-card p.eta', text });

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://m.ridenow.example/ride/live?ride=R-1' },
  { type: 'element-seen', timestamp: at(1), target: eta('Arriving in 6 min') },
  { type: 'element-seen', timestamp: at(61), target: eta('Arriving in 5 min') },
  { type: 'element-seen', timestamp: at(121), target: eta('Arriving in 4 min') },
  { type: 'custom', timestamp: at(130), name: 'app_backgrounded', properties: { visibility: 'hidden' } },
  { type: 'network-error', timestamp: at(170), url: 'https://api.ridenow.example/v3/rides/R-1/location', method: 'GET', status: 503 },
  { type: 'custom', timestamp: at(200), name: 'driver_cancelled', properties: { reason: 'driver_unavailable' } },
  { type: 'rage-click', timestamp: at(208), target: { selector: 'button#cancel-ride', text: 'Cancel ride' }, count: 4 },
  { type: 'click', timestamp: at(214), target: { selector: 'button.keep', text: 'Keep looking' } },
  { type: 'element-seen', timestamp: at(400), target: eta('Joris has arrived') },
  { type: 'click', timestamp: at(600), target: { selector: 'button#done', text: 'Done' } },
];

/** The findings (kind, text, verdict) of `answer` about the events under `profile`, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[], profileText = '{}') {
  const session = parseSession({ id: 'u-20:s-1', events });
  const profile = parseProfile(profileText);
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

// The app's background event is left out: #4 is dropped.
const withoutBackground = 'events:\n  exclude_types: [app_backgrounded]\n';

describe('groundAnswer: claims of the twentieth review', () => {
  it('reads "(E7, E8)" in round brackets as citations, as "(e7)" is', () => {
    expect(found('The driver cancelled (E6), then a tap on "Keep looking" (E7, E8) and (E4); not (E2E tests).', ['event'], withoutBackground)).toEqual([
      ['event', 'E6', 'kept'],
      ['event', 'E7', 'kept'],
      ['event', 'E8', 'kept'],
      ['event', 'E4', 'dropped'],
    ]);
  });

  it('reads "#1…#3" and "#1...#3" as ranges of citations', () => {
    expect(found('The ETA ticked down (#1…#3), twice over (#6...#7); then #9….', ['event'])).toEqual([
      ['event', '#1…#3', 'kept'],
      ['event', '#1…#3', 'kept'],
      ['event', '#1…#3', 'kept'],
      ['event', '#6...#7', 'kept'],
      ['event', '#6...#7', 'kept'],
      ['event', '#9', 'kept'],
    ]);
  });

  it('reads an index written as a string under a key that names events as the number', () => {
    const answer = { timeline: [{ what: 'cancelled', event_ids: [6, '7', ['8']], event_id: '4' }, { what: 'no citation', note: '12', event_ids: ['12a'] }] };
    expect(found(answer, ['event'], withoutBackground)).toEqual([
      ['event', '#6', 'kept'],
      ['event', '#7', 'kept'],
      ['event', '#8', 'kept'],
      ['event', '#4', 'dropped'],
    ]);
  });

  it('holds an item’s offset in seconds to the events it cites, from the first event shown', () => {
    const answer = {
      timeline: [
        { what: 'driver cancelled', event_ids: [6, 7], t_offset_s: 200 },
        { what: 'arrived', event_ids: ['9'], t_offset_s: 520 },
        { what: 'app in the background', event_ids: [4], offset_seconds: 130 },
        { what: 'no citation', t_offset_s: 12 },
      ],
    };
    expect(found(answer, ['duration'], withoutBackground)).toEqual([
      ['duration', 't_offset_s: 200', 'kept'],
      ['duration', 't_offset_s: 520', 'unsupported'],
      ['duration', 'offset_seconds: 130', 'dropped'],
    ]);
  });

  it('reads no claim in an XML declaration', () => {
    const answer = '<?xml version="1.0" encoding="UTF-8"?>\n<summary><step ref="#7">"Cancel ride" was tapped, "UTF-8" said nothing</step></summary>';
    expect(found(answer, ['text'])).toEqual([
      ['text', '"Cancel ride"', 'kept'],
      ['text', '"UTF-8"', 'unsupported'],
    ]);
  });

  it('reads a closing tag whose name has a hyphen as markup, not a path', () => {
    const answer = '<ride-summary><step ref="#5">GET /v3/rides/R-1/location failed</step></ride-summary> and /v3/rides/R-2/eta';
    expect(found(answer, ['url'])).toEqual([
      ['url', '/v3/rides/R-1/location', 'kept'],
      ['url', '/v3/rides/R-2/eta', 'unsupported'],
    ]);
  });

  it('reads a quote that holds only citations as those citations', () => {
    expect(found('<countdown refs="#1 #2 #3">ETA</countdown> and `#6, #7`; "Ticket #58 open" is a quote.', ['event', 'text'])).toEqual([
      ['event', '#1', 'kept'],
      ['event', '#2', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#6', 'kept'],
      ['event', '#7', 'kept'],
      ['text', '"Ticket #58 open"', 'unsupported'],
    ]);
  });

  it('reads "a minute and a half" as a duration with no word of time after it', () => {
    expect(found('The driver arrived a minute and a half early; “Keep looking” came a minute and a half on from “Cancel ride” (#7, #8). A minute was lost.', ['duration'])).toEqual([
      ['duration', 'a minute and a half', 'kept'],
      ['duration', 'a minute and a half', 'unsupported'],
    ]);
  });
});
