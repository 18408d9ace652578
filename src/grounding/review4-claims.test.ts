// Claims a fourth reviewer (a red team of grounding) found the checker missing: counts under keys
// written in camelCase or with the words of a total, quotes holding an apostrophe, URLs without a
// scheme whose host has a port, and event references of eight digits or more.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { verdicts } from './test-support/checkout-source.js';

/** The findings (kind, text, verdict) of `answer` about `events`, every event kept. */
function found(events: readonly Record<string, unknown>[], answer: string | Record<string, unknown>) {
  const session = parseSession({ id: 'u-4:s-1', events });
  const profile = parseProfile('{}');
  return groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
}

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, seconds)).toISOString();

describe('groundAnswer: claims of the fourth review', () => {
  it('reads a count under a key in camelCase, or with the words of a total around the topic', () => {
    // The prompt shows 1 dead click, 2 errors (a console error and a failed request) and 3 clicks of every kind.
    expect(verdicts({ deadClickCount: 9 })).toEqual([['count', 'deadClickCount: 9', 'unsupported']]);
    expect(verdicts({ numDeadClicks: 1 })).toEqual([['count', 'numDeadClicks: 1', 'kept']]);
    expect(verdicts({ errorCount: 2, totalErrors: 7 })).toEqual([
      ['count', 'errorCount: 2', 'kept'],
      ['count', 'totalErrors: 7', 'unsupported'],
    ]);
    expect(verdicts({ consoleErrorCount: 1, totalClicks: 99 })).toEqual([
      ['count', 'consoleErrorCount: 1', 'kept'],
      ['count', 'totalClicks: 99', 'unsupported'],
    ]);
    expect(verdicts({ total_clicks: 99 })).toEqual([['count', 'total_clicks: 99', 'unsupported']]);
  });

  it('reads a quote that holds an apostrophe whole', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://shop.example/' },
      { type: 'click', timestamp: at(2), target: { selector: 'a.nav', text: "Women's outerwear" } },
    ];
    expect(found(events, "They opened 'Women's outerwear'.")).toEqual([['text', "'Women's outerwear'", 'kept']]);
    expect(found(events, "They opened 'Men's jackets' (#1).")).toEqual([
      ['text', "'Men's jackets'", 'unsupported'],
      ['event', '#1', 'kept'],
    ]);
    expect(found(events, 'They saw ‘Women’s outerwear’.')).toEqual([['text', '‘Women’s outerwear’', 'kept']]);
    // Two quotes in a row stay two.
    expect(found(events, "They saw 'Women' and 'outerwear'.").map(([, text]) => text)).toEqual(["'Women'", "'outerwear'"]);
  });

  it('reads a URL without a scheme whose host has a port', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'http://localhost:8931/checkout' },
      { type: 'navigate', timestamp: at(5), url: 'http://127.0.0.1:8931/thank-you' },
      { type: 'navigate', timestamp: at(9), url: 'https://shop.example:8443/account' },
    ];
    expect(found(events, 'They went from localhost:8931/checkout to localhost:8931/orders.')).toEqual([
      ['url', 'localhost:8931/checkout', 'kept'],
      ['url', 'localhost:8931/orders', 'unsupported'],
    ]);
    expect(found(events, 'Then 127.0.0.1:8931/thank-you, then shop.example:8443/account and shop.example:8443/refund.')).toEqual([
      ['url', '127.0.0.1:8931/thank-you', 'kept'],
      ['url', 'shop.example:8443/account', 'kept'],
      ['url', 'shop.example:8443/refund', 'unsupported'],
    ]);
    // A network given as an address and its prefix is no URL.
    expect(found(events, 'From 10.0.0.1/24.')).toEqual([]);
  });

  it('reads an event reference of eight digits or more', () => {
    expect(verdicts('See #12345678.')).toEqual([['event', '#12345678', 'unsupported']]);
    // A range is checked at both ends: #2 was shown.
    expect(verdicts('Events #2–#12345678.')).toEqual([
      ['event', '#2–#12345678', 'kept'],
      ['event', '#2–#12345678', 'unsupported'],
    ]);
  });

  it('reads a type said of a citation after `at` or `in`, and after a citation in backticks that leads its line', () => {
    // #3 is the failed request, #4 the console error, #5 the rage click, #6 the dead click.
    const citations = (answer: string) => verdicts(answer).filter(([kind]) => kind === 'event');
    expect(citations('The dead click at #5.')).toEqual([['event', '#5', 'unsupported']]);
    expect(citations('The console error at #3.')).toEqual([['event', '#3', 'unsupported']]);
    expect(citations('The failed request in #4.')).toEqual([['event', '#4', 'unsupported']]);
    expect(citations('The dead click at #6, then the failed request in #3.')).toEqual([
      ['event', '#6', 'kept'],
      ['event', '#3', 'kept'],
    ]);
    expect(citations('- `#3` console-error\n- `#4`: console-error')).toEqual([
      ['event', '#3', 'unsupported'],
      ['event', '#4', 'kept'],
    ]);
  });

  it('reads a message quoted as the prompt escapes it, its inner quotes escaped', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://bi.example/query' },
      { type: 'console-error', timestamp: at(4), message: 'QueryError: column "region_code" does not exist' },
    ];
    expect(found(events, 'It failed with "QueryError: column \\"region_code\\" does not exist" (#1).')).toEqual([
      ['text', '"QueryError: column \\"region_code\\" does not exist"', 'kept'],
      ['event', '#1', 'kept'],
    ]);
    expect(found(events, 'It failed with "QueryError: column \\"country_code\\" does not exist".')).toEqual([['text', '"QueryError: column \\"country_code\\" does not exist"', 'unsupported']]);
  });

  it('counts clicks on a selector written another way on the element it selects', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://shop.example/p/jacket' },
      { type: 'click', timestamp: at(2), target: { selector: "fieldset.size-picker label[for='size-M']", text: 'M' } },
      { type: 'dead-click', timestamp: at(4), target: { selector: 'aside.facets h3.facet__title', text: 'Brand' } },
      { type: 'dead-click', timestamp: at(5), target: { selector: 'aside.facets h3.facet__title', text: 'Brand' } },
    ];
    expect(found(events, 'They clicked `label[for="size-M"]` (#1).')).toEqual([
      ['count', 'clicked `label[for="size-M"]`', 'kept'],
      ['selector', '`label[for="size-M"]`', 'kept'],
      ['event', '#1', 'kept'],
    ]);
    expect(found(events, 'There was 1 dead click on `aside.facets > h3.facet__title`.')).toEqual([
      ['count', '1 dead click', 'unsupported'],
      ['selector', '`aside.facets > h3.facet__title`', 'kept'],
    ]);
    expect(found(events, 'There were 2 dead clicks on `aside > h3.facet__title`.')).toEqual([
      ['count', '2 dead clicks', 'kept'],
      ['selector', '`aside > h3.facet__title`', 'kept'],
    ]);
  });

  it('reads a page that a click opened in a new tab as the page it loaded', () => {
    const tabbed = (tabOfResults: string) => [
      { type: 'navigate', timestamp: at(0), url: 'https://gearhub.example/search?q=anc', tab: '1' },
      { type: 'click', timestamp: at(3), target: { selector: 'a.tile', text: 'NX700' }, tab: '1' },
      { type: 'navigate', timestamp: at(4), url: 'https://gearhub.example/p/nx700', tab: tabOfResults },
      { type: 'click', timestamp: at(6), target: { selector: 'a.tile', text: 'Q45' }, tab: '1' },
      { type: 'navigate', timestamp: at(7), url: 'https://gearhub.example/p/q45', tab: '1' },
    ];
    expect(found(tabbed('2'), '#1 opened /p/nx700 in a new tab.')).toEqual([
      ['event', '#1', 'kept'],
      ['url', '/p/nx700', 'kept'],
    ]);
    expect(found(tabbed('2'), '#3 opened /p/nx700.')).toEqual([
      ['event', '#3', 'unsupported'],
      ['url', '/p/nx700', 'kept'],
    ]);
    // A tab that was open before the click was not opened by it.
    const earlier = [{ type: 'element-seen', timestamp: at(0), target: { selector: 'h1', text: 'Deals' }, tab: '2' }, ...tabbed('2').map((event, index) => ({ ...event, timestamp: at(index + 1) }))];
    expect(found(earlier, '#2 opened /p/nx700 in a new tab.')).toEqual([
      ['event', '#2', 'unsupported'],
      ['url', '/p/nx700', 'kept'],
    ]);
  });

  it('reads a quote holding a quote unescaped as one quote', () => {
    const events = [
      { type: 'navigate', timestamp: at(0), url: 'https://bi.example/query' },
      { type: 'console-error', timestamp: at(4), message: 'QueryError: column "region_code" does not exist' },
      { type: 'click', timestamp: at(6), target: { selector: 'button.retry', text: 'Retry' } },
    ];
    expect(found(events, 'It failed with "QueryError: column "country_code" does not exist" (#1).')).toEqual([
      ['text', '"QueryError: column "country_code" does not exist"', 'unsupported'],
      ['event', '#1', 'kept'],
    ]);
    expect(found(events, 'It failed with "QueryError: column "region_code" does not exist".')).toEqual([['text', '"QueryError: column "region_code" does not exist"', 'kept']]);
    // Quotes one after another stay apart.
    expect(found(events, 'It showed "QueryError: column " and then "Retry".').map(([, text]) => text)).toEqual(['"QueryError: column "', '"Retry"']);
  });
});

