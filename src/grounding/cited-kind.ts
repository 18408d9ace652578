// Whether the events an item of a structured response cites are of the kind the item names:
// `{ "kind": "dead_click", "description": "The total did nothing when clicked (#35)" }` where #35 is
// a rage click. The friction profile's items name their kind in an enum and cite their events in
// the text; a model that mixes up the events it cites passes every other check.

import type { Checker } from './checker.js';
import { countTopics } from './count-topics.js';
import type { GroundingFinding } from './grounding-report.js';
import { childPath, keyWords } from './walk-answer.js';

/** Keys that name an item's kind (`kind`, `type`, `category`, `signal`, `issue_type`, `frictionType`). */
const KIND_KEY = /^(?:[a-z]+ )?(?:kind|type|category|signal)$/;
/** Error clicks (a click on an error message) are errors of an item too. */
const ERROR_TYPES_OF_ITEMS = ['error-click'];

/** An item with the paths of its findings, found by a walk over the response. */
interface Item {
  readonly path: string;
  readonly kind: string;
}


/** The objects of `value` with a kind, and their paths (iteratively: an answer may nest deeper than calls can). */
function itemsOf(value: unknown): Item[] {
  const items: Item[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const current = place.value;
    if (Array.isArray(current)) current.forEach((item, index) => stack.push({ value: item, path: childPath(place.path, index) }));
    else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (typeof inner === 'string' && place.path !== '' && KIND_KEY.test(keyWords(key))) items.push({ path: place.path, kind: inner });
        else stack.push({ value: inner, path: childPath(place.path, key) });
      }
    }
  }
  return items;
}

/**
 * Marks unsupported, in `findings` (a structured response's, with JSON paths), the kept event
 * references of each item whose kind names a friction signal or errors, when none of the events
 * the item cites (ranges included) is of that kind: the item's words are true of some other
 * event, or of none. An item citing one event of its kind and others for context ("after two dead
 * clicks (#19–#20) the user opened the product (#21)") is left alone.
 */
export function markWrongKinds(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'event' && finding.verdict === 'kept')) return;
  for (const item of itemsOf(value)) {
    const topic = countTopics.signal(item.kind.replace(/[_-]+/g, ' '), true);
    if (topic === undefined) continue;
    const types = topic.name === 'errors' ? [...topic.types, ...ERROR_TYPES_OF_ITEMS] : topic.types;
    const cited: number[] = [];
    for (let at = 0; at < findings.length; at++) {
      const finding = findings[at] as GroundingFinding;
      if (finding.kind === 'event' && finding.verdict === 'kept' && finding.event !== undefined && isWithin(finding.path, item.path)) cited.push(at);
    }
    if (cited.length === 0 || cited.some((at) => types.includes(checker.keptTypeOf((findings[at] as GroundingFinding).event as number) ?? ''))) continue;
    for (const at of cited) {
      const finding = findings[at] as GroundingFinding;
      const type = checker.keptTypeOf(finding.event as number) ?? 'other';
      findings[at] = {
        kind: finding.kind,
        text: finding.text,
        path: finding.path,
        verdict: 'unsupported',
        reason: `#${finding.event as number} is ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} event, not what the item's kind says of it (${item.kind})`,
      };
    }
  }
}

/** Whether `path` is `parent` or under it: `friction[0].description` under `friction[0]`. */
function isWithin(path: string, parent: string): boolean {
  return path === parent || (path.startsWith(parent) && (path.charAt(parent.length) === '.' || path.charAt(parent.length) === '['));
}
