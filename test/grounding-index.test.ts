// groundAnswer checks a source made by groundingSource on the session's index; any other source
// (plain lists of kept and dropped events) on those lists. Both must give the same findings,
// verdicts, events and reasons: this compares them over generated sessions, profiles that filter,
// slice and limit, privacy rules that change kept events, and answers built from the session's
// own strings, changed ones and invented ones.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLongSession } from '../scripts/generate-long-session.js';
import { groundAnswer, groundingSource, type GroundingSource } from '../src/grounding/ground-answer.js';
import { normalText } from '../src/grounding/normal-text.js';
import { explainEvents } from '../src/pipeline/explain-events.js';
import { prepare } from '../src/pipeline/prepare.js';
import { parsePrivacyRules } from '../src/privacy/privacy-rules.js';
import { redactSession } from '../src/privacy/redact-session.js';
import { parseProfile } from '../src/profile/parse-profile.js';
import { parseSession } from '../src/session/parse-session.js';
import type { Session, SessionEvent } from '../src/session/session-schema.js';

const PROFILES = [
  'context:\n  include: [user, device]\n',
  'slice:\n  mode: LAST\n  event_limit: 120\n',
  'slice:\n  mode: FIRST\n  event_limit: 150\n',
  'slice:\n  mode: LAST\n  event_limit: 600\n',
  'slice:\n  start_timestamp: "2026-03-02T13:07:00Z"\n  end_timestamp: "2026-03-02T13:21:00Z"\n',
  'slice:\n  mode: FIRST\n  event_limit: 80\nevents:\n  exclude_types: [element-seen, mouse-thrash]\n',
  'events:\n  include_types: [click, rage-click, dead-click, navigate, network-error]\nslice:\n  mode: LAST\n  event_limit: 60\n',
  'slice:\n  start_timestamp: "2026-03-02T13:10:00Z"\n  end_timestamp: "2026-03-02T13:15:00Z"\n',
].map((text) => parseProfile(text));
const RULES = parsePrivacyRules('presets: [email, card, phone, iban, ip, secret]\nstrip_url_params: [session]\n');

/** The session as `rules` leave it: what grounding reads of the events the prompt left out. */
const underRules = (session: Session, rules: typeof RULES | undefined) => (rules === undefined ? session : redactSession(session, rules).session);

/** The source as a library user would build it: lists, with the reasons explainEvents gives (pass the session as the rules leave it). */
function listSource(profile: (typeof PROFILES)[number], session: Session, kept: GroundingSource['kept'], context: GroundingSource['context']): GroundingSource {
  const explanation = explainEvents(profile, session);
  const dropped = session.events.flatMap((event, index) => {
    const fate = explanation.fate(index);
    return fate === 'kept' ? [] : [{ index, event, reason: fate }];
  });
  return { kept, dropped, ...(context === undefined ? {} : { context }) };
}

/** Strings of the session a model might cite, as they are or changed. */
function citations(session: Session): { texts: string[]; urls: string[]; selectors: string[] } {
  const texts = new Set<string>();
  const urls = new Set<string>();
  const selectors = new Set<string>();
  for (const event of session.events) {
    for (const text of [event.target?.text, event.title, event.message, event.name, event.value]) if (typeof text === 'string' && text.length > 0 && !text.includes('"')) texts.add(text);
    if (typeof event.url === 'string') urls.add(event.url);
    if (typeof event.target?.selector === 'string') selectors.add(event.target.selector);
  }
  return { texts: [...texts], urls: [...urls], selectors: [...selectors] };
}

const answerOf = (session: Session) => {
  const { texts, urls, selectors } = citations(session);
  const pick = <T>(list: readonly T[]) => fc.integer({ min: 0, max: Math.max(0, list.length - 1) }).map((position) => list[position]);
  const sentence = fc.oneof(
    fc.integer({ min: 0, max: session.events.length + 20 }).map((index) => `At #${index} something happened.`),
    pick(texts).map((text) => `They saw "${text}".`),
    pick(texts).map((text) => `They pressed "the ${text} button".`),
    // Names without quotes: a text of the session, words of it, and words it lacks.
    pick(texts).map((text) => `They clicked the ${text} button.`),
    fc.tuple(pick(texts), fc.constantFrom('Zebra', 'Checkout', 'Place', '')).map(([text, word]) => `They tapped the ${word} ${String(text).split(' ')[0]} link.`),
    pick(texts).map((text) => `They read "${String(text).slice(0, Math.max(4, Math.floor(String(text).length / 2)))}".`),
    fc.stringMatching(/^[A-Z][a-z]{3,12}( [a-z]{3,9}){0,3}$/).map((text) => `They typed "${text}".`),
    pick(urls).map((url) => `They opened ${url}.`),
    pick(urls).map((url) => `They went to ${String(url).replace(/^https?:\/\/[^/]+/, '') || '/'} next.`),
    // A URL without its last segment (an id or not): the record's page, or a parent never opened.
    pick(urls).map((url) => `They opened ${String(url).replace(/\?.*$/, '').replace(/\/[^/]*$/, '')} first.`),
    fc.constantFrom('https://shop.example/never-opened', '/nowhere/else').map((url) => `They opened ${url}.`),
    pick(selectors).map((selector) => `They clicked \`${selector}\`.`),
    fc.tuple(fc.integer({ min: 0, max: 40 }), fc.constantFrom('clicks', 'dead clicks', 'errors', 'pages', 'failed requests', 'console errors', 'events', 'input changes')).map(([count, topic]) => `There were ${count} ${topic}.`),
    fc.integer({ min: 1, max: 12 }).map((count) => `They rage-clicked ${count} times.`),
    fc.tuple(fc.integer({ min: 1, max: 90 }), fc.constantFrom('seconds', 'minutes')).map(([amount, unit]) => `It happened after ${amount} ${unit}.`),
  );
  return fc.array(sentence, { minLength: 1, maxLength: 12 }).map((sentences) => sentences.join(' '));
};

describe('groundAnswer on the session index', () => {
  const sessions = [3, 11].map((seed) => parseSession(generateLongSession({ events: 900, seed, personalData: seed === 11 })));

  for (const [sessionNumber, session] of sessions.entries()) {
    it(`gives the findings of the list check, with and without privacy rules (session ${sessionNumber + 1})`, () => {
      fc.assert(
        // A fresh copy of the session has no index yet: small slices are then read on their own.
        fc.property(fc.integer({ min: 0, max: PROFILES.length - 1 }), fc.boolean(), fc.boolean(), answerOf(session), (profileNumber, withRules, fresh, answer) => {
          const profile = PROFILES[profileNumber] as (typeof PROFILES)[number];
          const recorded = fresh ? structuredClone(session) : session;
          const prepared = prepare(profile, recorded, withRules ? { privacy: RULES } : {});
          const indexed = groundAnswer(groundingSource(profile, recorded, prepared), answer);
          const listed = groundAnswer(listSource(profile, underRules(recorded, withRules ? RULES : undefined), prepared.events.kept, prepared.context.included as GroundingSource['context']), answer);
          expect(indexed).toEqual(listed);
        }),
        { numRuns: 200, seed: 20261124 + sessionNumber },
      );
    });
  }

  it('agrees on counts and durations that are true of the kept events, of the whole session, or off by one', () => {
    const TOPICS: readonly (readonly [string, readonly string[]])[] = [
      ['clicks', ['click']],
      ['dead clicks', ['dead-click']],
      ['rage clicks', ['rage-click']],
      ['console errors', ['console-error']],
      ['failed requests', ['network-error']],
      ['errors', ['console-error', 'network-error']],
      ['input changes', ['input-change']],
      ['page views', ['navigate']],
      ['events', []],
    ];
    for (const session of sessions) {
      for (const profile of PROFILES) {
        for (const privacy of [undefined, RULES]) {
          const prepared = prepare(profile, session, privacy === undefined ? {} : { privacy });
          const keptEvents = prepared.events.kept.map(({ event }) => event);
          const countOf = (list: readonly { type: string }[], types: readonly string[]) => (types.length === 0 ? list.length : list.filter(({ type }) => types.includes(type)).length);
          const sentences: string[] = [];
          for (const [words, types] of TOPICS) {
            for (const count of new Set([countOf(keptEvents, types), countOf(keptEvents, types) + 1, countOf(session.events, types)])) sentences.push(`There were ${count} ${words}.`);
          }
          const rageCounts = [...keptEvents, ...session.events].flatMap((event) => (event.type === 'rage-click' && typeof event.count === 'number' ? [event.count] : []));
          for (const count of new Set([...rageCounts.slice(0, 3), ...rageCounts.slice(-3)])) sentences.push(`They rage-clicked ${count} times and clicked ${count + 1} times.`);
          const times = keptEvents.map(({ time }) => time);
          const span = times.length > 0 ? Math.round(((times.at(-1) as number) - (times[0] as number)) / 1000) : 0;
          const whole = Math.round(((session.events.at(-1)?.time ?? 0) - (session.events[0]?.time ?? 0)) / 1000);
          for (const seconds of new Set([span, Math.round(span * 1.5) + 10, whole, whole * 2 + 60])) sentences.push(`It lasted ${seconds} seconds.`);
          const answer = sentences.join(' ');
          const indexed = groundAnswer(groundingSource(profile, session, prepared), answer);
          const listed = groundAnswer(listSource(profile, underRules(session, privacy), prepared.events.kept, prepared.context.included as GroundingSource['context']), answer);
          expect(indexed).toEqual(listed);
          expect(new Set(indexed.findings.filter(({ kind }) => kind === 'count').map(({ verdict }) => verdict)).size).toBeGreaterThan(1);
        }
      }
    }
  });

  it('lists the dropped events with the reasons explainEvents gives', () => {
    const session = sessions[0] as Session;
    for (const profile of PROFILES) {
      const prepared = prepare(profile, session);
      const expected = listSource(profile, session, prepared.events.kept, undefined).dropped;
      expect(groundingSource(profile, session, prepared).dropped).toEqual(expected);
    }
  });

  it('finds the same claims as before once the index exists, and for a session with redacted kept events', () => {
    const session = sessions[1] as Session;
    const profile = PROFILES[0] as (typeof PROFILES)[number];
    const prepared = prepare(profile, session, { privacy: RULES });
    const changed = prepared.events.kept.filter(({ index, event }) => event !== session.events[index]);
    expect(changed.length).toBeGreaterThan(0);
    const recordedEmail = session.events.flatMap((event) => JSON.stringify(event).match(/[\w.+-]+@[\w-]+\.[\w.]+/) ?? [])[0];
    expect(recordedEmail).toBeDefined();
    const answer = `They entered "${recordedEmail}" and saw "[email]".`;
    const first = groundAnswer(groundingSource(profile, session, prepared), answer);
    const again = groundAnswer(groundingSource(profile, session, prepared), answer);
    // The prompt showed the placeholder, never the address: quoting the address is invented.
    expect(first.findings.map(({ verdict }) => verdict)).toEqual(['unsupported', 'kept']);
    expect(again).toEqual(first);
  });

  it('normalizes a text that needs no change, and one that does, as the regular expressions do', () => {
    const byExpressions = (text: string) =>
      text
        .toLowerCase()
        .replace(/[\u2018\u2019]/g, "'")
        .replace(/[\u201c\u201d]/g, '"')
        .replace(/[\u2010-\u2015\u2212]/g, '-')
        .replace(/\s+/g, ' ')
        .replace(/ ?- ?/g, '-')
        .replace(/^[\s"'.,;:!?]+|[\s"'.,;:!?…]+$/g, '');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[ a-zA-Z0-9"'.,;:!?\t\n\u00a0\u2019\u2013\u2014…-]{0,24}$/)), (text) => {
        expect(normalText(text)).toBe(byExpressions(text));
      }),
      { numRuns: 2000, seed: 20261124 },
    );
  });

  it('indexes a session again when its event list grew or was replaced', () => {
    const session = parseSession({ id: 'u-1:s-1', events: [{ type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://shop.example/cart' }] });
    const profile = PROFILES[0] as (typeof PROFILES)[number];
    const answer = 'They opened /cart, then /late-page.';
    const verdicts = () => groundAnswer(groundingSource(profile, session, prepare(profile, session)), answer).findings.map(({ verdict }) => verdict);
    expect(verdicts()).toEqual(['kept', 'unsupported']);
    (session.events as SessionEvent[]).push({ type: 'navigate', timestamp: '2026-03-01T10:01:00Z', time: Date.parse('2026-03-01T10:01:00Z'), url: 'https://shop.example/late-page' });
    expect(verdicts()).toEqual(['kept', 'kept']);
    (session as { events: readonly SessionEvent[] }).events = session.events.slice(0, 1);
    expect(verdicts()).toEqual(['kept', 'unsupported']);
  });
});
