// A count that says how many events the answer cites with it: "tapped the image twice (two dead
// clicks, #9–#10)", "#8 and #9 (2 dead clicks)". Such a count is of those events, not a total:
// it holds when the events cited next to it are that many kept events of its types.

import type { Checker } from './checker.js';
import { signalTypesIn } from './count-scope.js';
import { clicksOf } from './count-topics.js';
import type { SessionEvent } from '../session/session-schema.js';
import type { Claim } from './find-claims.js';

/** What lies between a count and the references after it in its clause: no sentence end, no other reference. */
const BEFORE_REFERENCES = /^[^.;!?\n#]{0,40}$/;
/** What lies between references of one group: `, `, ` and `, `–`, `, and `. */
const BETWEEN_REFERENCES = /^[\s,&]*(?:and\s*|&\s*)?$/;
/** What lies between a count in a cell of a Markdown table's row and the references of the row's other cells. */
const SAME_ROW = /^[^\n#]*$/;

/**
 * Whether `position` is in a row of a Markdown table (its line starts with `|`): the events the
 * row's cells cite are the count's, however far along the row, and may include events of other
 * types that frame them ("| 3 dead clicks on Next until consent was ticked | #17–#19, #21 |").
 */
function inTableRow(text: string, position: number): boolean {
  return /^\s*\|/.test(text.slice(text.lastIndexOf('\n', position - 1) + 1, position));
}

/** What lies between references and a count after them: `(`, `: `, ` — `. */
const AFTER_REFERENCES = /^[\s(:,–—-]{0,4}$/;

/**
 * `text` from `from` to `to` without the quotes, URLs and selectors in it, which name what the
 * events happened on: a long label (`“Il codice è scaduto. Richiedi un nuovo codice.”`) is no
 * further from the count than a short one.
 */
function wordsBetween(text: string, claims: readonly Claim[], from: number, to: number): string {
  let words = '';
  let at = from;
  for (const claim of claims) {
    if (claim.start >= to) break;
    if (claim.start < at || claim.end > to || claim.kind === 'event' || claim.kind === 'count' || claim.kind === 'duration') continue;
    words += `${text.slice(at, claim.start)}“”`;
    at = claim.end;
  }
  return words + text.slice(at, to);
}

/**
 * The group of event references right after the count at `at` in `claims` (sorted by start),
 * else right before it: their positions in `claims`. Counts said with it before the references
 * share them (`2 dead clicks and a rage click on “Loading classes…” (#14–#16)`): the references
 * are looked for after the last of those.
 */
function groupNear(text: string, claims: readonly Claim[], at: number): number[] {
  const count = claims[at] as Claim;
  const group: number[] = [];
  const inRow = inTableRow(text, count.start);
  let end = count.end;
  for (let position = at + 1; position < claims.length; position++) {
    const claim = claims[position] as Claim;
    if (claim.kind !== 'event') {
      if (claim.start < end) continue;
      if (group.length > 0) break;
      if (claim.kind === 'count' && BEFORE_REFERENCES.test(wordsBetween(text, claims, end, claim.start))) end = claim.end;
      continue;
    }
    if (claim.start < end) {
      group.push(position);
      continue;
    }
    const between = group.length === 0 ? wordsBetween(text, claims, end, claim.start) : text.slice(end, claim.start);
    if (!(group.length === 0 ? (inRow ? SAME_ROW : BEFORE_REFERENCES) : BETWEEN_REFERENCES).test(between)) break;
    group.push(position);
    end = claim.end;
  }
  if (group.length > 0) return group;
  let start = count.start;
  for (let position = at - 1; position >= 0; position--) {
    const claim = claims[position] as Claim;
    if (claim.kind !== 'event') {
      // A claim inside the count (the quote of `"Continue" | 6` in a table's row) is no bar.
      if (claim.start >= count.start) continue;
      if (group.length > 0 || claim.end > count.start) break;
      continue;
    }
    if (claim.end > start) {
      group.push(position);
      continue;
    }
    const between = text.slice(claim.end, start);
    if (!(group.length === 0 ? (inRow ? SAME_ROW : AFTER_REFERENCES) : BETWEEN_REFERENCES).test(between)) break;
    group.push(position);
    start = claim.start;
  }
  return group;
}

/**
 * The first event cited with the count at `at` when the count is how many kept events of its
 * types the answer cites next to it; undefined otherwise. Events inside a range that the prompt
 * did not show are not counted (the range reads as one block of its lines).
 */
export function citedCount(text: string, claims: readonly Claim[], at: number, checker: Checker): number | undefined {
  const count = claims[at];
  if (count?.kind !== 'count' || count.topic.part === true) return undefined;
  const cited = new Set<number>();
  const group = groupNear(text, claims, at);
  const row = inTableRow(text, count.start);
  // The types of the counts said with it before the references it shares with them.
  const shared = new Set<string>();
  for (let position = at + 1; position < (group[0] ?? at); position++) {
    const other = claims[position] as Claim;
    if (other.kind === 'count') for (const type of other.topic.types) shared.add(type);
  }
  // …and of the signals named there without a count (`2 dead clicks + rage click on … (#27–#29)`).
  const firstCited = claims[group[0] ?? at] as Claim;
  if (firstCited.start > count.end) for (const type of signalTypesIn(text.slice(count.end, firstCited.start))) shared.add(type);
  for (const position of group) {
    const claim = claims[position] as Claim;
    if (claim.kind !== 'event') continue;
    const type = checker.keptTypeOf(claim.index);
    if (type === undefined) {
      if (claim.inside === true) continue;
      return undefined;
    }
    if (!count.topic.types.includes(type)) {
      if (shared.has(type) || row) continue;
      return undefined;
    }
    cited.add(claim.index);
  }
  // A rage click counts as one click or as its clicks (`| 20–22 | "Continue" | 6 |`: two dead clicks and a rage click of four).
  let clicks = 0;
  for (const index of cited) clicks += count.topic.types.includes('rage-click') ? clicksOf(checker.keptEvent(index) as SessionEvent) : 1;
  if (cited.size === 0 || (cited.size !== count.count && clicks !== count.count)) return undefined;
  let first = Number.POSITIVE_INFINITY;
  for (const index of cited) first = Math.min(first, index);
  return first;
}

/**
 * The first event cited with the count at `at` when those events are that many events of its
 * types that the prompt left out, and none it showed ("two dead clicks on seat 14C and 14D (#23,
 * #24)" about dropped dead clicks): the count is of them, `dropped` even where a total of the
 * prompt happens to equal it; undefined otherwise.
 */
export function citedLeftOut(text: string, claims: readonly Claim[], at: number, checker: Checker): number | undefined {
  const count = claims[at];
  if (count?.kind !== 'count' || count.topic.part === true || count.topic.none === true) return undefined;
  let first = Number.POSITIVE_INFINITY;
  let size = 0;
  for (const position of groupNear(text, claims, at)) {
    const claim = claims[position] as Claim;
    if (claim.kind !== 'event') continue;
    const type = checker.droppedTypeOf(claim.index);
    if (type === undefined || !count.topic.types.includes(type)) return undefined;
    size++;
    first = Math.min(first, claim.index);
  }
  return size > 0 && size === count.count ? first : undefined;
}

/**
 * Whether the count at `at` is said with a group of cited events that the prompt shows, every one
 * of them, and one of its types at least ("three dead clicks on the placeholder (#14–#16)", two
 * dead clicks and a rage click): the count is of what the answer cites, so a total of the whole
 * session that events the prompt left out make (a third dead click elsewhere) does not make it
 * true (see groundAnswer: `unsupported`, not `dropped`).
 */
export function citedShownOnly(text: string, claims: readonly Claim[], at: number, checker: Checker): boolean {
  const count = claims[at];
  if (count?.kind !== 'count') return false;
  let ofItsTypes = false;
  for (const position of groupNear(text, claims, at)) {
    const claim = claims[position] as Claim;
    if (claim.kind !== 'event') return false;
    const type = checker.keptTypeOf(claim.index);
    if (type === undefined) return false;
    if (count.topic.types.includes(type)) ofItsTypes = true;
  }
  return ofItsTypes;
}
