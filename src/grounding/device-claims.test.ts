// groundAnswer on what an answer says of the user's device: "on a mobile device", "in Safari", "on Windows".

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { session } from './test-support/checkout-source.js';

const onDesktop = parseSession({ ...session, device: { type: 'desktop', browser: 'Chrome 130', os: 'macOS 14.6' } });

function found(answer: string, context = 'context:\n  include: [device]\n', recorded = onDesktop) {
  const profile = parseProfile(context);
  return groundAnswer(groundingSource(profile, recorded, prepare(profile, recorded)), answer).findings.map(({ kind, text, verdict, reason }) => [kind, text, verdict, reason]);
}

describe('groundAnswer: the device an answer says the user was on', () => {
  it('checks the type, browser and operating system against the device the prompt showed', () => {
    expect(found('The user, on desktop, shopped in Chrome on macOS.')).toEqual([
      ['text', 'on desktop', 'kept', undefined],
      ['text', 'in Chrome', 'kept', undefined],
      ['text', 'on macOS', 'kept', undefined],
    ]);
    expect(found('They were on a mobile device, using Safari on Windows; they left from their phone.')).toEqual([
      ['text', 'on a mobile device', 'unsupported', "the session's device type is desktop"],
      ['text', 'using Safari', 'unsupported', "the session's browser is Chrome 130"],
      ['text', 'on Windows', 'unsupported', "the session's operating system is macOS 14.6"],
      ['text', 'from their phone', 'unsupported', "the session's device type is desktop"],
    ]);
    // A laptop is a desktop; Mac OS X is macOS.
    expect(found('On a laptop running Mac OS X. In Chrome, On desktop Safari.').map(([, text, verdict]) => [text, verdict])).toEqual([
      ['On a laptop', 'kept'],
      ['running Mac OS X', 'kept'],
      ['In Chrome', 'kept'],
      ['On desktop', 'kept'],
      ['Safari', 'unsupported'],
    ]);
  });

  it('reads a browser after the type said with it', () => {
    expect(found('They shopped in desktop Chrome, then in desktop Firefox.').map(([kind, text, verdict]) => [kind, text, verdict])).toEqual([
      ['text', 'in desktop Chrome', 'kept'],
      ['text', 'in desktop Firefox', 'unsupported'],
    ]);
  });

  it('finds a device the profile left out of the context dropped, and one the session does not record unsupported', () => {
    expect(found('They were on desktop Chrome.', 'context:\n  include: [org]\n')).toEqual([
      ['text', 'on desktop', 'dropped', "the session's context holds it, but the profile's context settings leave that element out"],
      ['text', 'Chrome', 'dropped', "the session's context holds it, but the profile's context settings leave that element out"],
    ]);
    expect(found('They were on a tablet.', 'context:\n  include: [device]\n', session)).toEqual([['text', 'on a tablet', 'unsupported', 'the session records no device type']]);
  });

  it('compares a version said with the one recorded, and reads the system of an Apple device named', () => {
    expect(found('In Chrome 130 on macOS 14, then in Chrome 13 on macOS 14.7 and in Chrome 99; in Chrome 2 times.').map(([, text, verdict]) => [text, verdict])).toEqual([
      ['In Chrome 130', 'kept'],
      ['on macOS 14', 'kept'],
      ['in Chrome 13', 'unsupported'],
      ['on macOS 14.7', 'unsupported'],
      ['in Chrome 99', 'unsupported'],
      ['in Chrome', 'kept'],
    ]);
    expect(found('On a MacBook Air, from her iPhone, on an iPad, on Mac OS X.')).toEqual([
      ['text', 'On a MacBook Air', 'kept', undefined],
      ['text', 'from her iPhone', 'unsupported', "the session's operating system is macOS 14.6"],
      ['text', 'on an iPad', 'unsupported', "the session's operating system is macOS 14.6"],
      ['text', 'on Mac OS X', 'kept', undefined],
    ]);
    const onIpad = parseSession({ ...session, device: { type: 'tablet', browser: 'Safari 17', os: 'iOS 17.5' } });
    expect(found('Using an iPad in Safari 17.', undefined, onIpad).map(([, text, verdict]) => [text, verdict])).toEqual([
      ['Using an iPad', 'kept'],
      ['in Safari 17', 'kept'],
    ]);
  });

  it('reads nothing of an element, a version of the site or a tool named like a device', () => {
    expect(found('They opened the mobile menu, stayed on the desktop version and checked Chrome DevTools in the Edge extension.')).toEqual([]);
  });
});
