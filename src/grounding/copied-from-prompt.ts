// Claims the answer copied from a text the prompt showed: a reference, URL or selector that no
// event has, quoted along with the words around it ("Ticket #58213" in a page title).

import type { Checker } from './checker.js';
import type { Claim } from './find-claims.js';
import { eventTexts } from './event-strings.js';
import { normalText } from './normal-text.js';
import { indexOfSelector } from './selector-match.js';

/**
 * An event reference, URL or selector that no event holds may be a piece of a text the prompt
 * showed, copied with it: "Ticket #58213" or "</session>" in a page title. Such a claim is kept
 * when the word before it with the claim ("order #4471" in a pasted message), the whole word
 * around it (`</session>`), or a selector itself (`#eng-planning`, a channel) is in a kept
 * event's text, as whole words.
 */
export function copiedFromPrompt(text: string, claim: Claim, checker: Checker): number | undefined {
  if (claim.kind !== 'event' && claim.kind !== 'url' && claim.kind !== 'selector') return undefined;
  let start = claim.start;
  let end = claim.end;
  while (start > 0 && !isSpaceAt(text, start - 1)) start--;
  while (end < text.length && !isSpaceAt(text, end)) end++;
  const word = text.slice(start, end).replace(/[.,;:!?)\]]+$/, '');
  // Only a word glued to the claim (`</session>`, not `(#12)`), a word before it (`Ticket
  // #58213`, `order #4471`), or a selector itself can make it a piece of a text.
  const glued = word.replace(/^[(["'“‘]+/, '').length > claim.text.length;
  let beforeEnd = start;
  while (beforeEnd > 0 && isSpaceAt(text, beforeEnd - 1)) beforeEnd--;
  let beforeStart = beforeEnd;
  while (beforeStart > 0 && !isSpaceAt(text, beforeStart - 1)) beforeStart--;
  const wordBefore = beforeStart < beforeEnd && beforeEnd < start && /[\p{L}\d]/u.test(text[beforeStart] as string);
  const pieces = [...(wordBefore ? [`${text.slice(beforeStart, beforeEnd)} ${word}`] : []), ...(glued ? [word] : [])];
  for (const piece of pieces) {
    const found = checker.textHolding('kept', normalText(piece));
    if (found !== undefined) return found;
  }
  // A selector-like name that is itself a text the prompt showed, as written (a Slack channel
  // `#eng-planning`); not the words of a selector in other texts (`#apply` for “Apply coupon”).
  if (claim.kind === 'selector') {
    const found = checker.textHolding('kept', normalText(claim.selector));
    if (found !== undefined && holdsAsWritten(checker, found, claim.selector.toLowerCase())) return found;
  }
  return undefined;
}

/** Whether a text of the kept event at `index` (-1: the context) holds `name` as written, in any case, with whole names at its ends. */
function holdsAsWritten(checker: Checker, index: number, name: string): boolean {
  const event = index === -1 ? undefined : checker.keptEvent(index);
  const texts = event !== undefined ? eventTexts(event) : index === -1 ? [JSON.stringify(checker.context('kept') ?? {})] : [];
  return texts.some((text) => indexOfSelector(text.toLowerCase(), name) !== -1);
}

const isSpaceAt = (text: string, position: number): boolean => /\s/.test(text[position] as string);
