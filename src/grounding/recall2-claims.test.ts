// Claims a second recall pass over the hand-labelled corpus found missed: the type an evidence
// string writes after its citation, the type an item's text starts with beside the event its key
// cites, a type said of the moment a time is counted from (`after the error (#29)`), a count's
// target quoted after another language's word for "on", and the clicks a rage click "had".

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 8, 14, 3, 11) + seconds * 1000).toISOString();
const reveal = { selector: 'div.variables button.reveal', text: 'Reveal' };
const save = { selector: 'form.variables button.save', text: 'Save variables' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://ci.forgeline.example/acme/payments-api/settings/variables' },
  { type: 'click', timestamp: at(4), target: save },
  { type: 'dead-click', timestamp: at(8), target: reveal },
  { type: 'dead-click', timestamp: at(10), target: reveal },
  { type: 'rage-click', timestamp: at(12), target: reveal, count: 5 },
  { type: 'dead-click', timestamp: at(20), target: save },
  { type: 'console-error', timestamp: at(21), message: 'Warning: LogStreamer: websocket closed with code 1006' },
  { type: 'custom', timestamp: at(25), name: 'declaration_checked' },
  { type: 'element-seen', timestamp: at(26), target: { selector: 'div.tooltip', text: 'Only maintainers can reveal protected variables.' } },
  { type: 'click', timestamp: at(30), target: save },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[]) {
  const session = parseSession({ id: 'u-18:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the second recall pass', () => {
  it('checks the type a string of a structured response writes after a citation that leads it', () => {
    const answer = { evidence: ['event #6: dead click on "Reveal"', 'event #2: dead click on "Reveal"', 'event #1: clicked "Save variables"', '#6: a dead click', '#4 was the rage click'] };
    expect(found(answer, ['event'])).toEqual([
      ['event', '#6', 'unsupported'],
      ['event', '#2', 'kept'],
      ['event', '#1', 'kept'],
      ['event', '#6', 'unsupported'],
      ['event', '#4', 'kept'],
    ]);
    // A line of a text answer led by `event #n:` is read the same way.
    expect(found('- event #6: dead click on "Reveal"\n- event #3: dead click on "Reveal"', ['event'])).toEqual([
      ['event', '#6', 'unsupported'],
      ['event', '#3', 'kept'],
    ]);
  });

  it('compares the type an item’s text starts with to the event its key cites', () => {
    const answer = {
      key_events: [
        { event_index: 7, what: 'dead click on the declaration checkbox' },
        { event_index: 2, what: 'dead click on "Reveal"' },
        { event_index: 1, what: 'clicked "Save variables"' },
        { event_index: 8, what: 'error shown: "Only maintainers can reveal protected variables."' },
        { event_index: 4, what: 'rage_click on "Reveal"' },
      ],
    };
    expect(found(answer, ['event'])).toEqual([
      ['event', '#7', 'unsupported'],
      ['event', '#2', 'kept'],
      ['event', '#1', 'kept'],
      ['event', '#8', 'kept'],
      ['event', '#4', 'kept'],
    ]);
  });

  it('reads a type said after "after the" before a citation as the moment a time is counted from', () => {
    expect(found('They clicked "Reveal" again and again after the console error (#4).', ['event'])).toEqual([['event', '#4', 'kept']]);
    expect(found('Then came the console error (#4).', ['event'])).toEqual([['event', '#4', 'unsupported']]);
    expect(found({ friction: [{ kind: 'rage_click', description: '"Reveal" clicked repeatedly after the console error (#4)' }] }, ['event'])).toEqual([['event', '#4', 'kept']]);
  });

  it('reads the element quoted after another language’s word for "on" as a count’s target', () => {
    expect(found('Μετά από 3 dead clicks στο «Reveal» και 2 dead clicks στο «Reveal».', ['count'])).toEqual([
      ['count', '3 dead clicks', 'unsupported'],
      ['count', '2 dead clicks', 'kept'],
    ]);
    expect(found('היו 3 dead clicks על "Reveal". היו 2 dead clicks על "Reveal".', ['count'])).toEqual([
      ['count', '3 dead clicks', 'unsupported'],
      ['count', '2 dead clicks', 'kept'],
    ]);
    // Without a quote after it, the word is no scope: the count is of the whole.
    expect(found('3 dead clicks en total.', ['count'])).toEqual([['count', '3 dead clicks', 'kept']]);
  });

  it('holds the clicks a rage click had to its count', () => {
    expect(found('The rage click had more than 5 clicks.', ['count'])).toEqual([['count', '5 clicks', 'unsupported']]);
    expect(found('The rage click had more than 4 clicks.', ['count'])).toEqual([['count', '4 clicks', 'kept']]);
    expect(found('The rage click had 5 clicks; 6 clicks in all.', ['count'])).toEqual([
      ['count', '5 clicks', 'kept'],
      ['count', '6 clicks', 'kept'],
    ]);
  });
});
