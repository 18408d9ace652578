// Claims a seventeenth reviewer's answers about a failed CI pipeline showed the checker getting
// wrong: strict bounds ("more than 3", "fewer than 2") read as exact counts, a size after `~` read
// as one the session holds, a job's time written "6m 12s" on the page not read, citations as
// "(ev. 12)", bidirectional marks of Hebrew text glued to a reference, Ubuntu as no system, an
// item of a failed request the profile left out, a count said after its quoted element, and the
// path of a URL shortened with an ellipsis.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 8, 14, 3, 11) + seconds * 1000).toISOString();
const rerun = { selector: 'div.pipeline-actions button#rerun-failed', text: 'Re-run failed jobs' };
const next = { selector: 'div.log-search button.search-next', text: 'Next match' };
const retry = 'https://api.forgeline.example/v1/projects/acme%2Fpayments-api/pipelines/48213/retry';

const events = [
  { type: 'navigate', timestamp: at(0), url: 'https://ci.forgeline.example/acme/payments-api/jobs/771903?tab=log' },
  { type: 'element-seen', timestamp: at(1), target: { selector: 'span.status', text: 'test:integration · failed after 6m 12s' } },
  { type: 'click', timestamp: at(5), target: rerun },
  { type: 'network-error', timestamp: at(6), url: retry, method: 'POST', status: 429 },
  { type: 'console-error', timestamp: at(6.1), message: `POST ${retry} 429 (Too Many Requests)` },
  { type: 'element-seen', timestamp: at(6.3), target: { selector: 'div.toast', text: 'Rate limit reached. You can re-run jobs again in 90 seconds.' } },
  { type: 'dead-click', timestamp: at(10), target: rerun },
  { type: 'console-error', timestamp: at(14), message: 'Warning: LogStreamer: websocket reconnecting (attempt 2 of 5)' },
  { type: 'click', timestamp: at(40), target: rerun },
  { type: 'element-seen', timestamp: at(41), target: { selector: 'div.toast', text: 'Saved. Commit 9f3c2ab started pipeline #48224.' } },
  { type: 'click', timestamp: at(50), target: next },
  { type: 'click', timestamp: at(52), target: next },
  { type: 'element-seen', timestamp: at(55), target: { selector: 'table.artifacts tr', text: 'coverage-report.zip · 38.4 MB' } },
];
const device = { type: 'desktop', browser: 'Firefox 133', os: 'Ubuntu 24.04' };

/** The findings (kind, text, verdict) of `answer` about the events under `profile`, of the kinds `kinds`. */
function found(answer: string | Record<string, unknown>, kinds: readonly string[], profileText = '{}') {
  const session = parseSession({ id: 'u-17:s-1', device, events });
  const profile = parseProfile(profileText);
  const { findings } = groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer);
  return findings.filter(({ kind }) => kinds.includes(kind)).map(({ kind, text, verdict }) => [kind, text, verdict]);
}

describe('groundAnswer: claims of the seventeenth review', () => {
  it('holds a count said as a strict bound to some total past it', () => {
    expect(found('Over 3 clicks, more than 1 console error, fewer than 2 dead clicks and under 2 failed requests.', ['count'])).toEqual([
      ['count', '3 clicks', 'kept'],
      ['count', '1 console error', 'kept'],
      ['count', '2 dead clicks', 'kept'],
      ['count', '2 failed requests', 'kept'],
    ]);
    expect(found('More than 5 clicks and more than 2 console errors.', ['count'])).toEqual([
      ['count', '5 clicks', 'unsupported'],
      ['count', '2 console errors', 'unsupported'],
    ]);
    // An inclusive bound stays one, and "over" after a word for events spreads them ("across").
    expect(found('No more than 2 console errors; 5 clicks over 1 page view.', ['count'])).toEqual([
      ['count', '2 console errors', 'kept'],
      ['count', '5 clicks', 'kept'],
      ['count', '1 page view', 'kept'],
    ]);
  });

  it('reads a size or an amount after a tilde as approximate, no claim', () => {
    expect(found('The zip was ~40MB (~ 41 MB on disk, ~€40 of storage); the table says 38.4 MB and the log 40 MB.', ['text'])).toEqual([
      ['text', '38.4 MB', 'kept'],
      ['text', '40 MB', 'unsupported'],
    ]);
  });

  it('reads minutes and seconds written together in a cited event’s text as the time it states', () => {
    expect(found('The job had run for 6m 12s before failing (#1).', ['duration'])).toEqual([['duration', '6m 12s', 'kept']]);
    expect(found('The job had run for 8m 12s before failing (#1).', ['duration'])).toEqual([['duration', '8m 12s', 'unsupported']]);
  });

  it('reads "(ev. 6)" and "(evt 5)" as citations, and the dot of "ev." ends no clause', () => {
    expect(found('The button was dead-clicked (ev. 6), the toast showed (evt 5) and “Next match” was pressed (ev. 10, 11).', ['event'])).toEqual([
      ['event', 'ev. 6', 'kept'],
      ['event', 'evt 5', 'kept'],
      ['event', 'ev. 10', 'kept'],
      ['event', '11', 'kept'],
    ]);
    expect(found('The toast asked her to wait for 90 seconds (ev. 5).', ['duration'])).toEqual([['duration', 'for 90 seconds', 'kept']]);
    expect(found('The toast asked her to wait for 20 minutes (ev. 5).', ['duration'])).toEqual([['duration', 'for 20 minutes', 'unsupported']]);
  });

  it('reads the invisible marks of right-to-left text as spaces', () => {
    expect(found('השמירה יצרה pipeline \u200f#48224 (#9) ו-\u200e38.4 MB\u200e.', ['event', 'text'])).toEqual([
      ['event', '#48224', 'kept'],
      ['event', '#9', 'kept'],
      ['text', '38.4 MB', 'kept'],
    ]);
    expect(found('השמירה יצרה pipeline \u200f#48225 (#9).', ['event'])).toEqual([
      ['event', '#48225', 'unsupported'],
      ['event', '#9', 'kept'],
    ]);
  });

  it('reads Ubuntu, Debian and Fedora as systems, each running Linux', () => {
    expect(found('She worked in Firefox on Ubuntu 24.04, that is on Linux, and later on Fedora.', ['text'])).toEqual([
      ['text', 'in Firefox', 'kept'],
      ['text', 'on Ubuntu 24.04', 'kept'],
      ['text', 'on Linux', 'kept'],
      ['text', 'on Fedora', 'unsupported'],
    ]);
  });

  it('leaves an item’s citations alone when it also cites an event of its kind the profile left out', () => {
    const withoutRequests = 'events:\n  exclude_types: [network-error]\n';
    const answer = { friction: [{ kind: 'network_error', description: 'The re-run got a 429 (#3), as the console shows (#4).' }] };
    expect(found(answer, ['event'], withoutRequests)).toEqual([
      ['event', '#3', 'dropped'],
      ['event', '#4', 'kept'],
    ]);
    // An item citing no event of its kind, kept or left out, is still wrong about its events.
    expect(found({ friction: [{ kind: 'dead_click', description: 'Nothing happened (#4).' }] }, ['event'], withoutRequests)).toEqual([['event', '#4', 'unsupported']]);
  });

  it('compares a count said after its quoted element with that element', () => {
    expect(found('“Next match” clicked twice, “Re-run failed jobs” clicked twice.', ['count'])).toEqual([
      ['count', 'clicked twice', 'kept'],
      ['count', 'clicked twice', 'unsupported'],
    ]);
  });

  it('reads a path after an ellipsis as the end of a URL, no claim', () => {
    expect(found('POST …/pipelines/48213/retry returned a 429 (#3); POST /pipelines/48213/retry did not.', ['url'])).toEqual([['url', '/pipelines/48213/retry', 'unsupported']]);
  });
});
