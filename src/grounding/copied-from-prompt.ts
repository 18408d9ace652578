// Claims the answer copied from a text the prompt showed: a reference, URL or selector that no
// event has, quoted along with the words around it ("Ticket #58213" in a page title).

import type { Checker } from './checker.js';
import type { Claim } from './find-claims.js';
import { normalText } from './normal-text.js';

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
  // A selector-like name that is itself a text the prompt showed (a Slack channel `#eng-planning`).
  const own = claim.kind === 'selector' ? [claim.selector] : [];
  const pieces = [...(wordBefore ? [`${text.slice(beforeStart, beforeEnd)} ${word}`] : []), ...(glued ? [word] : []), ...own];
  for (const piece of pieces) {
    const found = checker.textHolding('kept', normalText(piece));
    if (found !== undefined) return found;
  }
  return undefined;
}

const isSpaceAt = (text: string, position: number): boolean => /\s/.test(text[position] as string);
