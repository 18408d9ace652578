// Claims a sixth reviewer's answers showed the checker misreading: a page named with part of its
// query, a request's URL the prompt showed in a console error, a load time an event records, a
// device's type after its system's name, a count said with another signal before the citations
// both share, a status after an error verb and its citations, and a quote glued to more of a
// word than a recorded value or joined to a sentence it does not hold.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 3, 14, 8, 30, seconds)).toISOString();

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://app.tally.example/settings/billing?ws=fernwood&tab=payment' },
  { type: 'click', timestamp: at(4), target: { selector: 'form#card-form button#save-card', text: 'Save card' } },
  { type: 'network-error', timestamp: at(5), method: 'POST', url: 'https://api.tally.example/v1/billing/payment-methods', status: 429 },
  { type: 'console-error', timestamp: at(5.1), message: 'POST https://api.tally.example/v1/billing/payment-methods 429 (Too Many Requests)' },
  { type: 'dead-click', timestamp: at(8), target: { selector: 'div.placeholder', text: 'Loading classes…' } },
  { type: 'dead-click', timestamp: at(9), target: { selector: 'div.placeholder', text: 'Loading classes…' } },
  { type: 'rage-click', timestamp: at(11), target: { selector: 'div.placeholder', text: 'Loading classes…' }, count: 3 },
  { type: 'navigate', timestamp: at(20), url: 'https://app.tally.example/settings/billing?ws=fernwood&tab=invoices' },
  { type: 'custom', timestamp: at(20.1), name: 'Slow Page Load', properties: { page: 'invoices', load_time_ms: 11480 } },
  { type: 'error-click', timestamp: at(30), target: { selector: 'button#retry-payment', text: 'Retry payment' } },
  { type: 'network-error', timestamp: at(31), method: 'POST', url: 'https://api.tally.example/v1/invoices/INV-1/pay', status: 502 },
  { type: 'console-error', timestamp: at(31.1), message: 'Error: Payment retry failed: upstream timeout' },
  { type: 'input-change', timestamp: at(40), target: { selector: 'input#email' }, value: 'tomas.okafor@gmail' },
  { type: 'input-change', timestamp: at(50), target: { selector: 'input#email' }, value: 'tomas.okafor@gmail.com' },
  { type: 'dead-click', timestamp: at(52), target: { selector: 'span.field-error', text: 'Please accept the terms' } },
];

/** The findings (kind, text, verdict) of `answer` about `events` under `profile` (YAML), with a tablet's context. */
function found(answer: string | Record<string, unknown>, profile = '{}') {
  const session = parseSession({ id: 'u-6:s-1', device: { type: 'tablet', browser: 'Chrome 131', os: 'Android 14' }, events });
  const parsed = parseProfile(profile);
  return groundAnswer(groundingSource(parsed, session, prepare(parsed, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the sixth review', () => {
  it('finds a page named with some of its query’s parameters, not with another value of one', () => {
    expect(found('They opened /settings/billing?tab=invoices (#7) and app.tally.example/settings/billing?tab=payment.')).toEqual([
      ['url', '/settings/billing?tab=invoices', 'kept'],
      ['event', '#7', 'kept'],
      ['url', 'app.tally.example/settings/billing?tab=payment', 'kept'],
    ]);
    expect(found('They opened /settings/billing?tab=usage and /settings/billing?tab=invoices&ws=acme.')).toEqual([
      ['url', '/settings/billing?tab=usage', 'unsupported'],
      ['url', '/settings/billing?tab=invoices&ws=acme', 'unsupported'],
    ]);
  });

  it('keeps a request’s URL that a kept console error shows when the profile leaves the request out', () => {
    const withoutRequests = 'events:\n  exclude_types: [network-error]\n';
    expect(found('It logged a 429 from POST api.tally.example/v1/billing/payment-methods (#3); the retry hit /v1/invoices/INV-1/pay.', withoutRequests)).toEqual([
      // (The status a request got, "a 429 from …", is the console error's too.)
      ['text', 'a 429', 'kept'],
      ['url', 'api.tally.example/v1/billing/payment-methods', 'kept'],
      ['event', '#3', 'kept'],
      ['url', '/v1/invoices/INV-1/pay', 'dropped'],
    ]);
  });

  it('holds a duration said of an event that records a load time in milliseconds', () => {
    expect(found('The invoices page took 11.5 seconds to load (#8).')).toEqual([
      ['duration', 'took 11.5 seconds', 'kept'],
      ['event', '#8', 'kept'],
    ]);
    expect(found('The invoices page took 2 minutes to load (#8).')).toEqual([
      ['duration', 'took 2 minutes', 'unsupported'],
      ['event', '#8', 'kept'],
    ]);
  });

  it('reads the type of a device said after its system’s or maker’s name', () => {
    expect(found('The user was on an Android tablet.')).toEqual([
      ['text', 'on an Android', 'kept'],
      ['text', 'tablet', 'kept'],
    ]);
    expect(found('The user was on a Windows laptop.')).toEqual([
      ['text', 'on a Windows', 'unsupported'],
      ['text', 'laptop', 'unsupported'],
    ]);
    expect(found('They browsed on a Samsung tablet.')).toEqual([['text', 'tablet', 'kept']]);
  });

  it('counts the events of a count said with another signal before the citations they share', () => {
    expect(found('That led to 2 dead clicks and a rage click on “Loading classes…” (#4–#6).').filter(([kind]) => kind === 'count')).toEqual([
      ['count', '2 dead clicks', 'kept'],
      ['count', 'a rage click', 'kept'],
    ]);
    // Four dead clicks are not what the cited events are, nor a total (the prompt shows 3).
    expect(found('That led to 4 dead clicks and a rage click on “Loading classes…” (#4–#6).').filter(([kind]) => kind === 'count')[0]).toEqual(['count', '4 dead clicks', 'unsupported']);
  });

  it('reads a status after an error verb and its citations', () => {
    expect(found('The retry errored (#9, #11) with a 502, then with a 503.').filter(([kind]) => kind === 'text')).toEqual([['text', 'with a 502', 'kept']]);
    expect(found('The retry errored with a 504.').filter(([kind]) => kind === 'text')).toEqual([['text', 'errored with a 504', 'unsupported']]);
  });

  it('reads a quote as a recorded text with a word or two around it, not glued to more of a word nor joined to a sentence', () => {
    const firstInputOnly = 'slice:\n  event_limit: 13\n';
    expect(found('They typed “tomas.okafor@gmail.com” (#12).', firstInputOnly)[0]).toEqual(['text', '“tomas.okafor@gmail.com”', 'dropped']);
    // A word or two around a recorded text, apart from it, still quote it; a sentence joined to it does not.
    expect(found('They read “Retry payment now”.')).toEqual([['text', '“Retry payment now”', 'kept']]);
    expect(found('It read “Your card was declined. Error: Payment retry failed: upstream timeout”.')).toEqual([['text', '“Your card was declined. Error: Payment retry failed: upstream timeout”', 'unsupported']]);
  });
});
