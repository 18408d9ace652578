// Claims a third reviewer's answers showed the checker misreading: a signal in an earlier clause
// read as said of a citation, a device read as said of one, a query's input that led to its
// results page, a duration an event records, a lower bound held loosely, an item's count of
// elements it does not cite, an ordinal read as a time, and clicks counted on an element named
// without quotes.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { verdicts } from './test-support/checkout-source.js';

/** The findings (kind, text, verdict) of `answer` about `events`, every event kept, with the device in the context. */
function found(events: readonly Record<string, unknown>[], answer: string | Record<string, unknown>) {
  const session = parseSession({ id: 'u-3:s-1', device: { type: 'desktop', browser: 'Chrome 131', os: 'Linux' }, events });
  const profile = parseProfile('context:\n  include: [device]\n');
  return groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, seconds)).toISOString();

describe('groundAnswer: claims of the third review', () => {
  it('reads a signal before a comma with words after it as said in another clause than the citation', () => {
    // #0 is the page load of /cart; the console error (#4) came later.
    expect(verdicts('After a console error, they gave up on the cart (#0).').filter(([kind]) => kind === 'event')).toEqual([['event', '#0', 'kept']]);
    // A comma right before the citation still leaves the signal said of it: #5 is a rage click.
    expect(verdicts('There was a dead click on the total, #5.').filter(([kind]) => kind === 'event')).toEqual([['event', '#5', 'unsupported']]);
  });

  it('reads a device as the session’s, not as said of the event cited after it, and finds it before a bracket', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://help.example/tickets' },
      { type: 'console-error', timestamp: at(3), message: 'TypeError: ticket is null' },
    ];
    expect(found(events, 'A console error in Chrome on Linux (#1).')).toEqual([
      ['count', 'A console error', 'kept'],
      ['text', 'in Chrome', 'kept'],
      ['text', 'on Linux', 'kept'],
      ['event', '#1', 'kept'],
    ]);
    expect(found(events, 'They were reading on a tablet (#0).')).toEqual([
      ['text', 'on a tablet', 'unsupported'],
      ['event', '#0', 'kept'],
    ]);
  });

  it('holds a query typed in a field to the results page it led to', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://shop.example/' },
      { type: 'input-change', timestamp: at(6), target: { selector: 'form.search input#q' }, value: 'm8 hex bolt' },
      { type: 'click', timestamp: at(7), target: { selector: 'form.search button', text: 'Search' } },
      { type: 'custom', timestamp: at(7.5), name: 'Search Performed', properties: { query: 'm8 hex bolt' } },
      { type: 'navigate', timestamp: at(8), url: 'https://shop.example/search?q=m8+hex+bolt' },
      { type: 'navigate', timestamp: at(20), url: 'https://shop.example/cart' },
    ];
    expect(found(events, 'The query (#1) led to /search?q=m8+hex+bolt (#4).').filter(([kind]) => kind === 'event')).toEqual([
      ['event', '#1', 'kept'],
      ['event', '#4', 'kept'],
    ]);
    // Another page than its results is not what the input led to.
    expect(found(events, 'The query (#1) led to /cart (#5).').filter(([kind]) => kind === 'event')).toEqual([
      ['event', '#1', 'unsupported'],
      ['event', '#5', 'kept'],
    ]);
  });

  it('supports a duration by what a cited event records', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://app.example/onboarding' },
      { type: 'custom', timestamp: at(10), name: 'Onboarding Completed', properties: { duration_seconds: 174 } },
      { type: 'custom', timestamp: at(12), name: 'Import Finished', properties: { elapsed_ms: 42_000 } },
    ];
    expect(found(events, 'They finished onboarding in 174 seconds (#1) and the import took about 40 seconds (#2); the tour took 5 minutes (#1).').filter(([kind]) => kind === 'duration')).toEqual([
      ['duration', 'in 174 seconds', 'kept'],
      ['duration', 'took about 40 seconds', 'kept'],
      ['duration', 'took 5 minutes', 'unsupported'],
    ]);
  });

  it('holds a lower bound to 5 %, not to the quarter an estimate is allowed', () => {
    // The whole session lasts 120 s (the prompt shows 15 s of it).
    expect(verdicts('They spent more than 150 seconds there.')).toEqual([['duration', 'spent more than 150 seconds', 'unsupported']]);
    expect(verdicts('They spent more than 2 minutes there.')).toEqual([['duration', 'spent more than 2 minutes', 'dropped']]);
  });

  it("holds an item's count to the elements it cites when it cites no event of its kind", () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://ledger.example/pricing' },
      { type: 'click', timestamp: at(4), target: { selector: 'label.billing-toggle', text: 'Billed annually' } },
      { type: 'dead-click', timestamp: at(8), target: { selector: 'span.badge', text: 'Most popular' } },
      { type: 'dead-click', timestamp: at(9), target: { selector: 'img.checklist', text: 'Checklist' } },
      { type: 'dead-click', timestamp: at(10), target: { selector: 'img.checklist', text: 'Checklist' } },
    ];
    const counts = (description: string) => found(events, { friction: [{ kind: 'dead_click', description, count: 1 }] }).filter(([kind]) => kind === 'count');
    // #1 is a click on the toggle, which had no dead click; the badge had one.
    expect(counts('Dead click on the billing toggle (#1)')).toEqual([['count', 'count: 1', 'unsupported']]);
    expect(counts('Dead click on the badge (#2)')).toEqual([['count', 'count: 1', 'kept']]);
  });

  it('reads "a second" before a noun as an ordinal, and counts clicks on an element named without quotes', () => {
    expect(verdicts('They opened the help page in a second tab, and left in a second.')).toEqual([['duration', 'in a second', 'kept']]);
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://shop.example/search' },
      { type: 'dead-click', timestamp: at(4), target: { selector: 'aside h3.facet__title', text: 'Material' } },
      { type: 'dead-click', timestamp: at(5), target: { selector: 'aside h3.facet__title', text: 'Material' } },
      { type: 'click', timestamp: at(9), target: { selector: 'aside label', text: 'Length' } },
    ];
    expect(found(events, 'They clicked the Material heading twice, then clicked the Material heading three times.')).toEqual([
      ['count', 'clicked the Material heading twice', 'kept'],
      ['count', 'clicked the Material heading three times', 'unsupported'],
    ]);
  });
});
