// The checkout session the groundAnswer tests ground answers about: a coupon that fails, rage
// clicks and a dead click, with a profile that leaves out element-seen events and everything after
// 10:01.

import { prepare } from '../../pipeline/prepare.js';
import { parseProfile } from '../../profile/parse-profile.js';
import { parseSession } from '../../session/parse-session.js';
import { groundAnswer, groundingSource } from '../ground-answer.js';

export const session = parseSession({
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
export const profile = parseProfile('context:\n  include: [org]\nevents:\n  exclude_types: [element-seen]\nslice:\n  end_timestamp: "2026-03-01T10:01:00Z"\n');
export const source = groundingSource(profile, session, prepare(profile, session));
export const verdicts = (answer: string | Record<string, unknown>) => groundAnswer(source, answer).findings.map(({ kind, text, verdict }) => [kind, text, verdict]);
