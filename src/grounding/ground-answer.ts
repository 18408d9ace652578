// groundAnswer: every checkable claim of an answer (text, or a structured response) against the
// session as the prompt showed it. Pure, offline, and no model call (see docs/grounding.md).

import type { EventFate } from '../pipeline/explain-events.js';
import { keyFilter } from '../pipeline/select-events.js';
import { inWindow } from '../pipeline/slice-window.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';
import type { PreparedRequest } from '../pipeline/prepare.js';
import type { Profile } from '../profile/profile-schema.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { anchoredDuration, recordedDuration } from './anchored-durations.js';
import { saidOfShownPart } from './sentence-durations.js';
import { withoutTimesOfDay } from './time-of-day.js';
import { countTopics, noneOfIt, noneTopic, partTopic } from './count-topics.js';
import { findClaims, type Claim } from './find-claims.js';
import { countHolds, describeTotals, largest } from './count-totals.js';
import { spelledTypeCode, withOriginalTexts } from './type-code.js';
import { blankedMarks } from './invisible-marks.js';
import { isDenied } from './denial.js';
import { groundingReport, type GroundingFinding, type GroundingReport } from './grounding-report.js';
import { EXCLUDED_CONTEXT, firstFound, listChecker, type Checker, type Side } from './checker.js';
import { indexedChecker } from './indexed-checker.js';
import { pairText } from './event-strings.js';
import { looseText, normalText, uncut, withoutInnerHyphens } from './normal-text.js';
import { normalSelector } from './session-facts.js';
import { normalUrl, sectionKey } from './url-keys.js';
import { citedCount, citedLeftOut, citedShownOnly } from './cited-count.js';
import { wrongCitation } from './cited-event.js';
import { wrongOrdinal } from './ordinal-citations.js';
import { markWrongKinds, markWrongKindsInText } from './cited-kind.js';
import { placedStringFindings } from './placed-string-findings.js';
import { markItemTextKinds } from './item-text-kinds.js';
import { jsonBlocks, keyWords, walk } from './walk-answer.js';
import { countTopicOfKey, EVENT_REFERENCE_KEY, EVENT_REFERENCES_KEY } from './answer-keys.js';
import { copiedFromPrompt } from './copied-from-prompt.js';
import { namesNothingThere, namesText, noClickOnIt } from './named-element.js';
import { deviceFinding } from './device-claims.js';
import { checkItemCounts } from './item-counts.js';
import { checkItemPages } from './item-pages.js';
import { sessionUnderRules } from './session-under-rules.js';
import { unknownField } from './key-value-lines.js';
import { checkYamlItems } from './yaml-items.js';
import { checkItemTimes } from './item-times.js';
import { checkTimeKeys } from './time-keys.js';
import { withNumberCitations } from './string-citations.js';
import { withQuotedValues } from './quote-keys.js';
import { checkKeyedValues } from './keyed-values.js';
import { shownContext } from './shown-context.js';
import { checkItemRageClicks } from './item-rage-clicks.js';
import { elidedPieces, elidedQuoteEvent } from './elided-quotes.js';
import { decodedEntities, placedAsWritten } from './html-entities.js';

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
  /**
   * The context elements in the prompt (`prepared.context.included`); {@link groundingSource} adds
   * `session: { id }`, the id the session block names (`<session id="…">`, after privacy rules).
   */
  readonly context?: Readonly<Record<string, unknown>>;
  /** The session's context elements the profile left out (`prepared.context.excluded`): what an answer takes from them is `dropped`. */
  readonly excludedContext?: Readonly<Record<string, unknown>>;
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
 * privacy rules, pass the same session: the kept events are already redacted, and the others are
 * read as the same rules leave them).
 *
 * The dropped events are listed when first read; {@link groundAnswer} checks a source made here
 * on an index of the session that is built once for as long as the session object lives, so a
 * second answer about the same session does not read every event again.
 *
 * @category Grounding
 */
export function groundingSource(profile: Profile, session: Session, prepared: PreparedRequest): GroundingSource {
  const kept = prepared.events.kept;
  const context = shownContext(prepared);
  const excludedContext = prepared.context.excluded as Readonly<Record<string, unknown>>;
  const passes = keyFilter(profile.events);
  const window = prepared.events.window;
  /** Why an event the prompt left out was dropped: the first step of the pipeline that drops it (as explainEvents). */
  const fateOf = (event: SessionEvent): Exclude<EventFate, 'kept'> => (!passes(event) ? 'filtered-by-type' : inWindow(window, event.time) ? 'over-limit' : 'outside-window');
  let dropped: DroppedEvent[] | undefined;
  const source: GroundingSource = {
    kept,
    context,
    excludedContext,
    get dropped(): readonly DroppedEvent[] {
      if (dropped === undefined) {
        const shown = new Set(kept.map((entry) => entry.index));
        dropped = [];
        sessionUnderRules(session, prepared).events.forEach((event, index) => {
          if (!shown.has(index)) dropped?.push({ index, event, reason: fateOf(event) });
        });
      }
      return dropped;
    },
  };
  indexedSources.set(source, () =>
    indexedChecker(
      sessionUnderRules(session, prepared),
      kept,
      context,
      (index) => {
        const event = session.events[index];
        return event === undefined ? undefined : REASONS[fateOf(event)];
      },
      excludedContext,
    ),
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
  if (dropped === EXCLUDED_CONTEXT) return finding(claim, path, 'dropped', undefined, "the session's context holds it, but the profile's context settings leave that element out");
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
      // "pages under /c/": a section holds the URLs whose paths it starts.
      const section = sectionKey(claim.url);
      // "/car/quote" for /car/quote/Q-7731-2048: a page named without its record's id.
      const recordPage = url.includes('?') || url.endsWith('/:id') ? undefined : `${url}/:id`;
      // "/settings/billing?tab=invoices" for …?tab=invoices&ws=acme: a parameter left out.
      const withQuery = url.includes('?');
      const found = located(
        claim,
        path,
        checker,
        (side) => checker.urlExact(side, url) ?? checker.urlLoose(side, url) ?? (section === undefined ? undefined : checker.urlLoose(side, section)) ?? (recordPage === undefined ? undefined : checker.urlLoose(side, recordPage)) ?? (withQuery ? checker.urlWithQuery(side, url) : undefined),
        'URL',
      );
      // A request the profile left out whose URL a kept text shows (`POST https://… 429` in a console error): the prompt showed it.
      const shown = found.verdict === 'dropped' && found.event !== undefined ? checker.textHolding('kept', normalText(claim.url)) : undefined;
      return shown === undefined ? found : finding(claim, path, 'kept', shown);
    }
    case 'text': {
      // "on a mobile device", "in Safari": what the context records of the device.
      if (claim.device !== undefined) return deviceFinding(claim, path, checker, claim.device);
      // "the total was €150.00": any way the session may write the amount.
      const amounts = claim.amounts?.map(normalText);
      if (amounts !== undefined) return located(claim, path, checker, (side) => firstFound(amounts, (form) => checker.textEqual(side, form) ?? checker.amountHolding(side, form)), 'amount');
      // "Your session will … in 0:52": words left out in the middle.
      const pieces = elidedPieces(claim.quote);
      if (pieces !== undefined) return located(claim, path, checker, (side) => elidedQuoteEvent(checker, side, pieces), 'text');
      const quote = normalText(uncut(claim.quote.trim()));
      // `failed_submissions=4`: a field with its value, written another way.
      const pair = pairText(claim.quote);
      const asPair = pair === undefined ? undefined : normalText(pair);
      // "non-profits" for "nonprofits": a hyphen added inside a word.
      const unhyphened = withoutInnerHyphens(quote);
      // "Your session has expired - please sign in again" for "… expired. Please sign in again.": the punctuation changed.
      const loose = (side: Side) => (claim.status === true || !quote.includes(' ') ? undefined : checker.textLoose(side, looseText(uncut(claim.quote.trim()))));
      // A status (`returned a 500`) is a number of its own: not the `500` of `€1,500`.
      const lookup = (side: Side, text: string) => checker.textEqual(side, text) ?? (claim.status === true ? checker.amountHolding(side, text) : (checker.textHolding(side, text) ?? checker.textWithin(side, text)));
      return located(claim, path, checker, (side) => lookup(side, quote) ?? (asPair === undefined || asPair === quote ? undefined : checker.textEqual(side, asPair)) ?? (unhyphened === quote ? undefined : lookup(side, unhyphened)) ?? loose(side), 'text');
    }
    case 'selector': {
      const selector = normalSelector(claim.selector);
      return located(claim, path, checker, (side) => checker.selector(side, selector), 'selector');
    }
    case 'count': {
      // A count of a part ("after 3 clicks", "a rage click") holds when the events have at least
      // that many; a denial ("no errors") when they have none, whatever the words may mean.
      const { part, none } = claim.topic;
      const holds = (totals: ReadonlySet<number>) => countHolds(claim.topic, claim.count, totals);
      const kept = checker.countTotals('kept', claim.topic);
      if (holds(kept)) return finding(claim, path, 'kept');
      if (holds(checker.countTotals('all', claim.topic))) return finding(claim, path, 'dropped', undefined, `true of the whole session, not of the ${checker.keptSize} events the prompt showed`);
      if (none === true) return finding(claim, path, 'unsupported', undefined, `the prompt shows ${largest(kept)} of them`);
      if (part === true && claim.count === 1) return finding(claim, path, 'unsupported', undefined, noneOfIt(claim.topic));
      if (claim.topic.atMost === true) return finding(claim, path, 'unsupported', undefined, `every count of ${claim.topic.name} events the prompt shows is more than ${claim.count}: ${describeTotals(kept)}`);
      if (part === true) return finding(claim, path, 'unsupported', undefined, `the session has fewer ${claim.topic.name} events than ${claim.count}; the prompt shows ${describeTotals(kept)}`);
      return finding(claim, path, 'unsupported', undefined, claim.topic.unsupported?.(kept) ?? `no count of ${claim.topic.name === 'events' ? '' : `${claim.topic.name} `}events in the session is ${claim.count}; the prompt shows ${describeTotals(kept)}`);
    }
    case 'duration': {
      if (checker.lasts('kept', claim)) return finding(claim, path, 'kept');
      if (checker.lasts('all', claim)) return finding(claim, path, 'dropped', undefined, 'true of the whole session, not of the events the prompt showed');
      return finding(claim, path, 'unsupported', undefined, `no span of ${claim.bound} ${claim.seconds} s between events of the session`);
    }
  }
}

/** The findings of the claims of one text (a text answer, or one string of a structured response). */
function findingsOf(answerText: string, path: (claim: Claim) => string, checker: Checker): GroundingFinding[] {
  // `dead_click` is read as "dead click" (see type-code.ts); the findings quote the answer as written.
  const text = spelledTypeCode(blankedMarks(answerText));
  const claims = withoutTimesOfDay(withOriginalTexts(findClaims(text), text, answerText), () => checker.span('all'), (reading) => (checker.textHolding('kept', reading) ?? checker.textHolding('dropped', reading)) !== undefined, text);
  const checked = claims.map((claim, at) => {
    const found = check(claim, path(claim), checker);
    const leftOut = claim.kind === 'count' && found.verdict !== 'dropped' ? citedLeftOut(text, claims, at, checker) : undefined;
    if (leftOut !== undefined) return { claim, found: finding(claim, path(claim), 'dropped', leftOut, 'the events cited with it are that many, and the prompt left them out') };
    // A count of the events cited with it ("two dead clicks, #9–#10") is of those events.
    const supporting = found.verdict === 'kept' ? undefined : claim.kind === 'count' ? citedCount(text, claims, at, checker) : found.verdict === 'unsupported' ? copiedFromPrompt(text, claim, checker) : undefined;
    // A duration in a sentence that cites events is of those events.
    // (What a cited event records of how long something took supports one that no two events do.)
    const anchored = claim.kind !== 'duration' ? undefined : found.verdict !== 'unsupported' ? anchoredDuration(text, claims, at, checker) : recordedDuration(text, claims, at, checker) ? { verdict: 'kept' as const } : undefined;
    // "The whole window lasted 5 minutes": of the events the prompt shows, not the whole session.
    if (claim.kind === 'duration' && (anchored ?? found).verdict === 'dropped' && saidOfShownPart(text, claim)) return { claim, found: finding(claim, path(claim), 'unsupported', undefined, 'no two of the events the prompt shows are that far apart') };
    if (anchored !== undefined) return { claim, found: finding(claim, path(claim), anchored.verdict, undefined, anchored.reason) };
    // "3 dead clicks (#14–#16)", all shown, two of them dead clicks: not made true by dead clicks the prompt left out.
    if (claim.kind === 'count' && supporting === undefined && found.verdict === 'dropped' && citedShownOnly(text, claims, at, checker)) return { claim, found: finding(claim, path(claim), 'unsupported', undefined, 'the events cited with it are shown and do not make it true; only events the prompt left out do') };
    return { claim, found: supporting === undefined ? found : finding(claim, path(claim), 'kept', supporting) };
  });
  // A range whose ends the prompt showed reads as one block of its lines ("#12–#15" where the
  // profile filtered #14 out): an event inside it that the prompt did not show is no claim. The
  // ends are counted by range once: an answer may hold thousands of ranges.
  const ends = new Map<number, { count: number; kept: number }>();
  for (const { claim, found } of checked) {
    if (claim.kind !== 'event' || claim.inside === true) continue;
    const range = ends.get(claim.start) ?? { count: 0, kept: 0 };
    range.count++;
    if (found.verdict === 'kept') range.kept++;
    ends.set(claim.start, range);
  }
  const shownBlock = (start: number) => ends.get(start)?.count === 2 && ends.get(start)?.kept === 2;
  // What the answer says did not happen ("never reached /checkout/payment", "did not click “Buy
  // now”") is not invented when the session does not have it.
  const denied = (claim: Claim, found: GroundingFinding) => found.verdict === 'unsupported' && (claim.kind === 'url' || claim.kind === 'text' || claim.kind === 'selector') && isDenied(text, claim.start);
  // "clicked “Buy now”" where the session has no “Buy now” at all: the quote is the invented claim,
  // and the click adds nothing to it.
  const inventedTargets = new Set(checked.filter(({ claim, found }) => (claim.kind === 'text' || claim.kind === 'selector') && found.verdict === 'unsupported').map(({ claim }) => claim.end));
  const clickOfInvented = (claim: Claim) => claim.kind === 'count' && claim.topic.on !== undefined && inventedTargets.has(claim.end);
  // "clicked the Place order button": a claim only when "Place order" is a text of the session, or
  // no text of it holds any of those words, or it was found on no click and every click is on an
  // element the session names (else the words may name the element another way, and nothing is known).
  const unnamed = (claim: Claim, found: GroundingFinding) =>
    claim.kind === 'count' &&
    claim.named !== undefined &&
    found.verdict !== 'kept' &&
    !namesText(claim.named, checker) &&
    !namesNothingThere(claim.named, claim.text, checker) &&
    !(found.verdict === 'unsupported' && noClickOnIt(claim.named, claim.text, checker));
  const findings: GroundingFinding[] = [];
  for (let at = 0; at < checked.length; at++) {
    const { claim, found } = checked[at] as (typeof checked)[number];
    if ((claim.kind === 'event' && claim.inside === true && found.verdict !== 'kept' && shownBlock(claim.start)) || denied(claim, found) || clickOfInvented(claim) || unnamed(claim, found) || unknownField(claim, checker)) continue;
    // "a dead click (#35)" where #35 is a rage click: the event is real, what the answer says of it is not.
    const wrong = claim.kind === 'event' && found.verdict === 'kept' ? (wrongCitation(text, checked, at, checker) ?? wrongOrdinal(text, claim.start, claim.index, checker)) : undefined;
    findings.push(wrong === undefined ? found : finding(claim, path(claim), 'unsupported', undefined, wrong));
  }
  return findings;
}

/** The words around a friction signal's name in a flag's key: `has_rage_clicks`, `errors_occurred`, `any_dead_click_detected`. */
const SIGNAL_FLAG = /^(?:(?:has|had|have|any|with|contains?|saw|shows?|were there)\s+(?:any\s+)?)|\s+(?:present|occurred|occurring|detected|found|seen|observed|happened|exists?|recorded|logged)$/g;

/** The findings of a structured response (or of a JSON block of a text answer), each placed by its JSON path. */
function structuredFindings(value: unknown, checker: Checker, findings: GroundingFinding[]): void {
  walk(
    value,
    (text, path) => {
      // Placed by range first, so that the type said after a citation is read as in a text answer.
      for (const found of placedStringFindings(findingsOf(text, (claim) => `${claim.start}..${claim.end}`, checker), text, checker, path)) findings.push(found);
    },
    (key, number, path, listed, inItem) => {
      if (!Number.isSafeInteger(number)) return;
      const words = keyWords(key);
      if (EVENT_REFERENCE_KEY.test(words) || (listed && EVENT_REFERENCES_KEY.test(words))) {
        if (number >= 0) findings.push(check({ kind: 'event', text: `#${number}`, start: 0, end: 0, index: number }, path(), checker));
        return;
      }
      // A count is one number under its key: numbers in a list (`errors: [33, 34]`) are no totals.
      // The key's words, in any case (`deadClickCount`, `num_dead_clicks`, `totalErrors`), less the words of a total.
      const topic = listed || key === '' ? undefined : countTopicOfKey(words);
      if (topic === undefined) return;
      // A count in an item of a list (`pages[1].clicks: 3`) is of that item: at most a total; a
      // zero of the whole (`errors: 0`), none of any kind its key may mean.
      findings.push(check({ kind: 'count', text: `${key}: ${number}`, start: 0, end: 0, count: number, topic: inItem ? partTopic(topic) : number === 0 ? noneTopic(topic) : topic }, path(), checker));
    },
    (key, value, path, inItem) => {
      // `had_rage_clicks: true` mentions a friction signal, `errors_occurred: false` denies one (of
      // the whole answer: an item's flag is of that item).
      if (inItem) return;
      const words = keyWords(key).replace(SIGNAL_FLAG, '').trim();
      const topic = countTopics.signal(words, !value);
      if (topic === undefined) return;
      const claim: Claim = { kind: 'count', text: `${key}: ${value}`, start: 0, end: 0, count: value ? 1 : 0, topic: value ? partTopic(topic) : noneTopic(topic) };
      findings.push(check(claim, path(), checker));
    },
  );
}

/**
 * Every checkable claim of `answer` with its verdict: `kept` (supported by what the model was
 * shown), `dropped` (true of the session, but the profile left it out) or `unsupported`
 * (invented). A text answer's findings are placed by character range (`12..25`), a structured
 * response's by JSON path (`evidence[1]`); a number under a key that names events
 * (`dead_clicks: 3`) is a count claim, one under a key that names an event (`event: 33`) or in a
 * list under one that names events (`key_events: [0, 16]`) an event reference.
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
      return listChecker(source.kept, source.dropped, source.context, (index) => reasons.get(index), source.excludedContext);
    })();
  const findings: GroundingFinding[] = [];
  if (typeof answer === 'string') {
    // `&quot;Next&quot; (&#35;62)`: read with its character references decoded, placed as written.
    const decoded = decodedEntities(answer);
    const read = decoded?.text ?? answer;
    // A JSON block in a text answer (```json … ```) is grounded as a structured response, placed
    // by the block's range: its keys and enum values are no quotes.
    const blocks = jsonBlocks(read);
    const text = blocks.reduce((blanked, block) => blanked.slice(0, block.start) + ' '.repeat(block.end - block.start) + blanked.slice(block.end), read);
    // Not push(...): an answer may hold more claims than a call takes arguments.
    for (const found of findingsOf(text, (claim) => `${claim.start}..${claim.end}`, checker)) findings.push(found);
    for (const block of blocks) {
      // Checked as a structured response (its items' kinds, counts and pages too), then placed by the block's range.
      const inBlock: GroundingFinding[] = [];
      structuredChecks(block.value, checker, inBlock);
      for (const found of inBlock) findings.push({ ...found, path: `${block.start}..${block.end}` });
    }
    if (blocks.length > 0) findings.sort((left, right) => Number.parseInt(left.path, 10) - Number.parseInt(right.path, 10));
    // `| #35 | dead click | … |` and `- #35 dead-click …` where #35 is a rage click.
    markWrongKindsInText(spelledTypeCode(blankedMarks(text)), findings, checker);
    checkYamlItems(text, findings, checker);
    if (decoded !== undefined) placedAsWritten(findings, decoded);
  } else {
    structuredChecks(answer, checker, findings);
  }
  return groundingReport(findings);
}

/** The findings of a structured response, each placed by its JSON path. */
function structuredChecks(value: unknown, checker: Checker, findings: GroundingFinding[]): void {
  const answer = withQuotedValues(withNumberCitations(value));
  structuredFindings(answer, checker, findings);
  // `{ "kind": "dead_click", "description": "… (#35)" }` where #35 is a rage click.
  markWrongKinds(answer, findings, checker);
  // `{ "event_index": 60, "what": "dead click on …" }` where #60 is a custom event.
  markItemTextKinds(answer, findings, checker);
  // `{ "kind": "dead_click", …, "count": 2 }` where the item cites one and the session has one.
  checkItemCounts(answer, findings, checker);
  // `{ "description": "… (#36)", "page_url": "https://shop.example/cart" }` where #36 happened on /checkout.
  checkItemPages(answer, findings, checker);
  // `{ "event": 82, "at": "03:27" }` where #82 came 2:57 after the first event shown.
  checkItemTimes(answer, findings, checker);
  // `{ "kind": "rage_click", "description": "\"Next\" clicked 5 times", "events": [13] }` where #13 had 5 clicks.
  checkItemRageClicks(answer, findings, checker);
  // `{ "event_ids": [69], "t_offset_s": 520 }` where #69 came 465 s after the first event shown; `"seconds_lost": 25` of two dead taps 4 s apart.
  checkTimeKeys(answer, findings, checker);
  // `"payable_eur": 250.4` where the page showed €255.40; `"http_status": 415` where the upload got a 413.
  checkKeyedValues(answer, findings, checker);
}
