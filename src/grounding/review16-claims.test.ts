// Claims a sixteenth reviewer's answers about a disputed card payment showed the checker getting
// wrong: event types written as code (`dead_click`) read as quotes of the page, counts said as
// bounds ("at least 12 clicks", "no more than 2 console errors") read as exact, "dead-clicked" read
// as a click, and a number added to an element's text ("3 transactions") read as that element.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 3, 9, 17, 36) + seconds * 1000).toISOString();
const submit = { selector: 'form#dispute button#submit-dispute', text: 'Submit dispute' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://online.harbourbank.example/accounts/EA-2291/transactions?page=1' },
  { type: 'click', timestamp: at(2), target: { selector: 'nav.main a.transactions', text: 'Transactions' } },
  { type: 'element-seen', timestamp: at(3), target: { selector: 'div.tx-summary', text: '2 transactions · 1 Nov – 30 Nov 2026' } },
  { type: 'click', timestamp: at(10), target: { selector: 'form#dispute button#upload-receipt', text: 'Upload receipt' } },
  { type: 'network-error', timestamp: at(22), url: 'https://upload.harbourbank.example/v1/attachments', method: 'POST', status: 413 },
  { type: 'console-error', timestamp: at(23), message: 'AttachmentError: 413 Payload Too Large' },
  { type: 'dead-click', timestamp: at(40), target: submit },
  { type: 'dead-click', timestamp: at(44), target: submit },
  { type: 'rage-click', timestamp: at(47), target: submit, count: 4 },
  { type: 'element-seen', timestamp: at(49), target: { selector: 'form#dispute p.submit-hint', text: 'Tick the declaration to submit.' } },
  { type: 'click', timestamp: at(80), target: submit },
  { type: 'network-error', timestamp: at(83), url: 'https://api.harbourbank.example/v2/disputes', method: 'POST', status: 500 },
  { type: 'console-error', timestamp: at(84), message: 'DisputeSubmitError: 500 Internal Server Error' },
];

/** The findings (kind, text, verdict) of `answer` about the events, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[]) {
  const session = parseSession({ id: 'c-16:s-1', events });
  const profile = parseProfile('{}');
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the sixteenth review', () => {
  it('reads an event type written as code as the type: no quote, counted, and held to the citation', () => {
    expect(found('There were 2 `dead_click` events (#6, #7), a `rage_click` (#8) and 2 `network_error` events; the `console-error` at #12 too.', ['text', 'count'])).toEqual([
      ['count', '2 `dead_click` events', 'kept'],
      ['count', 'a `rage_click`', 'kept'],
      ['count', '2 `network_error` events', 'kept'],
    ]);
    // Said right before a citation, the type is compared with the event, as the words are.
    expect(found('The `rage_click` (#9) and the `dead_click` at #10 came before the `network_error` (#11).', ['event'])).toEqual([
      ['event', '#9', 'unsupported'],
      ['event', '#10', 'unsupported'],
      ['event', '#11', 'kept'],
    ]);
    expect(found('3 `dead_click` events on “Submit dispute”.', ['count'])).toEqual([['count', '3 `dead_click` events', 'unsupported']]);
    // Code that names no event type stays a quote.
    expect(found('The console said `AttachmentError` and `UploadFailed`.', ['text'])).toEqual([
      ['text', '`AttachmentError`', 'kept'],
      ['text', '`UploadFailed`', 'unsupported'],
    ]);
  });

  it('holds a count said as a bound to some total on that side of it', () => {
    // 4 clicks, 7 with the rage click's four; 2 failed requests; 2 console errors; 1 rage click.
    expect(found('At least 5 clicks, no more than 2 console errors, at most 1 rage click and no fewer than 2 failed requests.', ['count'])).toEqual([
      ['count', '5 clicks', 'kept'],
      ['count', '2 console errors', 'kept'],
      ['count', '1 rage click', 'kept'],
      ['count', '2 failed requests', 'kept'],
    ]);
    expect(found('At least 12 clicks, no more than 1 console error and at least 3 failed requests.', ['count'])).toEqual([
      ['count', '12 clicks', 'unsupported'],
      ['count', '1 console error', 'unsupported'],
      ['count', '3 failed requests', 'unsupported'],
    ]);
  });

  it('reads "dead-clicked" before a named element as a dead click on it, not as a click', () => {
    expect(found('She dead-clicked the “Upload receipt” button (#3) and dead-clicked “Submit dispute” (#6).', ['count'])).toEqual([
      ['count', 'dead-clicked', 'unsupported'],
      ['count', 'dead-clicked', 'kept'],
    ]);
    // A guess claims no dead click ("possibly"), and no click either: the verb is the signal's.
    expect(found('Possibly she also dead-clicked the “Upload receipt” button (#3).', ['count'])).toEqual([]);
    expect(found('She clicked the “Upload receipt” button (#3), then clicked “Submit dispute” (#10) and ctrl-clicked “Transactions” (#1).', ['count'])).toEqual([
      ['count', 'clicked the “Upload receipt”', 'kept'],
      ['count', 'clicked “Submit dispute”', 'kept'],
      ['count', 'clicked “Transactions”', 'kept'],
    ]);
  });

  it('does not read a number added to an element’s text as that element’s text', () => {
    expect(found('The filter left “3 transactions” (#2); she opened the “Transactions” tab (#1), “Transactions tab” (#1).', ['text'])).toEqual([
      ['text', '“3 transactions”', 'unsupported'],
      ['text', '“Transactions”', 'kept'],
      ['text', '“Transactions tab”', 'kept'],
    ]);
    expect(found('The page said “2 transactions” (#2).', ['text'])).toEqual([['text', '“2 transactions”', 'kept']]);
  });
});
