// groundAnswer on events cited for what they are not: "a dead click (#5)" where #5 is a rage click.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { source, verdicts } from './test-support/checkout-source.js';

const events = (answer: string | Record<string, unknown>) => verdicts(answer).filter(([kind]) => kind === 'event');

describe('groundAnswer: what an answer says of the events it cites', () => {
  it('finds a cited event that is not the signal, click, URL, quote or selector said of it right before', () => {
    expect(events('They hit a dead click (#5).')).toEqual([['event', '#5', 'unsupported']]);
    expect(events('A console error (#3) followed.')).toEqual([['event', '#3', 'unsupported']]);
    expect(events('They clicked “Apply coupon” (#4), then `POST /api/coupon` (#4) failed.')).toEqual([
      ['event', '#4', 'unsupported'],
      ['event', '#4', 'unsupported'],
    ]);
    expect(events('They saw “TypeError: total is undefined”, #3.')).toEqual([['event', '#3', 'unsupported']]);
    expect(events('The `span.total` (#5) did nothing.')).toEqual([['event', '#5', 'unsupported']]);
    expect(groundAnswer(source, 'They hit a dead click (#5).').unsupported[0]?.reason).toBe('#5 is a rage-click event, not what the answer says of it (“a dead click”)');
    // A page that is not the event's, even with words true of it.
    expect(groundAnswer(source, 'They made a dead click on /api/coupon (#6).').unsupported.map(({ text, reason }) => [text, reason])).toEqual([
      ['#6', '#6 is a dead-click event on https://shop.example/cart, not what the answer says of it (“/api/coupon”)'],
    ]);
  });

  it('reads a citation that starts its line with the words after it', () => {
    expect(events('- #5: a dead click on the total\n- #6: a dead click on the total\n- #4 — “TypeError: total is undefined”')).toEqual([
      ['event', '#5', 'unsupported'],
      ['event', '#6', 'kept'],
      ['event', '#4', 'kept'],
    ]);
    // The words at the end of the line before belong to that line's citation.
    expect(events('- #2: clicked “Apply coupon”\n- #3: a failed request to /api/coupon\n- #4 “TypeError: total is undefined”')).toEqual([
      ['event', '#2', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
    ]);
  });

  it('keeps citations whose words are true of them, of one event of their group, or of the click that loaded the page cited', () => {
    expect(events('They clicked “Apply coupon” (#2); `POST /api/coupon` failed with a 500 (#3), “TypeError: total is undefined” was logged (#4), and they rage-clicked (#5) and hit a dead click on `span.total` (#6).')).toEqual([
      ['event', '#2', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#5', 'kept'],
      ['event', '#6', 'kept'],
    ]);
    expect(events('Two errors followed (#3, #4): a console error and a failed request to /api/coupon (#4, #3).')).toEqual([
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#3', 'kept'],
    ]);
    // "/cart (#2)": the page the click on #2 came from is no cause of it, but the page load before is cited right.
    expect(events('They were on /cart (#0) and clicked “Apply coupon” (#2).')).toEqual([
      ['event', '#0', 'kept'],
      ['event', '#2', 'kept'],
    ]);
    // A URL before an event on a page is true of it when it is the page's (the last page load before it).
    expect(events('On /cart (#6) they hit a dead click; the request on /cart (#3) failed.')).toEqual([
      ['event', '#6', 'kept'],
      ['event', '#3', 'kept'],
    ]);
    // A signal said of the citation before it describes that one, not the next.
    expect(events('#3 was a failed request to /api/coupon and #4 was the console error that followed.')).toEqual([
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
    ]);
  });

  it('reads nothing from words about many events, from words further away, or from claims the prompt does not support', () => {
    // "3 failed requests" is a count of many; the quote is not next to the citation; "Buy now" is invented.
    expect(events('After 2 errors on “Apply coupon” the page froze (#5).')).toEqual([['event', '#5', 'kept']]);
    expect(events('The “Apply coupon” button then froze the page (#6).')).toEqual([['event', '#6', 'kept']]);
    expect(events('They clicked “Buy now” (#5).')).toEqual([['event', '#5', 'kept']]);
    expect(events('No errors (#2).')).toEqual([['event', '#2', 'kept']]);
  });

  it('finds the events an item of a structured response cites that are not of the kind it names', () => {
    const answer = {
      friction: [
        { kind: 'dead_click', description: 'The total did nothing when clicked (#5)', count: 1 },
        { kind: 'rage_click', description: 'Repeated clicks on Apply coupon (#5)', count: 1 },
        { kind: 'error', description: 'The coupon request failed (#3) and the script broke (#4)', count: 2 },
        { kind: 'error', description: 'The coupon button (#2)', count: 1 },
        { kind: 'confusion', description: 'They wandered (#2)', count: 1 },
      ],
      key_moments: [{ event: 6, type: 'rage click' }],
    };
    expect(events(answer)).toEqual([
      ['event', '#5', 'unsupported'],
      ['event', '#5', 'kept'],
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#2', 'unsupported'],
      ['event', '#2', 'kept'],
      ['event', '#6', 'unsupported'],
    ]);
    // One event of the kind, in a range, is enough for others cited with it for context.
    expect(verdicts({ friction: [{ kind: 'dead_click', description: 'Clicks on the total (#5–#6), after the coupon (#2)' }] }).map(([, , verdict]) => verdict)).toEqual(['kept', 'kept', 'kept']);
    const report = groundAnswer(source, answer);
    expect(report.unsupported.map(({ path, reason }) => [path, reason])).toEqual([
      ['friction[0].description', "#5 is a rage-click event, not what the item's kind says of it (dead_click)"],
      ['friction[3].description', "#2 is a click event, not what the item's kind says of it (error)"],
      ['key_moments[0].event', "#6 is a dead-click event, not what the item's kind says of it (rage click)"],
    ]);
  });

  it('finds the events a row of a Markdown table cites that are not of the type in its column of types', () => {
    // The checkout session: #2 a click, #3 a failed request, #4 a console error, #5 a rage click, #6 a dead click.
    const table = ['Key moments:', '', '| Event | Event type | Element |', '|---|:---:|---|', '| #5 | **Rage click** | Apply coupon |', '| #6 | rage_click | total |', '| #4 | dead click | script |', '| #3–#4 | Error | coupon |', '| #2 | click | coupon |'].join('\n');
    expect(events(table)).toEqual([
      ['event', '#5', 'kept'],
      ['event', '#6', 'unsupported'],
      ['event', '#4', 'unsupported'],
      ['event', '#3–#4', 'kept'],
      ['event', '#3–#4', 'kept'],
      ['event', '#2', 'kept'],
    ]);
    expect(groundAnswer(source, table).unsupported[0]?.reason).toBe("#6 is a dead-click event, not what its row's type says of it (rage_click)");
    // Any type of event, in a table: a click is no page view, a navigation no click.
    expect(events('| Event | Type |\n| --- | --- |\n| #2 | click |\n| #0 | Page view |\n| #2 | navigate |\n| #0 | click |\n| #6 | Click |\n| #1 | other |')).toEqual([
      ['event', '#2', 'kept'],
      ['event', '#0', 'kept'],
      ['event', '#2', 'unsupported'],
      ['event', '#0', 'unsupported'],
      ['event', '#6', 'kept'],
      ['event', '#1', 'dropped'],
    ]);
    // A citation that leads its line before an event type, as the prompt writes types.
    expect(events('Key events:\n- #5 rage-click on Apply coupon\n- #6 (dead click) total\n2. #4 network-error: /api/coupon\n- **#2** navigate\n#3 — console error\n- #2 clicked twice, #6 click')).toEqual([
      ['event', '#5', 'kept'],
      ['event', '#6', 'kept'],
      ['event', '#4', 'unsupported'],
      ['event', '#2', 'unsupported'],
      ['event', '#3', 'unsupported'],
      ['event', '#2', 'kept'],
      ['event', '#6', 'kept'],
    ]);
    expect(groundAnswer(source, '- #2 navigate').unsupported[0]?.reason).toBe('#2 is a click event, not what the type written after it says of it (navigate)');
    // Anywhere, a type in brackets right after a citation.
    expect(events('The coupon request failed #4 (network-error) and then #3 (`network-error`), after #2 [click].')).toEqual([
      ['event', '#4', 'unsupported'],
      ['event', '#3', 'kept'],
      ['event', '#2', 'kept'],
    ]);
    // A table without a column of types, and rows outside a table, say nothing of the kind.
    expect(events('| Event | Element |\n|---|---|\n| #6 | rage click |\n\n| #4 | dead click |')).toEqual([
      ['event', '#6', 'kept'],
      ['event', '#4', 'kept'],
    ]);
  });

  it('finds a citation whose type the answer says in words, after it or right before it', () => {
    // The checkout session: #0 a page load, #2 a click, #3 a failed request, #4 a console error, #5 a rage click, #6 a dead click.
    expect(events('#2 is a navigation to the cart. #0 was a page view. #3 is a console error. #2 was the console error. #5: a dead click.')).toEqual([
      ['event', '#2', 'unsupported'],
      ['event', '#0', 'kept'],
      ['event', '#3', 'unsupported'],
      ['event', '#2', 'unsupported'],
      ['event', '#5', 'unsupported'],
    ]);
    expect(groundAnswer(source, '#2 is a navigation to the cart.').unsupported[0]?.reason).toBe('#2 is a click event, not what the answer says of it (navigation)');
    expect(events('The network error (#4) came from the coupon. This dead click #6 did nothing. The first failed request (#3) was a 500.')).toEqual([
      ['event', '#4', 'unsupported'],
      ['event', '#6', 'kept'],
      ['event', '#3', 'kept'],
    ]);
    // True of one event of a group; a negation; words that are no type, or that end elsewhere; a
    // page or a highlight said of an event; a friction signal the prompt shows no event of (untrue
    // of every event: a count of its own, not of the citation).
    expect(events('#3 and #4 were network errors. #4 was not a network error. #2 was the checkout page. The click on the coupon error (#4) failed. #6 was a highlight. #5 was a click. #3 was a mouse thrash.')).toEqual([
      ['event', '#3', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#2', 'kept'],
      ['event', '#4', 'kept'],
      ['event', '#6', 'kept'],
      ['event', '#5', 'kept'],
      ['event', '#3', 'kept'],
    ]);
    // Another type the prompt shows none of is no count: said of a citation, it is the citation's.
    expect(events('#3 is an input change. #2 was a paste.')).toEqual([
      ['event', '#3', 'unsupported'],
      ['event', '#2', 'unsupported'],
    ]);
  });

  it('reads the page of an event in its own tab, and the page a click led to only of a click the page answered', () => {
    // Two tabs: the search results in tab 1, a product opened in tab 2; a dead click in tab 1 after tab 2 loaded.
    const tabs = parseSession({
      id: 'u-2:s-2',
      events: [
        { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/search?q=bolts', tab: '1' },
        { type: 'navigate', timestamp: '2026-03-01T10:00:10Z', url: 'https://shop.example/p/a2', tab: '2' },
        { type: 'highlight', timestamp: '2026-03-01T10:00:20Z', text: 'stainless A4', target: { selector: 'li.spec' }, tab: '2' },
        { type: 'click', timestamp: '2026-03-01T10:00:30Z', target: { selector: 'li.result a', text: 'M8 bolt' }, tab: '1' },
        { type: 'dead-click', timestamp: '2026-03-01T10:00:40Z', target: { selector: 'span.badge', text: 'In stock' }, tab: '1' },
        { type: 'navigate', timestamp: '2026-03-01T10:00:41Z', url: 'https://shop.example/p/a4', tab: '1' },
      ],
    });
    const profile = parseProfile('{}');
    const inTabs = groundingSource(profile, tabs, prepare(profile, tabs));
    const cited = (answer: string) => groundAnswer(inTabs, answer).findings.filter(({ kind }) => kind === 'event').map(({ text, verdict }) => [text, verdict]);
    expect(cited('They highlighted “stainless A4” on /p/a2 (#2) and clicked “M8 bolt” on /search?q=bolts (#3).')).toEqual([
      ['#2', 'kept'],
      ['#3', 'kept'],
    ]);
    expect(cited('They highlighted “stainless A4” on /search?q=bolts (#2).')).toEqual([['#2', 'unsupported']]);
    expect(cited('They clicked “M8 bolt” on /p/a2 (#3).')).toEqual([['#3', 'unsupported']]);
    // A dead click leads nowhere: the page loaded after it is not its page. A click that was answered leads to the page after it.
    expect(cited('A dead click on “In stock” on /p/a4 (#4).')).toEqual([['#4', 'unsupported']]);
    expect(cited('A dead click on “In stock” on /search?q=bolts (#4).')).toEqual([['#4', 'kept']]);
  });

  it('compares the URL a citation is said to have loaded right after it, anywhere on a line', () => {
    // The checkout session: #0 loads /cart, #2 is the click on Apply coupon whose request (#3) goes to /api/coupon.
    expect(events('First #0 loaded /cart, then #2 led to /api/coupon.')).toEqual([
      ['event', '#0', 'kept'],
      ['event', '#2', 'kept'],
    ]);
    expect(events('First #0 loaded /api/coupon.')).toEqual([['event', '#0', 'unsupported']]);
    // Another verb, or words between, say nothing of the citation: `#0 and then /api/coupon`.
    expect(events('First #0 and then /api/coupon.')).toEqual([['event', '#0', 'kept']]);
  });
});
