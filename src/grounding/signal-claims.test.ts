// groundAnswer on mentions and denials of friction signals without a number: "a rage click",
// "hit a JavaScript error", "rage-clicked", "no failed requests", "didn't hit any errors".

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { session, verdicts } from './test-support/checkout-source.js';

/** The checkout session under a profile that leaves out element-seen events and `types`. */
function sourceWithout(types: readonly string[]) {
  const profile = parseProfile(`events:\n  exclude_types: [${['element-seen', ...types].join(', ')}]\n`);
  return groundingSource(profile, session, prepare(profile, session));
}

function verdictsWithout(types: readonly string[], answer: string) {
  return groundAnswer(sourceWithout(types), answer).findings.map(({ kind, text, verdict, reason }) => [kind, text, verdict, reason]);
}

describe('groundAnswer: mentions and denials of friction signals', () => {
  it('reads a mention as one such event at least: kept, dropped by the profile, or invented', () => {
    expect(verdicts('The user hit a JavaScript error, then a rage click on "Apply coupon", and a mouse thrash.')).toEqual([
      ['count', 'a JavaScript error', 'kept'],
      ['count', 'a rage click', 'kept'],
      ['text', '"Apply coupon"', 'kept'],
      ['count', 'a mouse thrash', 'unsupported'],
    ]);
    expect(verdictsWithout(['console-error'], 'The page threw a console error.')).toEqual([
      ['count', 'a console error', 'dropped', 'true of the whole session, not of the 6 events the prompt showed'],
    ]);
    expect(verdicts('They made an error click.')).toEqual([['count', 'an error click', 'unsupported']]);
    expect(groundAnswer(sourceWithout([]), 'There was a mouse thrash.').unsupported[0]?.reason).toBe('the session has no mouse-thrash event');
  });

  it('reads "rage-clicked" and "dead-clicked" without a number as one such event at least', () => {
    expect(verdicts('They rage-clicked “Apply coupon” and dead-clicked the total.')).toEqual([
      ['count', 'rage-clicked', 'kept'],
      ['text', '“Apply coupon”', 'kept'],
      ['count', 'dead-clicked', 'kept'],
    ]);
    expect(verdictsWithout(['rage-click'], 'They rage-clicked Apply coupon.')).toEqual([
      ['count', 'rage-clicked', 'dropped', 'true of the whole session, not of the 6 events the prompt showed'],
    ]);
  });

  it('reads a denial as none of any kind the words may mean', () => {
    expect(verdicts('There were no rage clicks, no failed requests and no errors.')).toEqual([
      ['count', 'no rage clicks', 'unsupported'],
      ['count', 'no failed requests', 'unsupported'],
      ['count', 'no errors', 'unsupported'],
    ]);
    expect(verdicts("They didn't hit any console errors and did not make a single dead click, without any network errors.")).toEqual([
      ['count', 'any console errors', 'unsupported'],
      ['count', 'a single dead click', 'unsupported'],
      ['count', 'without any network errors', 'unsupported'],
    ]);
    expect(groundAnswer(sourceWithout([]), 'No errors.').unsupported[0]?.reason).toBe('the prompt shows 2 of them');
    // The prompt showed the console error but not the failed request: "0 errors" is not true of the
    // failed requests alone, and "no network errors" is what the prompt showed.
    expect(verdictsWithout(['network-error'], 'There were 0 errors and no network errors; no mouse thrashing.')).toEqual([
      ['count', '0 errors', 'unsupported', 'the prompt shows 1 of them'],
      ['count', 'no network errors', 'kept', undefined],
      ['count', 'no mouse thrashing', 'kept', undefined],
    ]);
  });

  it('reads a flag of a structured response under the name of a signal as a mention or a denial, and a zero as a denial', () => {
    const source = sourceWithout(['network-error']);
    const findings = (response: Record<string, unknown>) => groundAnswer(source, response).findings.map(({ text, path, verdict }) => [text, path, verdict]);
    expect(findings({ summary: 'ok', had_rage_clicks: true, errors_occurred: false, deadClickDetected: true, mouse_thrash: true, network_errors: 0 })).toEqual([
      ['had_rage_clicks: true', 'had_rage_clicks', 'kept'],
      ['errors_occurred: false', 'errors_occurred', 'unsupported'],
      ['deadClickDetected: true', 'deadClickDetected', 'kept'],
      ['mouse_thrash: true', 'mouse_thrash', 'unsupported'],
      ['network_errors: 0', 'network_errors', 'kept'],
    ]);
    // "errors: 0" is none of any kind: the console error was shown.
    expect(findings({ errors: 0, console_errors: 1 })).toEqual([
      ['errors: 0', 'errors', 'unsupported'],
      ['console_errors: 1', 'console_errors', 'kept'],
    ]);
    // A flag in an item of a list is of that item; other flags name no signal.
    expect(findings({ friction: [{ rage_clicks: true }], had_errors: true, converted: false })).toEqual([]);
  });

  it('reads "clicked “X”" as a click on X: an element the user only saw was not clicked', () => {
    // "Spring sale" is an element the session has (seen, left out by the profile), never clicked.
    expect(verdicts('They clicked “Apply coupon”, tapped on the `span.total` and clicked “Spring sale”.')).toEqual([
      ['count', 'clicked “Apply coupon”', 'kept'],
      ['text', '“Apply coupon”', 'kept'],
      ['count', 'tapped on the `span.total`', 'kept'],
      ['selector', '`span.total`', 'kept'],
      ['count', 'clicked “Spring sale”', 'unsupported'],
      ['text', '“Spring sale”', 'dropped'],
    ]);
    expect(groundAnswer(sourceWithout([]), 'They clicked “Spring sale”.').unsupported[0]?.reason).toBe('no event of the session is a click on it');
    // A click the profile left out is dropped; an invented element is one claim, the quote's.
    expect(verdictsWithout(['rage-click', 'click'], 'They clicked “Apply coupon”.').map(([, text, verdict]) => [text, verdict])).toEqual([
      ['clicked “Apply coupon”', 'dropped'],
      ['“Apply coupon”', 'dropped'],
    ]);
    expect(verdicts('They clicked “Buy now”, but did not click “Apply coupon” again.')).toEqual([['text', '“Buy now”', 'unsupported'], ['text', '“Apply coupon”', 'kept']]);
  });

  it('reads "clicked the X button" as a click on X when X is a text of the session, as invented when the session has no word of a label X, and nothing otherwise', () => {
    expect(verdicts('They clicked the Apply coupon button, then tapped on the Spring sale banner.')).toEqual([
      ['count', 'clicked the Apply coupon button', 'kept'],
      ['count', 'tapped on the Spring sale banner', 'unsupported'],
    ]);
    expect(groundAnswer(sourceWithout([]), 'They pressed the spring SALE link.').unsupported.map(({ text, reason }) => [text, reason])).toEqual([
      ['pressed the spring SALE link', 'no event of the session is a click on it'],
    ]);
    expect(verdictsWithout(['rage-click', 'click'], 'They clicked the Apply coupon button.').map(([, text, verdict]) => [text, verdict])).toEqual([
      ['clicked the Apply coupon button', 'dropped'],
    ]);
    // A label the session has no word of names no element of it: "Place order" is invented.
    expect(verdicts('They clicked the Place order button.')).toEqual([['count', 'clicked the Place order button', 'unsupported']]);
    expect(verdicts('Finally they tapped the Add to bag button.')).toEqual([['count', 'tapped the Add to bag button', 'unsupported']]);
    // Words the session has may name one of its elements another way, and words that describe
    // (colours, places, kinds), lower-case words and icons name no label: no claim.
    expect(verdicts('They clicked the Coupon apply button, the Spring promo tile, the blue button and the Top right link.')).toEqual([]);
    expect(verdicts('They clicked the coupon submission button, then pressed the Wishlist icon.')).toEqual([]);
    // Words the session has elsewhere (a URL, a title), when every click is on an element its record
    // names and none holds those words: no click was on such an element.
    expect(verdicts('They clicked the Help link.')).toEqual([['count', 'clicked the Help link', 'unsupported']]);
    const withIconClick = parseSession({ ...session, events: [...session.events, { type: 'click', timestamp: '2026-03-01T10:00:20Z', target: { selector: 'aside.summary button.icon-3' } }] });
    const profile = parseProfile('events:\n  exclude_types: [element-seen]\n');
    expect(groundAnswer(groundingSource(profile, withIconClick, prepare(profile, withIconClick)), 'They clicked the Help link.').findings).toEqual([]);
    // Nor a denial, a guess, or a phrase a quote or a selector already holds.
    expect(verdicts('They never clicked the Spring sale banner; they may have tapped the Spring sale link.')).toEqual([]);
    expect(verdicts('They clicked the “Spring sale” banner.')).toEqual([
      ['count', 'clicked the “Spring sale”', 'unsupported'],
      ['text', '“Spring sale”', 'dropped'],
    ]);
  });

  it('reads no claim in a guess, a condition, a negated mention, a compound noun or a denial of a part', () => {
    expect(verdicts('This could indicate a dead click; if a request fails, watch for a console error.')).toEqual([]);
    expect(verdicts('An error message and a dead click rate chart; the flow did not end with an error click.')).toEqual([]);
    expect(verdicts('They saw no errors after the coupon and no rage clicks on the total; any errors were logged.')).toEqual([]);
    expect(verdicts('They left without any console errors being fixed; no errors were shown to the user and no failed requests got retried.')).toEqual([]);
    expect(verdicts('One console error, and no other errors; no further rage clicks.')).toEqual([['count', 'One console error', 'kept']]);
    expect(verdicts('It might have rage-clicked, but no one rage-clicked.')).toEqual([]);
  });
});
