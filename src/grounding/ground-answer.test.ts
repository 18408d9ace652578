import { describe, expect, it } from 'vitest';
import { prepare } from '../pipeline/prepare.js';
import { parseProfile } from '../profile/parse-profile.js';
import { parseSession } from '../session/parse-session.js';
import { groundAnswer, groundingSource } from './ground-answer.js';

const session = parseSession({
  id: 'u-1:s-1',
  org: { name: 'Northwind' },
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/cart', title: 'Cart' },
    { type: 'element-seen', timestamp: '2026-03-01T10:00:01Z', target: { selector: 'div#promo', text: 'Spring sale' } },
    { type: 'click', timestamp: '2026-03-01T10:00:05Z', target: { selector: 'aside.summary button#apply-coupon', text: 'Apply coupon' } },
    { type: 'network-error', timestamp: '2026-03-01T10:00:06Z', method: 'POST', url: 'https://shop.example/api/coupon', status: 500 },
    { type: 'console-error', timestamp: '2026-03-01T10:00:06.2Z', message: 'TypeError: total is undefined' },
    { type: 'rage-click', timestamp: '2026-03-01T10:00:09Z', target: { selector: 'aside.summary button#apply-coupon', text: 'Apply coupon' }, count: 5 },
    { type: 'dead-click', timestamp: '2026-03-01T10:00:15Z', target: { selector: 'span.total', text: '€138.90' } },
    { type: 'navigate', timestamp: '2026-03-01T10:02:00Z', url: 'https://shop.example/help' },
  ],
});
// The profile leaves out element-seen events and everything after 10:01.
const profile = parseProfile('context:\n  include: [org]\nevents:\n  exclude_types: [element-seen]\nslice:\n  end_timestamp: "2026-03-01T10:01:00Z"\n');
const source = groundingSource(profile, session, prepare(profile, session));
const verdicts = (answer: string | Record<string, unknown>) => groundAnswer(source, answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);

describe('groundAnswer', () => {
  it('supports what the prompt showed: events, URLs, quotes, selectors, counts and durations', () => {
    const answer =
      'On shop.example/cart (#0) the user clicked "Apply coupon"; POST /api/coupon failed and `aside.summary button#apply-coupon` was rage-clicked 5 times, ' +
      'with one console error and 2 errors in all. They made a dead click on span.total about 15 seconds in. Northwind\'s "apply coupon" button.';
    const report = groundAnswer(source, answer);
    expect(report.unsupported).toEqual([]);
    expect(report.dropped).toEqual([]);
    expect(report.score).toBe(1);
    expect(report.findings.map((finding) => finding.kind).sort()).toEqual(['count', 'count', 'count', 'duration', 'event', 'selector', 'selector', 'text', 'text', 'url', 'url'].sort());
  });

  it('calls what the profile left out dropped, with the reason, and what the session never had unsupported', () => {
    const report = groundAnswer(source, 'They saw "Spring sale" (#1), went to /help at #7, opened https://shop.example/account, rage-clicked 9 times, and #42 happened.');
    expect(report.findings.map(({ text, verdict }) => [text, verdict])).toEqual([
      ['"Spring sale"', 'dropped'],
      ['#1', 'dropped'],
      ['/help', 'dropped'],
      ['#7', 'dropped'],
      ['https://shop.example/account', 'unsupported'],
      ['rage-clicked 9 times', 'unsupported'],
      ['#42', 'unsupported'],
    ]);
    expect(report.dropped[1]).toMatchObject({ event: 1, reason: "#1 is in the session, but the profile's event types leave it out" });
    expect(report.dropped[3]?.reason).toBe("#7 is in the session, but it is outside the profile's slice");
    expect(report.unsupported[2]?.reason).toBe('the session has no event #42 (it has 8: #0 to #7)');
    expect(report.score).toBe(0);
  });

  it('places findings by character range in a text and by JSON path in a structured response', () => {
    const text = 'Failed at #3.';
    expect(groundAnswer(source, text).findings[0]).toMatchObject({ path: '10..12', event: 3, verdict: 'kept' });
    const structured = { outcome: 'abandoned', evidence: ['clicked "Apply coupon"', 'visited /nowhere'], dead_clicks: 3 };
    expect(groundAnswer(source, structured).findings.map(({ path, verdict }) => [path, verdict])).toEqual([
      ['evidence[0]', 'kept'],
      ['evidence[1]', 'unsupported'],
      ['dead_clicks', 'unsupported'],
    ]);
  });

  it('counts what a count names in the kept events only: a dropped event makes a count dropped', () => {
    expect(verdicts('There were 2 page views.')).toEqual([['count', '2 page views', 'dropped']]);
    expect(verdicts('There was one page view and three dead clicks.')).toEqual([
      ['count', 'one page view', 'kept'],
      ['count', 'three dead clicks', 'unsupported'],
    ]);
  });

  it('scores 1 when an answer makes no checkable claim, and ignores status codes and prices', () => {
    const report = groundAnswer(source, 'The shopper seemed frustrated by a 500 error and a price of €138.90.');
    expect(report).toEqual({ score: 1, findings: [], unsupported: [], dropped: [] });
  });

  it('narrows "events" to an event type named before it, and reads "clicked <selector> N times" across the selector', () => {
    expect(verdicts('They saw 1 element-seen event and 6 events in all.')).toEqual([
      ['count', '1 element-seen event', 'dropped'],
      ['count', '6 events', 'kept'],
    ]);
    expect(verdicts('The user clicked `aside.summary button#apply-coupon` 6 times.')).toEqual([
      ['count', 'clicked `aside.summary button#apply-coupon` 6 times', 'kept'],
      ['selector', '`aside.summary button#apply-coupon`', 'kept'],
    ]);
  });
});
