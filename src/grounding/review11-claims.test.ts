// Claims an eleventh reviewer's answers about a job application showed the checker misjudging: a
// status code matched inside a bigger number (`€1,500`), a status said after a failure verb with
// words between, a time a cited message states, `After about …` leading its clause, a custom
// event named as an identifier, a count in a table row with the row's citations, a value typed
// that the message cited after it answers, `navigations` read as distinct pages, and a URL named
// in brackets after what a denial names.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 8, 14, 9, 12, 0) + seconds * 1000).toISOString();
const next = { selector: 'form#application button#next', text: 'Next' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://jobs.example/apply?step=1' },
  { type: 'element-seen', timestamp: at(1), target: { selector: 'section.perks', text: 'Perks: €1,500 learning budget' } },
  { type: 'dead-click', timestamp: at(10), target: next },
  { type: 'dead-click', timestamp: at(12), target: next },
  { type: 'click', timestamp: at(15), target: { selector: 'input#consent', text: 'I agree' } },
  { type: 'click', timestamp: at(16), target: next },
  { type: 'navigate', timestamp: at(17), url: 'https://jobs.example/apply?step=2' },
  { type: 'click', timestamp: at(20), target: { selector: 'button#upload-cv', text: 'Upload CV' } },
  { type: 'network-error', timestamp: at(35), method: 'POST', url: 'https://upload.jobs.example/v1/files', status: 413 },
  { type: 'input-change', timestamp: at(60), target: { selector: 'input#salary' }, value: '85k' },
  { type: 'element-seen', timestamp: at(61), target: { selector: 'div#salary-error', text: 'Enter a whole number in euros' } },
  { type: 'dead-click', timestamp: at(62), target: next },
  { type: 'custom', timestamp: at(70), name: 'step_completed', properties: { step: 2 } },
  { type: 'custom', timestamp: at(80), name: 'magic_link_sent', properties: { channel: 'email' } },
  { type: 'element-seen', timestamp: at(81), target: { selector: 'div.notice', text: 'The link expires in 15 minutes.' } },
  { type: 'navigate', timestamp: at(90), url: 'https://jobs.example/apply/confirmation' },
];

/** The findings (kind, text, verdict) of `answer` about the events under `profile` (YAML), of the kinds `kinds`. */
function found(answer: string, kinds: readonly string[], profile = '{}') {
  const session = parseSession({ id: 'u-11:s-1', events });
  const parsed = parseProfile(profile);
  const { findings } = groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the eleventh review', () => {
  it('reads a status code as a number of its own, not the end of a bigger one', () => {
    // #1 holds “€1,500”: not a 500.
    expect(found('It returned a 500 (#8), then a 413.', ['text'])).toEqual([['text', 'returned a 500', 'unsupported']]);
    expect(found('It returned a 413 (#8).', ['text'])).toEqual([['text', 'returned a 413', 'kept']]);
  });

  it('finds a status said after a failure verb with a few words between', () => {
    expect(found('The upload failed once with a 413 (#8); later the submit failed again with a 502.', ['text'])).toEqual([
      ['text', 'with a 413', 'kept'],
      ['text', 'with a 502', 'unsupported'],
    ]);
    expect(found('The server rejected the file with a 413 before she retried.', ['text'])).toEqual([['text', 'with a 413', 'kept']]);
  });

  it('keeps a time that a cited event’s text states, not a time between events', () => {
    // The session lasts 90 s; #14 says “The link expires in 15 minutes.”
    expect(found('She asked for a link (#13), which expires in 15 minutes (#14).', ['duration'])).toEqual([['duration', 'in 15 minutes', 'kept']]);
    expect(found('She asked for a link (#13), which expires in 40 minutes (#14).', ['duration'])).toEqual([['duration', 'in 40 minutes', 'unsupported']]);
  });

  it('reads `After about …` leading its clause as a time since something, ending at the event it cites', () => {
    // #9 is 60 s after the first event and 30 s before the last: the first to the last (90 s) is no time since.
    expect(found('After about 90 seconds she typed the salary (#9).', ['duration'])).toEqual([['duration', 'After about 90 seconds', 'unsupported']]);
    expect(found('After about 60 seconds she typed the salary (#9).', ['duration'])).toEqual([['duration', 'After about 60 seconds', 'kept']]);
  });

  it('counts a custom event named as an identifier before a verb of events happening', () => {
    expect(found('step_completed fired twice; magic_link_sent was sent once.', ['count'])).toEqual([
      ['count', 'step_completed fired twice', 'unsupported'],
      ['count', 'magic_link_sent was sent once', 'kept'],
    ]);
  });

  it('holds a count in a table row to the events of its types the row cites, whatever else the row cites', () => {
    // Next had 3 dead clicks in all; the row cites two of them (#2, #3) and the click that ended them (#4).
    const row = '| Step | What happened | Events |\n|---|---|---|\n| 1 | 2 dead clicks on the disabled Next until consent was ticked | #2, #3, #4 |';
    expect(found(row, ['count'])).toEqual([['count', '2 dead clicks', 'kept']]);
    expect(found(row.replace('#2, #3, #4', '#2, #4'), ['count'])).toEqual([['count', '2 dead clicks', 'unsupported']]);
  });

  it('holds a value typed of the message the page shows right after the input', () => {
    expect(found('The salary field rejected “85K” (#10).', ['event'])).toEqual([['event', '#10', 'kept']]);
    // Not of a message further on, nor of one that answers another input.
    expect(found('The salary field rejected “85K” (#14).', ['event'])).toEqual([['event', '#14', 'unsupported']]);
  });

  it('counts navigations as page loads, not distinct pages', () => {
    // 3 page loads of 2 pages (/apply twice, with another step).
    expect(found('There were 2 navigations, 3 page loads and 2 pages.', ['count'])).toEqual([
      ['count', '2 navigations', 'unsupported'],
      ['count', '3 page loads', 'kept'],
      ['count', '2 pages', 'kept'],
    ]);
  });

  it('leaves a URL in brackets after what a denial names to the denial', () => {
    expect(found('She never opened the FAQ page (/faq).', ['url'])).toEqual([]);
    expect(found('She opened the FAQ page (/faq).', ['url'])).toEqual([['url', '/faq', 'unsupported']]);
  });
});
