// Whether the events an item of a structured response cites are of the kind the item names:
// `{ "kind": "dead_click", "description": "The total did nothing when clicked (#35)" }` where #35 is
// a rage click. The friction profile's items name their kind in an enum and cite their events in
// the text; a model that mixes up the events it cites passes every other check.

import { EVENT_TYPES } from '../session/event-types.js';
import type { Checker } from './checker.js';
import { countTopics } from './count-topics.js';
import type { GroundingFinding } from './grounding-report.js';
import { childPath, keyWords } from './walk-answer.js';

/** Keys that name an item's kind (`kind`, `type`, `category`, `signal`, `issue_type`, `frictionType`). */
export const KIND_KEY = /^(?:[a-z]+ )?(?:kind|type|category|signal)$/;
/** Error clicks (a click on an error message) are errors of an item too. */
const ERROR_TYPES_OF_ITEMS = ['error-click'];

/** An item that names its kind: an object of a structured response, or a row of a table in a text answer. */
export interface Item {
  readonly kind: string;
  /** Whether a finding is of the item (under its path, or within its row). */
  readonly holds: (finding: GroundingFinding) => boolean;
  /** What names the kind, for the reason: `the item's kind`, `its row's type`. */
  readonly naming: string;
  /** The event types the kind names, or undefined when it names none checked (signalTypes, anyTypes). */
  readonly typesOf: (kind: string) => readonly string[] | undefined;
  /** Whether the kind is left to the citation: false when it is a signal the prompt shows no event of (the words are a claim of their own, untrue of every event: the citation is left alone). */
  readonly shown?: (checker: Checker) => boolean;
}

/** The types of a kind that names a friction signal or errors (error clicks included): `dead_click`, `error`. */
export function signalTypes(kind: string): readonly string[] | undefined {
  const topic = countTopics.signal(kind.replace(/[_-]+/g, ' '), true);
  if (topic === undefined) return undefined;
  return topic.name === 'errors' ? [...topic.types, ...ERROR_TYPES_OF_ITEMS] : topic.types;
}

const eventTypes: ReadonlySet<string> = new Set(EVENT_TYPES);

/**
 * The types of any kind of event, as a table's column of types names them: a signal or errors, a
 * word for events (`click` takes in every kind of click, `page view` a navigation), or an event
 * type as the prompt writes it (`navigate`, `element-seen`, `custom`).
 */
export function anyTypes(kind: string): readonly string[] | undefined {
  const words = kind.replace(/[_-]+/g, ' ').trim().toLowerCase();
  const named = words.replace(/ /g, '-');
  return signalTypes(kind) ?? countTopics.of(words)?.types ?? (eventTypes.has(named) ? [named] : undefined);
}

/**
 * The types of an item's kind in a structured response: a signal or errors, or an event type as the
 * prompt writes it (`"type": "navigate"`, `"event_type": "input-change"`; `click` takes in every
 * kind of click); not other words, which name a category of the answer's own (`"type": "ux"`).
 */
function itemTypes(kind: string): readonly string[] | undefined {
  const words = kind.replace(/[_-]+/g, ' ').trim().toLowerCase();
  const named = words.replace(/ /g, '-');
  return signalTypes(kind) ?? (eventTypes.has(named) ? (countTopics.of(words)?.types ?? [named]) : undefined);
}

/** The objects of `value` with a kind, and their paths (iteratively: an answer may nest deeper than calls can). */
function itemsOf(value: unknown): Item[] {
  const items: Item[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const current = place.value;
    const path = place.path;
    if (Array.isArray(current)) current.forEach((item, index) => stack.push({ value: item, path: childPath(path, index) }));
    else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (typeof inner === 'string' && path !== '' && KIND_KEY.test(keyWords(key))) items.push({ kind: inner, holds: (finding) => isWithin(finding.path, path), naming: "the item's kind", typesOf: itemTypes });
        else stack.push({ value: inner, path: childPath(path, key) });
      }
    }
  }
  return items;
}

/** A row of a Markdown table: `| #35 | dead click | Apply coupon |`. */
const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/;
/** The line under a table's header: `|---|:---:|`. */
const TABLE_RULE = /^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?[ \t]*)?$/;

/** The cells of a table row, without the emphasis or code marks around their text. */
const cellsOf = (row: string): string[] => row.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim().replace(/^[*_`]+|[*_`]+$/g, '').trim());

/**
 * The rows of the Markdown tables of a text answer whose header has a column of kinds (`Type`,
 * `Kind`, `Event type`, `Signal`, `Category`), each with the text of that cell, placed by the
 * row's range (findings of a text answer are placed `start..end`).
 */
function tableRowsOf(text: string): Item[] {
  const items: Item[] = [];
  const lines = text.split('\n');
  let offset = 0;
  let kindColumn = -1;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] as string;
    const start = offset;
    offset += line.length + 1;
    if (!TABLE_ROW.test(line)) {
      kindColumn = -1;
      continue;
    }
    const next = lines[at + 1];
    if (next !== undefined && TABLE_RULE.test(next) && !TABLE_RULE.test(line)) {
      kindColumn = cellsOf(line).findIndex((cell) => KIND_KEY.test(keyWords(cell)));
      continue;
    }
    if (kindColumn === -1 || TABLE_RULE.test(line)) continue;
    const kind = cellsOf(line)[kindColumn];
    if (kind === undefined || kind === '') continue;
    const end = start + line.length;
    items.push({ kind, holds: (finding) => within(finding.path, start, end), naming: "its row's type", typesOf: anyTypes });
  }
  return items;
}

/** The event types as the prompt writes them (or with a space for the dash), as a group of a pattern. */
const TYPE_WORDS = '(navigate|click|dead[- ]click|error[- ]click|rage[- ]click|input[- ]change|network[- ]error|console[- ]error|mouse[- ]thrash|highlight|copy|paste|element[- ]seen|custom)';

/**
 * An event type as the prompt writes it right after a citation (`#35 rage-click`, `#22 (navigate)`,
 * `#30: input-change`), read from the citation's end: group 1 is the type. Counts only for a
 * citation that leads its line (see LINE_LEAD).
 */
const TYPE_AFTER = new RegExp(`(?:\\*\\*|\`)?[ \\t]*(?:[(\\[:–—-][ \\t]*)?(?:\\*\\*|\`)?${TYPE_WORDS}(?![\\w-])`, 'iy');
/** What may come before a citation that leads its line: a list's marker, `**` or a backtick, and the word `event` (`event #21: dead click`). */
const LINE_LEAD = /^[ \t]*(?:[-*•+]|\d{1,3}[.)])?[ \t]*(?:\*\*|`)?(?:event[ \t]+)?$/i;
/** An event type in brackets right after a citation anywhere (`#34 (network-error)`), read from its end: group 1 is the type. */
const TYPE_IN_BRACKETS = new RegExp(`[ \\t]*[(\\[](?:\\*\\*|\`)?${TYPE_WORDS}(?:\\*\\*|\`)?[)\\]]`, 'iy');

/**
 * Items of the answer's citations (`findings`, placed `start..end`) with a type written or said
 * of them: an event type as the prompt writes it after a citation that leads its line (`- #35
 * rage-click on Apply coupon`, `2. #22 (navigate) /checkout`) or in brackets after one anywhere
 * (`failed #34 (network-error)`), each an item of that one citation; else a type said in words
 * of a citation or a group of them (see TYPE_SAID_AFTER, wordsSaidBefore). Read around each
 * citation, not over the whole text.
 */
function citedTypesOf(text: string, findings: readonly GroundingFinding[]): Item[] {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const finding of findings) {
    if (finding.kind !== 'event') continue;
    // A citation's finding holds its text, placed at its start (not one inside a JSON block, placed by the block).
    const start = leadingNumber(finding.path);
    if (!text.startsWith(finding.text, start) || start < (ends[ends.length - 1] ?? 0)) continue;
    starts.push(start);
    ends.push(start + finding.text.length);
  }
  const items: Item[] = [];
  // A type said in words (`said`) is of the citation only when the prompt shows an event of it (see Item.shown).
  const add = (kind: string | undefined, start: number, end: number, said: boolean) => {
    if (kind === undefined) return;
    const holds = (finding: GroundingFinding) => within(finding.path, start, end);
    items.push(said ? { kind, holds, naming: 'the answer', typesOf: anyTypes, shown: (checker) => isShown(kind, checker) } : { kind, holds, naming: 'the type written after it', typesOf: anyTypes });
  };
  for (let first = 0; first < starts.length; first++) {
    const written = typeWrittenAfter(text, starts[first] as number, ends[first] as number);
    if (written !== undefined) {
      add(written, starts[first] as number, ends[first] as number, false);
      continue;
    }
    let last = first;
    while (last + 1 < starts.length && (starts[last + 1] as number) - (ends[last] as number) <= BETWEEN_MAX && BETWEEN_CITATIONS.test(text.slice(ends[last], starts[last + 1]))) last++;
    const start = starts[first] as number;
    const end = ends[last] as number;
    if (mayBeSaidAfter(text, end)) {
      TYPE_SAID_AFTER.lastIndex = end;
      const after = TYPE_SAID_AFTER.exec(text);
      if (after !== null) add(typeSaid(after[1] as string, false), start, end, true);
    }
    // Before: the words must be the type (`the network error (#34)`, not `the error on checkout (#34)`).
    const words = wordsSaidBefore(text, start);
    const before = words === undefined ? undefined : typeSaid(words, true);
    if (before !== undefined && before.split(' ').length === (words as string).split(/[ -]/).length) add(before, start, end, true);
    first = last;
  }
  return items;
}

/** What may start what follows a citation before a type written after it: a bracket, `:`, a dash, a backtick, or a type's first letter. */
const TYPE_MAY_FOLLOW = /[([:–—`\-ncderimhpsNCDERIMHPS]/;

/** Where what follows `end` starts, past blanks and `**`. */
function nextWritten(text: string, end: number): number {
  let at = end;
  while (at < text.length && (text.charCodeAt(at) === 0x2a || isBlank(text.charCodeAt(at)))) at++;
  return at;
}

/** The event type written right after the `#` citation at [start, end): as the prompt writes it, after a citation that leads its line, or in brackets. */
function typeWrittenAfter(text: string, start: number, end: number): string | undefined {
  if (text.charCodeAt(start) !== 0x23 || !TYPE_MAY_FOLLOW.test(text.charAt(nextWritten(text, end)))) return undefined;
  TYPE_IN_BRACKETS.lastIndex = end;
  const bracketed = TYPE_IN_BRACKETS.exec(text);
  if (bracketed !== null) return bracketed[1];
  TYPE_AFTER.lastIndex = end;
  const after = TYPE_AFTER.exec(text);
  if (after === null) return undefined;
  return LINE_LEAD.test(text.slice(text.lastIndexOf('\n', start - 1) + 1, start)) ? after[1] : undefined;
}

/** Words that may come between an article and a type: `the first network error`, `the only dead click`. */
const ORDER_WORD = '(?:(?:first|second|third|last|final|only|same|next|initial|single|one|another)[ \\t]+)?';
/**
 * A type said of citations right after them, read from their end (`#16 is a navigation`, `#33 was
 * the console error`, `#33 and #34 were network errors`, `#35: a dead click`): group 1 is up to
 * three words after the article, the type among them (the longest start of them that names one,
 * see typeSaid). Not a negation (`#34 was not a network error`), nor a list (`#34, a network error (#33)`).
 */
const TYPE_SAID_AFTER = new RegExp(`(?:\\*\\*)?[ \\t]*(?:(?:is|was)[ \\t]+(?:a|an|the|one)[ \\t]+|(?:were|are)[ \\t]+(?:the[ \\t]+)?|:[ \\t]*(?:a|an|the)[ \\t]+)${ORDER_WORD}([a-z]+(?:[ -][a-z]+){0,2})`, 'iy');
/** Articles before a type said of citations right before them (`the network error (#34)`, `this dead click #36`). */
const ARTICLES: ReadonlySet<string> = new Set(['the', 'this', 'that', 'these', 'those']);
/** Words that may come between such an article and the type (as ORDER_WORD). */
const ORDER_WORDS: ReadonlySet<string> = new Set(['first', 'second', 'third', 'last', 'final', 'only', 'same', 'next', 'initial', 'single', 'one', 'another']);

/**
 * The words of a type said right before the citation at `start`, after an article and an order
 * word (`the first network error (#34)`: `network error`), or undefined: read back over a bracket
 * and blanks, then up to five words of letters (and `-`) apart by one blank. Walked by hand: most
 * citations have none, and a regular expression over the text before each costs more than the rest.
 */
function wordsSaidBefore(text: string, start: number): string | undefined {
  let at = start;
  while (at > 0 && isBlank(text.charCodeAt(at - 1))) at--;
  if (at > 0 && (text.charCodeAt(at - 1) === 0x28 || text.charCodeAt(at - 1) === 0x5b)) at--;
  while (at > 0 && isBlank(text.charCodeAt(at - 1))) at--;
  // `the dead click at #35`, `the failed request in #34`: the citation is of the words before `at` or `in`.
  if (at > 3 && isBlank(text.charCodeAt(at - 3)) && /^(?:at|in)$/i.test(text.slice(at - 2, at))) at -= 3;
  // (`the \`dead_click\` at #57` is read `the dead click   at #57`: see type-code.ts.)
  while (at > 0 && isBlank(text.charCodeAt(at - 1))) at--;
  // The words' starts and ends, last first; strings only once an article is found.
  const bounds: number[] = [];
  while (bounds.length < 10) {
    const end = at;
    while (at > 0 && isWordCode(text.charCodeAt(at - 1))) at--;
    if (at === end) return undefined;
    if (isArticleAt(text, at, end)) {
      // `clicked again after the error (#29)`: the event the time is counted from, or the one the clause tells of.
      if (TIME_ANCHOR_BEFORE.test(text.slice(Math.max(0, at - 11), at))) return undefined;
      const words = [];
      for (let word = bounds.length - 2; word >= 0; word -= 2) words.push(text.slice(bounds[word], bounds[word + 1]).toLowerCase());
      if (words.length > 0 && ORDER_WORDS.has(words[0] as string)) words.shift();
      return words.length === 0 || words.length > 3 ? undefined : words.join(' ');
    }
    bounds.push(at, end);
    if (at === 0 || !isBlank(text.charCodeAt(at - 1))) return undefined;
    at--;
  }
  return undefined;
}

/** Words before an article that make what follows the moment a time is counted from: `after the error`. */
const TIME_ANCHOR_BEFORE = /\b(?:after|before|since|until|following)[ \t]+$/i;

/** Whether text[start, end) is an article of ARTICLES, in any case: `the`, `this`, `that`, `these`, `those`. */
function isArticleAt(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length < 3 || length > 5 || (text.charCodeAt(start) | 0x20) !== 0x74 || (text.charCodeAt(start + 1) | 0x20) !== 0x68) return false;
  return ARTICLES.has(text.slice(start, end).toLowerCase());
}

const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;
/** A letter of ASCII, or `-` (`dead-click`). */
const isWordCode = (code: number): boolean => ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || code === 0x2d;

/** Between two citations of one group: `, `, ` & `, ` and `. */
const BETWEEN_CITATIONS = /^[ \t]*(?:[,&][ \t]*|and[ \t]+)$/;

/** Words that name a page or any event rather than a type (`#22 was the page…`), and one said of moments (`#20 was a highlight`). */
const NOT_A_TYPE: ReadonlySet<string> = new Set(['page', 'pages', 'event', 'events', 'highlight', 'highlights']);

/** The longest start (or end, `fromEnd`) of `words` (up to three words) that names a type of event, or undefined (`navigation to the` names navigate). */
export function typeSaid(words: string, fromEnd: boolean): string | undefined {
  const parts = words.toLowerCase().split(/[ -]/);
  for (let length = parts.length; length > 0; length--) {
    const said = (fromEnd ? parts.slice(parts.length - length) : parts.slice(0, length)).join(' ');
    if (!NOT_A_TYPE.has(said) && anyTypes(said) !== undefined) return said;
  }
  return undefined;
}

/**
 * Whether the type `said` names is left to the citation: when the prompt shows an event of it, or
 * it is no friction signal. A signal the prompt shows none of (`#19: a rage click` in a session
 * without one) says something untrue of every event, and is found as a count of its own; another
 * type is no count (`a paste`), so `#12 was a paste` where #12 is a click is the citation's.
 */
export function isShown(said: string, checker: Checker): boolean {
  const topic = countTopics.of(said);
  return topic === undefined || countTopics.signal(said) === undefined || [...checker.countTotals('kept', topic)].some((total) => total > 0);
}

/** The most characters between two citations of one group (` and `, `, `). */
const BETWEEN_MAX = 7;

/** Whether TYPE_SAID_AFTER may match at `end`: after `**` and blanks, an `i`, `w` or `a` (is, was, were, are) or a `:`. */
function mayBeSaidAfter(text: string, end: number): boolean {
  const code = text.charCodeAt(nextWritten(text, end)) | 0x20;
  return code === 0x69 || code === 0x77 || code === 0x61 || code === 0x3a;
}

/** The whole number a finding's path starts with (`12..15`: 12), read by hand (parseInt of every citation's path costs more than the rest). */
function leadingNumber(path: string): number {
  let number = 0;
  for (let at = 0; at < path.length; at++) {
    const digit = path.charCodeAt(at) - 0x30;
    if (digit < 0 || digit > 9) break;
    number = number * 10 + digit;
  }
  return number;
}

/** Whether a text answer's finding placed `from..to` lies in [start, end). */
function within(path: string, start: number, end: number): boolean {
  const from = Number.parseInt(path, 10);
  return from >= start && from < end;
}

/**
 * Marks unsupported, in `findings` (a structured response's, with JSON paths), the kept event
 * references of each item whose kind names a friction signal or errors, when none of the events
 * the item cites (ranges included) is of that kind: the item's words are true of some other
 * event, or of none. An item citing one event of its kind and others for context ("after two dead
 * clicks (#19–#20) the user opened the product (#21)") is left alone, also when that event is one
 * the profile left out.
 */
export function markWrongKinds(value: unknown, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'event' && finding.verdict === 'kept')) return;
  markItems(itemsOf(value), findings, checker);
}

/**
 * The same in a text answer: for the rows of its Markdown tables with a column of kinds (`| #35 |
 * dead click | … |`), and for citations that lead their lines before an event type (`- #35
 * rage-click …`) or have one in brackets after them (`#34 (network-error)`), where any kind of event is checked (`| #19 | navigate | /cart |`, `- #19
 * navigate`, where #19 is a click).
 */
export function markWrongKindsInText(text: string, findings: GroundingFinding[], checker: Checker): void {
  if (!findings.some((finding) => finding.kind === 'event' && finding.verdict === 'kept')) return;
  markItems([...(text.includes('|') ? tableRowsOf(text) : []), ...citedTypesOf(text, findings)], findings, checker);
}

export function markItems(items: readonly Item[], findings: GroundingFinding[], checker: Checker): void {
  for (const item of items) {
    const types = item.typesOf(item.kind);
    if (types === undefined || item.shown?.(checker) === false) continue;
    const cited: number[] = [];
    // An item that also cites an event of its kind the profile left out (the failed request, with the
    // console line that shows it) is of that event, as one citing a kept one is.
    let leftOutOfKind = false;
    for (let at = 0; at < findings.length; at++) {
      const finding = findings[at] as GroundingFinding;
      if (finding.kind !== 'event' || finding.event === undefined || !item.holds(finding)) continue;
      if (finding.verdict === 'kept') cited.push(at);
      else if (finding.verdict === 'dropped' && types.includes(checker.droppedTypeOf(finding.event) ?? '')) leftOutOfKind = true;
    }
    if (leftOutOfKind || cited.length === 0 || cited.some((at) => types.includes(checker.keptTypeOf((findings[at] as GroundingFinding).event as number) ?? ''))) continue;
    for (const at of cited) {
      const finding = findings[at] as GroundingFinding;
      const type = checker.keptTypeOf(finding.event as number) ?? 'other';
      findings[at] = {
        kind: finding.kind,
        text: finding.text,
        path: finding.path,
        verdict: 'unsupported',
        reason: `#${finding.event as number} is ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} event, not what ${item.naming} says of it (${item.kind})`,
      };
    }
  }
}

/** Whether `path` is `parent` or under it: `friction[0].description` under `friction[0]`. */
export function isWithin(path: string, parent: string): boolean {
  return path === parent || (path.startsWith(parent) && (path.charAt(parent.length) === '.' || path.charAt(parent.length) === '['));
}
