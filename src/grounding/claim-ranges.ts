// What finding claims keeps track of as it runs its patterns over a text: the matches of a shared
// pattern, the ranges of the text claims already take, and the claims that name a target.

import type { Claim } from './find-claims.js';

/**
 * Every match of global `pattern` in `text`. The pattern object is shared and reset before and
 * after (`matchAll` would copy it on every call: most of the cost on a short answer).
 */
export function matchesOf(pattern: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    found.push(match);
    if (match[0].length === 0) pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return found;
}

/**
 * Ranges of a text that do not overlap one another, each numbered: which position lies in which.
 * Asking about a range costs its length, however many ranges there are (an answer may hold
 * hundreds of thousands of claims).
 */
export class Ranges {
  readonly #owner: Int32Array;
  #count = 0;

  constructor(length: number) {
    this.#owner = new Int32Array(length);
  }

  /** Adds [start, end), which overlaps no range added before. */
  add(start: number, end: number): void {
    this.#owner.fill(++this.#count, start, end);
  }

  /** Whether [start, end) shares a position with a range. */
  overlaps(start: number, end: number): boolean {
    for (let at = start; at < end; at++) if (this.#owner[at] !== 0) return true;
    return false;
  }

  /** Whether [start, end) lies inside one range. */
  within(start: number, end: number): boolean {
    const owner = this.#owner[start];
    if (owner === undefined || owner === 0) return false;
    for (let at = start + 1; at < end; at++) if (this.#owner[at] !== owner) return false;
    return true;
  }
}

/**
 * The claims that name a target (texts, URLs and selectors), by where they start (no two start at
 * one position: they never overlap), each with the order it was found in.
 */
export class Targets {
  readonly #byStart = new Map<number, { readonly claim: Claim; readonly order: number }>();
  readonly #byEnd = new Map<number, Claim>();

  add(claim: Claim): void {
    if (targetOf(claim) === undefined) return;
    this.#byStart.set(claim.start, { claim, order: this.#byStart.size });
    this.#byEnd.set(claim.end, claim);
  }

  /** The claim that ends right before `position`, blanks aside (`“Apply now” clicked twice`). */
  endingBefore(text: string, position: number): Claim | undefined {
    let at = position;
    while (at > 0 && (text.charCodeAt(at - 1) === 0x20 || text.charCodeAt(at - 1) === 0x09)) at--;
    return at < position ? this.#byEnd.get(at) : undefined;
  }

  /** The claim that starts at `start`. */
  at(start: number): Claim | undefined {
    return this.#byStart.get(start)?.claim;
  }

  /** The first found of the claims inside [start, end). */
  firstWithin(start: number, end: number): Claim | undefined {
    let first: { readonly claim: Claim; readonly order: number } | undefined;
    for (let at = start; at < end; at++) {
      const found = this.#byStart.get(at);
      if (found !== undefined && found.claim.end <= end && (first === undefined || found.order < first.order)) first = found;
    }
    return first?.claim;
  }
}

/** Whether `probe` (global) occurs at a position outside every range of `taken`. */
export function probedOutside(probe: RegExp, text: string, taken: Ranges): boolean {
  probe.lastIndex = 0;
  for (let hit = probe.exec(text); hit !== null; hit = probe.exec(text)) {
    // Hits may overlap: each position is tried (a hit inside a claim may hide one that is not).
    probe.lastIndex = hit.index + 1;
    if (!taken.within(hit.index, hit.index + hit[0].length)) {
      probe.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/** What a text, URL or selector claim names, as the target of a count. */
export function targetOf(claim: Claim): string | undefined {
  return claim.kind === 'text' ? claim.quote : claim.kind === 'url' ? claim.url : claim.kind === 'selector' ? claim.selector : undefined;
}

/**
 * An element named without quotes, as a label (its first word capitalised, one to five words),
 * and the kind of element it is: `the Run button`, `Search link`, `the Revenue overview heading`.
 * Group 1 is the name.
 */
const UNQUOTED_NAME =
  /(?:the\s+)?(\p{Lu}[\p{L}\p{N}'’&.-]*(?:\s+[\p{L}\p{N}'’&.-]+){0,4}?)\s+(?:buttons?|links?|tabs?|icons?|headings?|images?|badges?|cards?|tiles?|banners?|toggles?|switch(?:es)?|checkbox(?:es)?|options?|menu items?|CTAs?)(?![\w-])/uy;

/** The name of an element named without quotes that starts at `at` of `text` (see UNQUOTED_NAME), if one does. */
export function unquotedNameAt(text: string, at: number): string | undefined {
  UNQUOTED_NAME.lastIndex = at;
  const name = UNQUOTED_NAME.exec(text)?.[1];
  UNQUOTED_NAME.lastIndex = 0;
  return name === undefined || isClause(name) ? undefined : name;
}

/** A label named alone between a click verb and its count (`clicked Sign in three times`): its first word capitalised, one to four words. */
const BARE_LABEL = /^(?:on\s+)?(?:the\s+)?(\p{Lu}[\p{L}\p{N}'’&.-]*(?:\s+[\p{L}\p{N}'’&.-]+){0,3})$/u;

/** The label `words` (between a click verb and its count) name on their own, if they are one and no clause. */
export function bareLabel(words: string): string | undefined {
  const name = BARE_LABEL.exec(words.trim())?.[1];
  return name === undefined || isClause(name) ? undefined : name;
}

/**
 * Words that go on with a clause, which a label seldom holds: a relative pronoun or a form of "to
 * be" (`the GBP amount, which is not a link`: the kind of element after them is said of something
 * else, and the words before it name no element; a label may be `Not now`).
 */
const CLAUSE_WORDS = /(?:^|[\s,])(?:which|that|who|whose|where|is|are|was|were|isn't|aren't|wasn't|weren't)(?=\s|$)/i;

/** Whether the words an answer seems to name an element by (`GBP amount, which is not a`) are a clause rather than a name. */
export const isClause = (name: string): boolean => CLAUSE_WORDS.test(name);
