// groundAnswer on the number of events an item of a structured response says show its problem.

import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';
import { source, verdicts } from './test-support/checkout-source.js';

// The checkout session: #2 a click, #3 a failed request, #4 a console error, #5 a rage click (5 clicks), #6 a dead click.
const counts = (answer: Record<string, unknown>) => verdicts(answer).filter(([kind]) => kind === 'count');

describe('groundAnswer: the count of an item of a structured response', () => {
  it('keeps a count of the events of its kind the item cites, their clicks, or a total the prompt shows', () => {
    expect(
      counts({
        friction: [
          { kind: 'rage_click', description: 'Rage clicks on Apply coupon (#5)', count: 1 },
          { kind: 'rage_click', description: 'Rage clicks on Apply coupon (#5)', occurrences: 5 },
          { kind: 'error', description: 'The coupon failed (#3, #4)', count: 2 },
          { kind: 'error', description: 'The script broke', instances: 1 },
        ],
      }),
    ).toEqual([
      ['count', 'count: 1', 'kept'],
      ['count', 'occurrences: 5', 'kept'],
      ['count', 'count: 2', 'kept'],
      ['count', 'instances: 1', 'kept'],
    ]);
  });

  it('finds a count that is none of those unsupported, saying what the item cites and the prompt shows', () => {
    const answer = {
      friction: [
        { kind: 'rage_click', description: 'Rage clicks on Apply coupon (#5)', count: 3 },
        { kind: 'dead_click', description: 'Dead clicks on the total (#6)', count: 2 },
        { kind: 'validation', description: 'The coupon field', count: 4 },
      ],
    };
    expect(counts(answer)).toEqual([
      ['count', 'count: 3', 'unsupported'],
      ['count', 'count: 2', 'unsupported'],
    ]);
    expect(groundAnswer(source, answer).unsupported.map(({ path, reason }) => [path, reason])).toEqual([
      ['friction[0].count', 'the item cites 1 rage-click event (5 clicks); the prompt shows 5, 1 of its kind (in all, or of one element, message or URL)'],
      ['friction[1].count', 'the item cites 1 dead-click event; the prompt shows 1 of its kind (in all, or of one element, message or URL)'],
    ]);
  });
});

describe('groundAnswer: the page of an item of a structured response', () => {
  it('finds a page URL that is the page of none of the events the item cites unsupported', () => {
    const answer = {
      friction: [
        { kind: 'dead_click', description: 'Dead click on the total (#6)', page_url: 'https://shop.example/cart' },
        { kind: 'error', description: 'The coupon request failed (#3)', page_url: '/api/coupon' },
        { kind: 'rage_click', description: 'Rage clicks on Apply coupon (#5)', page_url: '/api/coupon' },
        { kind: 'other', description: 'No citation', page_url: '/api/coupon' },
      ],
    };
    expect(verdicts(answer).filter(([kind]) => kind === 'url')).toEqual([
      ['url', 'https://shop.example/cart', 'kept'],
      ['url', '/api/coupon', 'kept'],
      ['url', '/api/coupon', 'unsupported'],
      ['url', '/api/coupon', 'kept'],
    ]);
    expect(groundAnswer(source, answer).unsupported.map(({ path, reason }) => [path, reason])).toEqual([
      ['friction[2].page_url', 'the page of none of the events the item cites (#5 on https://shop.example/cart)'],
    ]);
  });
});

describe('groundAnswer: the count of an item that cites events of one element', () => {
  it('keeps the total of the elements it cites or of its whole kind, not that of another element', () => {
    // Dead clicks: two on the thumbnail, one on the gallery image (the same text), three on the badge.
    const at = (second: number) => `2026-03-01T10:00:${String(second).padStart(2, '0')}Z`;
    const deadClick = (second: number, selector: string, text: string) => ({ type: 'dead-click', timestamp: at(second), target: { selector, text } });
    const clicks = parseSession({
      id: 'u-3:s-3',
      events: [
        deadClick(1, 'img.thumb', 'Hex bolt M8'),
        deadClick(2, 'img.thumb', 'Hex bolt M8'),
        deadClick(3, 'img.gallery', 'Hex bolt M8'),
        deadClick(4, 'span.badge', 'In stock'),
        deadClick(5, 'span.badge', 'In stock'),
        deadClick(6, 'span.badge', 'In stock'),
      ],
    });
    const inClicks = groundingSource({}, clicks, prepare({}, clicks));
    const countOf = (count: number) => groundAnswer(inClicks, { friction: [{ kind: 'dead_click', description: 'Clicks on the bolt thumbnail (#0, #1)', count }] }).findings.find(({ kind }) => kind === 'count')?.verdict;
    expect([2, 6, 3, 1].map(countOf)).toEqual(['kept', 'kept', 'unsupported', 'unsupported']);
  });
});

describe('groundAnswer: a JSON answer given as text', () => {
  it('checks the items of a JSON answer given as text, fenced or bare, as those of a structured response', () => {
    const answer = {
      friction: [
        { kind: 'dead_click', description: 'Repeated clicks on Apply coupon (#5)', count: 1 },
        { kind: 'rage_click', description: 'Rage clicks on Apply coupon (#5)', count: 3 },
      ],
    };
    const structured = verdicts(answer);
    expect(structured.filter(([, , verdict]) => verdict === 'unsupported').map(([kind, text]) => [kind, text])).toEqual([
      ['event', '#5'],
      ['count', 'count: 3'],
    ]);
    const json = JSON.stringify(answer, null, 2);
    for (const text of [`Here is the summary:\n\n\`\`\`json\n${json}\n\`\`\``, json, `  ${JSON.stringify(answer)}\n`]) {
      // The same findings, each placed by the JSON's range; its keys and kinds are no quotes.
      expect(verdicts(text)).toEqual(structured);
      const range = groundAnswer(source, text).findings.map(({ path }) => path);
      expect(new Set(range).size).toBe(1);
    }
  });
});
