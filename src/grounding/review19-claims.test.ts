// Claims a nineteenth reviewer's answers about a tax return filed through a seven-step wizard
// showed the checker missing or misjudging: quotes with words left out in their middle (`"Your
// session will … in 0:52"`), answers written as HTML with character references (`&quot;`,
// `&#35;62`, `&#8217;`), citations written `evt-62` and `(e62)`, French amounts with a space
// between thousands (`1 204,50 €`), ISO 8601 durations (`PT1M30S`) and how long an item of a
// structured response took, a quote of the prompt's own instructions, `a minute and a half
// after`, a group of citations written `event#11, event#12`, amounts denied in German, French or
// Spanish, and the clicks of a rage click an item cites.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// From 09:12:05 to 09:15:05 UTC.
const at = (seconds: number) => new Date(Date.UTC(2026, 11, 20, 9, 12, 5) + seconds * 1000).toISOString();
const next = { selector: 'form.wizard button#next', text: 'Next' };
const submit = { selector: 'form.wizard button#submit', text: 'Submit return' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://www.taxfile.example/returns/2026/step/2' },
  { type: 'element-seen', timestamp: at(1), target: { selector: 'div.modal p', text: 'Your session will expire in 0:52 due to inactivity.' } },
  { type: 'dead-click', timestamp: at(10), target: next },
  { type: 'dead-click', timestamp: at(11), target: next },
  { type: 'rage-click', timestamp: at(12), target: next, count: 5 },
  { type: 'click', timestamp: at(20), target: next },
  { type: 'click', timestamp: at(60), target: submit },
  { type: 'network-error', timestamp: at(62), url: 'https://api.taxfile.example/v2/returns/TR-1/submit', method: 'POST', status: 504 },
  { type: 'element-seen', timestamp: at(62.5), target: { selector: 'div.form-errors', text: "We couldn't submit your return. Nothing was filed." } },
  { type: 'click', timestamp: at(70), target: submit },
  { type: 'element-seen', timestamp: at(71), target: { selector: 'section.confirmation p', text: 'Balance due: €1,204.50 by 31/01/2027.' } },
  { type: 'click', timestamp: at(180), target: { selector: 'a.sign-out', text: 'Sign out' } },
];

/** The findings (kind, text, verdict) of `answer` about the events under `profile`, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[], profileText = '{}') {
  const session = parseSession({ id: 'u-19:s-1', events });
  const profile = parseProfile(profileText);
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the nineteenth review', () => {
  it('reads a quote with words left out in its middle as its pieces, in order', () => {
    expect(found('The modal said "Your session will … in 0:52" (#1) and later "We couldn\'t submit … filed." (#8); also "Your session will … be extended" (#1) nor "filed … We couldn\'t submit" (#8).', ['text', 'event'])).toEqual([
      ['text', '"Your session will … in 0:52"', 'kept'],
      ['event', '#1', 'kept'],
      ['text', '"We couldn\'t submit … filed."', 'kept'],
      ['event', '#8', 'kept'],
      ['text', '"Your session will … be extended"', 'unsupported'],
      ['event', '#1', 'kept'],
      ['text', '"filed … We couldn\'t submit"', 'unsupported'],
      ['event', '#8', 'kept'],
    ]);
  });

  it('reads an answer written as HTML with its character references decoded, placed as written', () => {
    const answer = '<p>&quot;Submit return&quot; (&#35;6) failed (&#35;7); the page said &quot;We couldn&#8217;t submit your return.&quot; &amp; &quot;Your refund is on its way&quot; (&#x23;40).</p>';
    expect(found(answer, ['text', 'event'])).toEqual([
      ['text', '"Submit return"', 'kept'],
      ['event', '#6', 'kept'],
      ['event', '#7', 'kept'],
      ['text', '"We couldn’t submit your return."', 'kept'],
      ['text', '"Your refund is on its way"', 'unsupported'],
      ['event', '#40', 'unsupported'],
    ]);
    const session = parseSession({ id: 'u-19:s-1', events });
    const profile = parseProfile('{}');
    const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
    const refund = findings.find(({ text }) => text.includes('refund')) as { path: string };
    const [start, end] = refund.path.split('..').map(Number) as [number, number];
    expect(answer.slice(start, end)).toBe('&quot;Your refund is on its way&quot;');
  });

  it('reads "evt-62" and "(e62)", "(e55, e56)" as citations', () => {
    expect(found('Saved (evt-6), failed (evt-7), retried (e9), then (e10, e11 and e40); not the e6 model nor (e2e tests).', ['event'])).toEqual([
      ['event', 'evt-6', 'kept'],
      ['event', 'evt-7', 'kept'],
      ['event', 'e9', 'kept'],
      ['event', 'e10', 'kept'],
      ['event', 'e11', 'kept'],
      ['event', 'e40', 'unsupported'],
    ]);
  });

  it('reads an amount whose thousands a plain space parts before a decimal comma', () => {
    expect(found('Solde dû : 1 204,50 € (#10), et non 1 240,50 € ; 3 dossiers, 204,50 €.', ['text'])).toEqual([
      ['text', '1 204,50 €', 'kept'],
      ['text', '1 240,50 €', 'unsupported'],
      ['text', '204,50 €', 'unsupported'],
    ]);
  });

  it('reads ISO 8601 durations, and holds an item’s duration to the events it cites', () => {
    const answer = {
      phases: [
        { name: 'submit', events: [[6, 7], [8, 9]], duration: 'PT10S' },
        { name: 'submit again', events: [[6, 7], [8, 9]], duration: 'PT1M30S' },
        { name: 'session', duration: 'PT3M' },
      ],
    };
    expect(found(answer, ['duration'])).toEqual([
      ['duration', 'PT10S', 'kept'],
      ['duration', 'PT1M30S', 'unsupported'],
      ['duration', 'PT3M', 'kept'],
    ]);
  });

  it('reads a quote of the prompt’s own instructions as what the model was shown', () => {
    expect(found('You asked: "Summarise the return; cite events as #index." Here: the filer submitted (#9), "Summarise the refund" aside.', ['text', 'selector'], "llm:\n  post_prompt: 'Summarise the return; cite events as #index.'\n")).toEqual([
      ['text', '"Summarise the return; cite events as #index."', 'kept'],
      ['text', '"Summarise the refund"', 'unsupported'],
    ]);
  });

  it('reads "a minute and a half after" as a duration', () => {
    expect(found('They submitted a minute and a half after the step loaded (#6, #7), and signed out a minute and a half after the confirmation (#10, #11).', ['duration'])).toEqual([
      ['duration', 'a minute and a half after', 'unsupported'],
      ['duration', 'a minute and a half after', 'kept'],
    ]);
  });

  it('reads "event#2, event#3, event#4" as one group of citations', () => {
    expect(found('Two dead clicks and a rage click on "Next" (event#2, event#3, event#4); a rage click (event#2).', ['event'])).toEqual([
      ['event', '#2', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#2', 'unsupported'],
    ]);
  });

  it('reads an amount denied in German, French or Spanish as no claim', () => {
    expect(found('Offener Betrag 1.204,50 €, nicht 1.024,50 €; y no 1.402,50 €; pas 1 240,50 €; mais 1 250,40 €.', ['text'])).toEqual([
      ['text', '1.204,50 €', 'kept'],
      ['text', '1 250,40 €', 'unsupported'],
    ]);
  });

  it('holds a count of clicks in an item’s text to the clicks of the rage click it cites', () => {
    const answer = {
      friction: [
        { kind: 'rage_click', description: '"Next" clicked 5 times in a burst', events: [4] },
        { kind: 'rage_click', description: '"Next" clicked 9 times in a burst', events: [4] },
      ],
    };
    expect(found(answer, ['count'])).toEqual([
      ['count', 'clicked 5 times', 'kept'],
      ['count', 'clicked 9 times', 'unsupported'],
    ]);
  });
});
