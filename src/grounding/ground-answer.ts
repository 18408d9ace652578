// groundAnswer: every checkable claim of an answer (text, or a structured response) against the
// session as the prompt showed it. Pure, offline, and no model call (see docs/grounding.md).

import type { EventFate } from '../pipeline/explain-events.js';
import { keyFilter } from '../pipeline/select-events.js';
import { inWindow } from '../pipeline/slice-window.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { PreparedRequest } from '../pipeline/prepare.js';
import type { Profile } from '../profile/profile-schema.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { countTopics } from './count-topics.js';
import { findClaims, type Claim } from './find-claims.js';
import { groundingReport, type GroundingFinding, type GroundingReport } from './grounding-report.js';
import { listChecker, type Checker, type Side } from './checker.js';
import { indexedChecker } from './indexed-checker.js';
import { normalSelector, normalText, normalUrl } from './session-facts.js';

/**
 * An event of the session that the prompt left out, and why.
 *
 * @category Grounding
 */
export interface DroppedEvent extends IndexedEvent {
  readonly reason: Exclude<EventFate, 'kept'>;
}

/**
 * What an answer is checked against: the events the prompt showed, the ones it left out (with
 * why), and the context it included.
 *
 * @category Grounding
 */
export interface GroundingSource {
  readonly kept: readonly IndexedEvent[];
  readonly dropped: readonly DroppedEvent[];
  /** The context elements in the prompt (`prepared.context.included`). */
  readonly context?: Readonly<Record<string, unknown>>;
}

const REASONS: Readonly<Record<Exclude<EventFate, 'kept'>, string>> = {
  'filtered-by-type': "the profile's event types leave it out",
  'outside-window': "it is outside the profile's slice",
  'over-limit': "it is beyond the profile's event limit",
};

/** How a source made by {@link groundingSource} is checked: on the session's index. */
const indexedSources = new WeakMap<GroundingSource, () => Checker>();

/**
 * The source of a prepared request: its kept events and context, and the session's other events
 * with the reason each was dropped. `session` is the one the request was prepared from (with
 * privacy rules, pass the same session: the kept events are already redacted).
 *
 * The dropped events are listed when first read; {@link groundAnswer} checks a source made here
 * on an index of the session that is built once for as long as the session object lives, so a
 * second answer about the same session does not read every event again.
 *
 * @category Grounding
 */
export function groundingSource(profile: Profile, session: Session, prepared: PreparedRequest): GroundingSource {
  const kept = prepared.events.kept;
  const context = prepared.context.included as Readonly<Record<string, unknown>>;
  const passes = keyFilter(profile.events);
  const window = prepared.events.window;
  /** Why an event the prompt left out was dropped: the first step of the pipeline that drops it (as explainEvents). */
  const fateOf = (event: SessionEvent): Exclude<EventFate, 'kept'> => (!passes(event) ? 'filtered-by-type' : inWindow(window, event.time) ? 'over-limit' : 'outside-window');
  let dropped: DroppedEvent[] | undefined;
  const source: GroundingSource = {
    kept,
    context,
    get dropped(): readonly DroppedEvent[] {
      if (dropped === undefined) {
        const shown = new Set(kept.map((entry) => entry.index));
        dropped = [];
        session.events.forEach((event, index) => {
          if (!shown.has(index)) dropped?.push({ index, event, reason: fateOf(event) });
        });
      }
      return dropped;
    },
  };
  indexedSources.set(source, () =>
    indexedChecker(session, kept, context, (index) => {
      const event = session.events[index];
      return event === undefined ? undefined : REASONS[fateOf(event)];
    }),
  );
  return source;
}

function finding(claim: Claim, path: string, verdict: GroundingFinding['verdict'], event?: number, reason?: string): GroundingFinding {
  return { kind: claim.kind, text: claim.text, path, verdict, ...(event !== undefined && event >= 0 ? { event } : {}), ...(reason === undefined ? {} : { reason }) };
}

/** A claim found by `lookup` among the kept events, else among the dropped ones, else nowhere. */
function located(claim: Claim, path: string, checker: Checker, lookup: (side: Side) => number | undefined, what: string): GroundingFinding {
  const kept = lookup('kept');
  if (kept !== undefined) return finding(claim, path, 'kept', kept);
  const dropped = lookup('dropped');
  if (dropped !== undefined) return finding(claim, path, 'dropped', dropped, `#${dropped} holds it, but ${checker.reasonOf(dropped) ?? 'the prompt left it out'}`);
  return finding(claim, path, 'unsupported', undefined, `no event of the session has this ${what}`);
}

function check(claim: Claim, path: string, checker: Checker): GroundingFinding {
  switch (claim.kind) {
    case 'event': {
      if (checker.has('kept', claim.index)) return finding(claim, path, 'kept', claim.index);
      if (checker.has('dropped', claim.index)) return finding(claim, path, 'dropped', claim.index, `#${claim.index} is in the session, but ${checker.reasonOf(claim.index) ?? 'the prompt left it out'}`);
      return finding(claim, path, 'unsupported', undefined, `the session has no event #${claim.index} (it has ${checker.total}: #0 to #${checker.total - 1})`);
    }
    case 'url': {
      const url = normalUrl(claim.url);
      return located(claim, path, checker, (side) => checker.urlExact(side, url) ?? checker.urlLoose(side, url), 'URL');
    }
    case 'text': {
      const quote = normalText(claim.quote);
      return located(claim, path, checker, (side) => checker.textEqual(side, quote) ?? checker.textHolding(side, quote) ?? checker.textWithin(side, quote), 'text');
    }
    case 'selector': {
      const selector = normalSelector(claim.selector);
      return located(claim, path, checker, (side) => checker.selector(side, selector), 'selector');
    }
    case 'count': {
      if (checker.counts('kept', claim.topic, claim.count)) return finding(claim, path, 'kept');
      if (checker.counts('all', claim.topic, claim.count)) return finding(claim, path, 'dropped', undefined, `true of the whole session, not of the ${checker.keptSize} events the prompt showed`);
      return finding(claim, path, 'unsupported', undefined, `the session has no ${claim.count} ${claim.topic.name}`);
    }
    case 'duration': {
      if (checker.lasts('kept', claim.seconds)) return finding(claim, path, 'kept');
      if (checker.lasts('all', claim.seconds)) return finding(claim, path, 'dropped', undefined, 'true of the whole session, not of the events the prompt showed');
      return finding(claim, path, 'unsupported', undefined, `no span of about ${claim.seconds} s between events of the session`);
    }
  }
}

/** JSON paths as the suites write them: `evidence[1]`, `friction[0].detail`. */
const childPath = (parent: string, key: string | number) => (typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`);

function walk(value: unknown, path: string, visit: (text: string, path: string) => void, visitNumber: (key: string, value: number, path: string) => void, key = ''): void {
  if (typeof value === 'string') visit(value, path);
  else if (typeof value === 'number') visitNumber(key, value, path);
  else if (Array.isArray(value)) value.forEach((item, index) => walk(item, childPath(path, index), visit, visitNumber, key));
  else if (value !== null && typeof value === 'object') for (const [child, item] of Object.entries(value)) walk(item, childPath(path, child), visit, visitNumber, child);
}

/**
 * Every checkable claim of `answer` with its verdict: `kept` (supported by what the model was
 * shown), `dropped` (true of the session, but the profile left it out) or `unsupported`
 * (invented). A text answer's findings are placed by character range (`12..25`), a structured
 * response's by JSON path (`evidence[1]`); a number under a key that names events
 * (`dead_clicks: 3`) is a count claim.
 *
 * @example
 * ```ts
 * const prepared = prepare(profile, session);
 * const report = groundAnswer(groundingSource(profile, session, prepared), 'Rage-clicked #26 "Apply coupon" 5 times.');
 * report.score; // 1 when every claim is supported
 * ```
 *
 * @category Grounding
 */
export function groundAnswer(source: GroundingSource, answer: string | Readonly<Record<string, unknown>>): GroundingReport {
  const indexed = indexedSources.get(source);
  const checker =
    indexed?.() ??
    (() => {
      const reasons = new Map(source.dropped.map((event) => [event.index, REASONS[event.reason]]));
      return listChecker(source.kept, source.dropped, source.context, (index) => reasons.get(index));
    })();
  const findings: GroundingFinding[] = [];
  if (typeof answer === 'string') {
    for (const claim of findClaims(answer)) findings.push(check(claim, `${claim.start}..${claim.end}`, checker));
  } else {
    walk(
      answer,
      '',
      (text, path) => {
        for (const claim of findClaims(text)) findings.push(check(claim, path, checker));
      },
      (key, value, path) => {
        const topic = key === '' ? undefined : countTopics.of(key.replace(/_count$|^count_of_|^num_|_total$/g, '').replace(/[_-]+/g, ' '));
        if (topic === undefined || !Number.isInteger(value)) return;
        findings.push(check({ kind: 'count', text: `${key}: ${value}`, start: 0, end: 0, count: value, topic }, path, checker));
      },
    );
  }
  return groundingReport(findings);
}
