// The number of events an item of a structured response says show its problem: `{ "kind":
// "dead_click", "description": "… (#36)", "count": 2 }` where the session has one dead click. The
// friction profile asks for it ("count how many events show it"); a model that miscounts passes
// every other check.

import type { Checker } from './checker.js';
import { isWithin, KIND_KEY, signalTypes } from './cited-kind.js';
import { clicksOf, countTopics, scopedTopic, type CountTopic } from './count-topics.js';
import type { GroundingFinding } from './grounding-report.js';
import { childPath, keyWords } from './walk-answer.js';

/** How many rage clicks there were, not how many clicks one of them had. */
const RAGE_CLICK_EVENTS: CountTopic = { name: 'rage-click', types: ['rage-click'], totals: (stats) => new Set([stats.of('rage-click')]) };

/** Keys of an item's number of events: `count`, `occurrences`, `times`, `event_count`, `instances`, `frequency`. */
export const ITEM_COUNT_KEY = /^(?:count|occurrences?|times|events? count|instances?|frequency|number of events|num events)$/;

/**
 * Adds to `findings` (a structured response's) a count finding for each item whose kind names a
 * friction signal or errors (as markWrongKinds reads kinds) and that has a whole number under a
 * key of a count of events. The number is `kept` when it is how many events of that kind the item
 * cites (for rage clicks, also how many clicks they were), or a total of that kind the prompt
 * shows, whole or of one element, message or URL; `dropped` when only the whole session has it;
 * else `unsupported`.
 */
export function checkItemCounts(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const current = place.value;
    // Children pushed last first, so that items are met in document order.
    if (Array.isArray(current)) for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], path: childPath(place.path, index) });
    else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      const kind = place.path === '' ? undefined : entries.find(([key, inner]) => typeof inner === 'string' && KIND_KEY.test(keyWords(key)))?.[1];
      if (typeof kind === 'string') {
        const counted = itemCountEntry(entries, place.path);
        // A key that names events (`event_count`) was judged as a count already.
        if (counted !== undefined && !findings.some((finding) => finding.path === counted.path)) {
          const itemPath = place.path;
          const found = itemCount(kind, counted.count, (finding) => isWithin(finding.path, itemPath), findings, checker);
          if (found !== undefined) findings.push({ kind: 'count', text: `${counted.key}: ${counted.count}`, path: counted.path, ...found });
        }
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, inner] = entries[index] as [string, unknown];
        stack.push({ value: inner, path: childPath(place.path, key) });
      }
    }
  }
}

/**
 * The item's whole number under a key of a count of events, its own or, when it has none, one in
 * an object it holds (`"evidence": { "events": [50], "count": 4 }`, as models group an item's
 * proof): the item's count either way.
 */
function itemCountEntry(entries: readonly [string, unknown][], path: string): { key: string; count: number; path: string } | undefined {
  const own = entries.find(([key, inner]) => Number.isSafeInteger(inner) && ITEM_COUNT_KEY.test(keyWords(key)));
  if (own !== undefined) return { key: own[0], count: own[1] as number, path: childPath(path, own[0]) };
  for (const [key, inner] of entries) {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) continue;
    const nested = Object.entries(inner).find(([innerKey, value]) => Number.isSafeInteger(value) && ITEM_COUNT_KEY.test(keyWords(innerKey)));
    if (nested !== undefined) return { key: nested[0], count: nested[1] as number, path: childPath(childPath(path, key), nested[0]) };
  }
  return undefined;
}

/** The names of the elements, messages or URLs of the cited events: their selectors (an element itself, where texts repeat), else their texts, messages or URLs. */
function citedTargets(cited: ReadonlySet<number>, checker: Checker): string[] {
  const targets: string[] = [];
  for (const index of cited) {
    const event = checker.keptEvent(index);
    const target = event?.target?.selector ?? event?.target?.text ?? event?.message ?? event?.url;
    if (typeof target === 'string' && target !== '') targets.push(target);
  }
  return targets;
}

/** The verdict (and its reason) of `count` said of an item whose kind is `kind` (`holds` its findings), or undefined when the kind names no signal. */
export function itemCount(kind: string, count: number, holds: (finding: GroundingFinding) => boolean, findings: readonly GroundingFinding[], checker: Checker): Pick<GroundingFinding, 'verdict' | 'reason'> | undefined {
  const types = signalTypes(kind);
  const topic = countTopics.signal(kind.replace(/[_-]+/g, ' '), true);
  if (types === undefined || topic === undefined) return undefined;
  // The events of its kind the item cites, and for rage clicks their clicks.
  const cited = new Set<number>();
  // The item's kept citations of other kinds: its count is of their elements when it cites none of its own kind.
  const citedOther = new Set<number>();
  // The events of its kind it cites that the prompt left out.
  let leftOut = 0;
  for (const finding of findings) {
    if (finding.kind !== 'event' || !holds(finding)) continue;
    if (finding.verdict === 'dropped' && finding.event !== undefined && types.includes(checker.droppedTypeOf(finding.event) ?? '')) leftOut++;
    // A citation of a kept event of another kind (found unsupported for it, without its event: `#17` in a dead click item, #17 a click) still names its element.
    const index = finding.event ?? (/^#\d+$/.test(finding.text) ? Number(finding.text.slice(1)) : undefined);
    const type = index === undefined ? undefined : checker.keptTypeOf(index);
    if (index === undefined || type === undefined) continue;
    if (!types.includes(type)) citedOther.add(index);
    else if (finding.verdict === 'kept') cited.add(index);
  }
  let clicks = 0;
  for (const index of cited) {
    const event = checker.keptEvent(index);
    clicks += event === undefined ? 1 : clicksOf(event);
  }
  const scoped = scopedTopic(topic);
  const shown = checker.countTotals('kept', scoped);
  if (cited.size > 0 && (count === cited.size || count === clicks)) return { verdict: 'kept' };
  // An item that cites only events the prompt left out counts them: "count": 2 of two dropped dead clicks.
  if (cited.size === 0 && citedOther.size === 0 && leftOut > 0 && count === leftOut) return { verdict: 'dropped', reason: `the item cites ${leftOut} ${types[0]} event${leftOut === 1 ? '' : 's'} that the prompt left out` };
  // A total of the whole kind, or of one element, message or URL; of one the item cites when it
  // cites events, of its kind or else of any (not another element's: a dead click item citing a
  // click on “Billed annually” counts that element's dead clicks).
  const citesAny = cited.size > 0 || citedOther.size > 0;
  const targets = citedTargets(cited.size > 0 ? cited : citedOther, checker);
  // A rage click item that cites rage clicks counts them, or their clicks, or those of its elements: not another element's clicks (`"count": 4` citing a rage click of 3, where another had 4).
  const whole = cited.size > 0 && types.length === 1 && types[0] === 'rage-click' ? RAGE_CLICK_EVENTS : topic;
  const isTotal = (over: 'kept' | 'all') =>
    !citesAny ? checker.countTotals(over, scoped).has(count) : checker.countTotals(over, whole).has(count) || targets.some((target) => checker.countTotals(over, scopedTopic(topic, target)).has(count));
  if (isTotal('kept')) return { verdict: 'kept' };
  if (isTotal('all')) return { verdict: 'dropped', reason: `true of the whole session, not of the ${checker.keptSize} events the prompt showed` };
  const itsOwn = cited.size === 0 ? `the item cites no event of its kind${citedOther.size > 0 ? ' (its count is of the elements it cites)' : ''}` : `the item cites ${cited.size} ${types[0]} event${cited.size === 1 ? '' : 's'}${clicks !== cited.size ? ` (${clicks} clicks)` : ''}`;
  const totals = [...shown].sort((left, right) => right - left);
  return { verdict: 'unsupported', reason: `${itsOwn}; the prompt shows ${totals.length === 0 || (totals.length === 1 && totals[0] === 0) ? 'none' : totals.slice(0, 8).join(', ')} of its kind (in all, or of one element, message or URL)` };
}
