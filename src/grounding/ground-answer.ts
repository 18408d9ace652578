// groundAnswer: every checkable claim of an answer (text, or a structured response) against the
// session as the prompt showed it. Pure, offline, and no model call (see docs/grounding.md).

import { explainEvents, type EventFate } from '../pipeline/explain-events.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { PreparedRequest } from '../pipeline/prepare.js';
import type { Profile } from '../profile/profile-schema.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { countTopics } from './count-topics.js';
import { findClaims, type Claim } from './find-claims.js';
import { groundingReport, type GroundingFinding, type GroundingReport } from './grounding-report.js';
import { SessionFacts } from './session-facts.js';

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

/**
 * The source of a prepared request: its kept events and context, and the session's other events
 * with the reason each was dropped. `session` is the one the request was prepared from (with
 * privacy rules, pass the same session: the kept events are already redacted).
 *
 * @category Grounding
 */
export function groundingSource(profile: Profile, session: Session, prepared: PreparedRequest): GroundingSource {
  const explanation = explainEvents(profile, session);
  const dropped: DroppedEvent[] = [];
  session.events.forEach((event, index) => {
    const fate = explanation.fate(index);
    if (fate !== 'kept') dropped.push({ index, event, reason: fate });
  });
  return { kept: prepared.events.kept, dropped, context: prepared.context.included as Readonly<Record<string, unknown>> };
}

const REASONS: Readonly<Record<Exclude<EventFate, 'kept'>, string>> = {
  'filtered-by-type': "the profile's event types leave it out",
  'outside-window': "it is outside the profile's slice",
  'over-limit': "it is beyond the profile's event limit",
};

/** The context as one pseudo-event (index -1), so that a quote of the org's name or an app URL is supported. */
function contextEvent(context: Readonly<Record<string, unknown>> | undefined): IndexedEvent[] {
  if (context === undefined || Object.keys(context).length === 0) return [];
  return [{ index: -1, event: { type: 'custom', name: 'context', timestamp: '', time: Number.NaN, properties: context } as unknown as SessionEvent }];
}

interface Checker {
  readonly kept: SessionFacts;
  readonly dropped: SessionFacts;
  readonly all: () => SessionFacts;
  readonly reasonOf: (index: number) => string | undefined;
  readonly total: number;
}

function finding(claim: Claim, path: string, verdict: GroundingFinding['verdict'], event?: number, reason?: string): GroundingFinding {
  return { kind: claim.kind, text: claim.text, path, verdict, ...(event !== undefined && event >= 0 ? { event } : {}), ...(reason === undefined ? {} : { reason }) };
}

/** A claim found by `lookup` among the kept events, else among the dropped ones, else nowhere. */
function located(claim: Claim, path: string, checker: Checker, lookup: (facts: SessionFacts) => number | undefined, what: string): GroundingFinding {
  const kept = lookup(checker.kept);
  if (kept !== undefined) return finding(claim, path, 'kept', kept);
  const dropped = lookup(checker.dropped);
  if (dropped !== undefined) return finding(claim, path, 'dropped', dropped, `#${dropped} holds it, but ${checker.reasonOf(dropped) ?? 'the prompt left it out'}`);
  return finding(claim, path, 'unsupported', undefined, `no event of the session has this ${what}`);
}

function check(claim: Claim, path: string, checker: Checker): GroundingFinding {
  switch (claim.kind) {
    case 'event': {
      if (checker.kept.event(claim.index) !== undefined) return finding(claim, path, 'kept', claim.index);
      if (checker.dropped.event(claim.index) !== undefined) return finding(claim, path, 'dropped', claim.index, `#${claim.index} is in the session, but ${checker.reasonOf(claim.index) ?? 'the prompt left it out'}`);
      return finding(claim, path, 'unsupported', undefined, `the session has no event #${claim.index} (it has ${checker.total}: #0 to #${checker.total - 1})`);
    }
    case 'url':
      return located(claim, path, checker, (facts) => facts.url(claim.url), 'URL');
    case 'text':
      return located(claim, path, checker, (facts) => facts.text(claim.quote), 'text');
    case 'selector':
      return located(claim, path, checker, (facts) => facts.selector(claim.selector), 'selector');
    case 'count': {
      if (checker.kept.counts(claim.topic, claim.count)) return finding(claim, path, 'kept');
      if (checker.all().counts(claim.topic, claim.count)) return finding(claim, path, 'dropped', undefined, `true of the whole session, not of the ${checker.kept.size} events the prompt showed`);
      return finding(claim, path, 'unsupported', undefined, `the session has no ${claim.count} ${claim.topic.name}`);
    }
    case 'duration': {
      if (checker.kept.lasts(claim.seconds)) return finding(claim, path, 'kept');
      if (checker.all().lasts(claim.seconds)) return finding(claim, path, 'dropped', undefined, 'true of the whole session, not of the events the prompt showed');
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
  const kept = new SessionFacts([...source.kept, ...contextEvent(source.context)]);
  const dropped = new SessionFacts(source.dropped);
  let all: SessionFacts | undefined;
  const reasons = new Map(source.dropped.map((event) => [event.index, REASONS[event.reason]]));
  const checker: Checker = {
    kept,
    dropped,
    all: () => (all ??= new SessionFacts([...source.kept, ...source.dropped])),
    reasonOf: (index) => reasons.get(index),
    total: source.kept.length + source.dropped.length,
  };
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
