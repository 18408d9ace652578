// Claims an eighth reviewer's answers showed the checker misreading: a URL glued to Japanese
// punctuation or in typographic quotes; an element "named" by a clause (`the GBP amount, which is
// not a link`); a count of clicks "… twice" read across a clause with another verb; a count said
// with another signal before the target or citations they share, when the target's label is long
// or the other signal has no article; a time recorded under a property named with its unit
// (`validity_seconds`); and "a couple of minutes later".

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 5, 11, 18, 17, seconds)).toISOString();
const resend = { selector: 'div.otp a#richiedi-codice', text: 'Richiedi un nuovo codice' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://online.bank.example/otp?op=T-4471' },
  { type: 'custom', timestamp: at(1), name: 'OTP Sent', properties: { channel: 'sms', validity_seconds: 120 } },
  { type: 'paste', timestamp: at(160), text: '731904', target: { selector: 'div.otp input#otp' } },
  { type: 'click', timestamp: at(162), target: { selector: 'div.otp button#verifica', text: 'Verifica' } },
  { type: 'network-error', timestamp: at(163), method: 'POST', url: 'https://api.bank.example/v2/otp/verify', status: 410 },
  { type: 'dead-click', timestamp: at(168), target: resend },
  { type: 'dead-click', timestamp: at(169), target: resend },
  { type: 'rage-click', timestamp: at(171), target: resend, count: 6 },
  { type: 'navigate', timestamp: at(185), url: 'https://help.bank.example/faq/otp' },
  { type: 'dead-click', timestamp: at(200), target: { selector: 'div.summary span.amount', text: '1.067,36 GBP' } },
  { type: 'click', timestamp: at(290), target: { selector: 'form#chat button#send', text: 'Invia' } },
];

/** The findings (kind, text, verdict) of `answer` about `list` under `profile` (YAML). */
function found(answer: string | Record<string, unknown>, list: readonly Record<string, unknown>[] = events, profile = '{}') {
  const session = parseSession({ id: 'u-8:s-1', events: list });
  const parsed = parseProfile(profile);
  return groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

const ofKind = (kind: string, answer: string, list?: readonly Record<string, unknown>[]) => found(answer, list).filter(([found]) => found === kind);

describe('groundAnswer: claims of the eighth review', () => {
  it('ends a URL at CJK punctuation, full-width brackets and typographic quotes', () => {
    expect(found('FAQ（help.bank.example/faq/otp）を開き（#8）、「Richiedi un nuovo codice」をタップ')).toEqual([
      ['url', 'help.bank.example/faq/otp', 'kept'],
      ['event', '#8', 'kept'],
      ['text', '「Richiedi un nuovo codice」', 'kept'],
    ]);
    expect(ofKind('url', 'They opened “https://help.bank.example/faq/otp” and then https://api.bank.example/v2/otp/verify。')).toEqual([
      ['url', 'https://help.bank.example/faq/otp', 'kept'],
      ['url', 'https://api.bank.example/v2/otp/verify', 'kept'],
    ]);
  });

  it('reads no element named by a clause before a kind of element', () => {
    expect(ofKind('count', 'They tapped the GBP amount, which is not a link (#9).')).toEqual([]);
    // A label is still a label, when no clause words are in it.
    expect(ofKind('count', 'They clicked the Not now button.')).toEqual([['count', 'clicked the Not now button', 'unsupported']]);
  });

  it('reads no count of clicks across a clause that goes on with another verb', () => {
    expect(ofKind('count', 'She made a couple of dead clicks along the way, and she had to request a new code twice.')).toEqual([['count', 'a couple of dead clicks', 'kept']]);
    expect(ofKind('count', 'She dead-clicked the link, then she tried 3 times more.')).toEqual([['count', 'dead-clicked', 'kept']]);
  });

  it('counts a count said with another signal among the citations or on the target they share', () => {
    // The session has three dead clicks: two on “Richiedi un nuovo codice” (#5, #6), one on the amount (#9).
    expect(ofKind('count', 'Two dead clicks and a rage click of six taps on “Richiedi un nuovo codice” (#5, #6, #7).')).toEqual([
      ['count', 'Two dead clicks', 'kept'],
      ['count', 'a rage click', 'kept'],
      // Taps are clicks, and the six are the rage click's (review 15).
      ['count', 'six taps', 'kept'],
    ]);
    expect(ofKind('count', '- 2 dead clicks + rage click on “Richiedi un nuovo codice” (#5–#7)')).toEqual([['count', '2 dead clicks', 'kept']]);
    // A signal named without a count or an article among the citations: #7 is the rage click.
    expect(ofKind('count', 'Then 2 dead clicks + rage click (#5–#7).')).toEqual([['count', '2 dead clicks', 'kept']]);
    expect(ofKind('count', '2 dead clicks and 1 rage click occurred on the code page, and 1 dead click on the summary.')).toEqual([
      ['count', '2 dead clicks', 'kept'],
      ['count', '1 rage click', 'kept'],
      ['count', '1 dead click', 'kept'],
    ]);
    // The target they share is compared: no dead click was on “Verifica”.
    expect(ofKind('count', '2 dead clicks and a rage click on “Verifica”.')[0]).toEqual(['count', '2 dead clicks', 'unsupported']);
  });

  it('keeps a time a cited event records under a property named with its unit', () => {
    expect(ofKind('duration', 'The code was valid for 120 seconds (#1).')).toEqual([['duration', 'for 120 seconds', 'kept']]);
    expect(ofKind('duration', 'The code was valid for 200 seconds (#1).')).toEqual([['duration', 'for 200 seconds', 'unsupported']]);
  });

  it('reads “a couple of minutes later” as a time since the event cited before', () => {
    const list = [
      { type: 'navigate', timestamp: at(0), url: 'https://online.bank.example/movements' },
      { type: 'element-seen', timestamp: at(120), target: { selector: 'tr.pending', text: 'In lavorazione' } },
      { type: 'click', timestamp: at(165), target: { selector: 'a#chat', text: 'Scrivi all’assistenza' } },
    ];
    // 45 seconds after the row (#1), 165 after the start: no pair with #2 is about two minutes apart.
    expect(ofKind('duration', 'The transfer showed as pending (#1). A couple of minutes later she opened the chat (#2).', list)).toEqual([['duration', 'A couple of minutes later', 'unsupported']]);
    expect(ofKind('duration', 'The row said “In lavorazione” (#1) after a couple of minutes.', list)).toEqual([['duration', 'after a couple of minutes', 'kept']]);
  });
});
