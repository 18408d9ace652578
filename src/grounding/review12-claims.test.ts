// Claims a twelfth reviewer's answers about a doctor's appointment booked on a patient portal
// showed the checker misjudging: a quote whose punctuation the model changed, a slot's time on the
// page read as elapsed time, a status quoted before a citation of the failed request, a custom
// event named as an identifier before `events`, a label named alone between a click verb and its
// count, a quote cut off a code before more digits, and a status after `answered`.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

// The session starts at 10:01 UTC: `09:40` can be a time of day in no time zone.
const at = (seconds: number) => new Date(Date.UTC(2026, 9, 6, 10, 1, 12) + seconds * 1000).toISOString();
const confirm = { selector: 'div.confirm-actions button#confirm-booking', text: 'Confirm booking' };
const signIn = { selector: 'form#login button#sign-in', text: 'Sign in' };

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://portal.example/login?lang=en' },
  { type: 'click', timestamp: at(10), target: signIn },
  { type: 'click', timestamp: at(20), target: { selector: 'div.slots button[data-slot="09:40"]', text: '09:40' } },
  { type: 'input-change', timestamp: at(30), target: { selector: 'input#insurance-number' }, value: 'HX-4471-09' },
  { type: 'element-seen', timestamp: at(31), target: { selector: 'div#insurance-error', text: 'Insurance number must be 10 characters, e.g. HX44710923.' } },
  { type: 'network-error', timestamp: at(40), method: 'POST', url: 'https://api.portal.example/v2/appointments/hold', status: 401 },
  { type: 'element-seen', timestamp: at(41), target: { selector: 'form#login div.alert', text: 'Your session has expired. Please sign in again.' } },
  { type: 'click', timestamp: at(50), target: signIn },
  { type: 'click', timestamp: at(60), target: confirm },
  { type: 'network-error', timestamp: at(61), method: 'POST', url: 'https://api.portal.example/v2/appointments', status: 409 },
  { type: 'console-error', timestamp: at(62), message: 'BookingError: 409 Conflict' },
  { type: 'rage-click', timestamp: at(65), target: confirm, count: 3 },
  { type: 'rage-click', timestamp: at(70), target: { selector: 'td.day.disabled', text: '12' }, count: 4 },
  { type: 'custom', timestamp: at(80), name: 'slot_selected', properties: { slot_time: '2026-10-14T11:05' } },
  { type: 'custom', timestamp: at(81), name: 'booking_confirmed', properties: { attempts: 3 } },
];

/** The findings (kind, text, verdict) of `answer` about the events under `profile` (YAML), of the kinds `kinds`. */
function found(answer: string, kinds: readonly string[], profile = '{}') {
  const session = parseSession({ id: 'u-12:s-1', events });
  const parsed = parseProfile(profile);
  const { findings } = groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the twelfth review', () => {
  it('keeps a quote whose punctuation between words the model changed', () => {
    expect(found('She saw "Your session has expired - please sign in again" (#6) and "Insurance number must be 10 characters (e.g. HX44710923)".', ['text', 'event'])).toEqual([
      ['text', '"Your session has expired - please sign in again"', 'kept'],
      ['event', '#6', 'kept'],
      ['text', '"Insurance number must be 10 characters (e.g. HX44710923)"', 'kept'],
    ]);
    // Other words are still another text.
    expect(found('She saw "Your session has ended - please sign in again".', ['text'])).toEqual([['text', '"Your session has ended - please sign in again"', 'unsupported']]);
    // The same on lists of events (a source built by hand), and on the side the profile left out.
    const session = parseSession({ id: 'u-12:s-1', events });
    const noMessages = parseProfile('events:\n  exclude_types: [element-seen]\n');
    const indexed = groundingSource(noMessages, session, prepare(noMessages, session));
    for (const source of [indexed, { kept: indexed.kept, dropped: indexed.dropped }]) {
      expect(groundAnswer(source, 'She saw "Your session has expired, please sign in again".').findings.map(({ verdict }) => verdict)).toEqual(['dropped']);
    }
  });

  it('reads a clock time a text of the session shows as the page’s time, not as elapsed time', () => {
    expect(found('She picked the 09:40 slot (#2).', ['duration'])).toEqual([]);
    // A reading no text shows, in a session at 10:01, is an amount of time.
    expect(found('She picked the 09:50 slot (#2).', ['duration'])).toEqual([['duration', '09:50', 'unsupported']]);
  });

  it('holds a quoted status and its reason phrase of a cited failed request with that status', () => {
    expect(found('Two confirmations were refused with « 409 Conflict » (#9).', ['event'])).toEqual([['event', '#9', 'kept']]);
    expect(found('The hold was refused with « 409 Conflict » (#5).', ['event'])).toEqual([['event', '#5', 'unsupported']]);
  });

  it('counts a custom event named as an identifier before `events`', () => {
    expect(found('The app logged 2 slot_selected events and 1 booking_confirmed event.', ['count'])).toEqual([
      ['count', '2 slot_selected events', 'unsupported'],
      ['count', '1 booking_confirmed event', 'kept'],
    ]);
  });

  it('compares a count with the label named alone between the click verb and the count', () => {
    // “Sign in” was clicked twice; a rage click of 3 clicks elsewhere makes no 3 of it.
    expect(found('She clicked Sign in three times (#7).', ['count'])).toEqual([['count', 'clicked Sign in three times', 'unsupported']]);
    expect(found('She clicked Sign in twice and rage-clicked Confirm booking 3 times.', ['count'])).toEqual([
      ['count', 'clicked Sign in twice', 'kept'],
      ['count', 'rage-clicked Confirm booking 3 times', 'kept'],
    ]);
  });

  it('does not hold a quote cut off a code where more digits follow a hyphen', () => {
    expect(found('The field rejected "HX-4471" and then "HX-4471-09".', ['text'])).toEqual([
      ['text', '"HX-4471"', 'unsupported'],
      ['text', '"HX-4471-09"', 'kept'],
    ]);
  });

  it('finds a status a request answered', () => {
    expect(found('The hold request answered **401** (#5); the booking answered with a 502.', ['text'])).toEqual([
      ['text', 'answered **401**', 'kept'],
      ['text', 'answered with a 502', 'unsupported'],
    ]);
  });
});
