// Whether an answer denies what it names: "did not see a rage click", "never reached
// /checkout/payment", "not a 502". A denied thing is no claim that it happened.

/** Words before a claim that deny it, at most three words before: `not`, `n't`, `never`, `no`. */
const NEGATED = /(?:\bnot|n't|\bnever|\bno)\s+(?:[\w-]+\s+){0,3}$/i;

/** Whether the words right before `start` deny what follows ("did not make a single …"). */
export const isNegatedBefore = (text: string, start: number): boolean => NEGATED.test(text.slice(Math.max(0, start - 40), start));

/** A thing in brackets right after what a denial names, up to five words on: "never opened the FAQ page (/northbeam/faq)". */
const NEGATED_BRACKETED = /(?:\bnot|n't|\bnever|\bno)\s+(?:[\w-]+\s+){0,4}[\w-]+\s*[([]\s*$/i;

/** The target of a Markdown link whose text a denial names, up to three words on: "never opened [the pricing page](https://shop.example/plans)". */
const NEGATED_LINK = /(?:\bnot|n't|\bnever|\bno)\s+(?:[\w-]+\s+){0,3}\[[^\]\n]{1,80}\]\(\s*$/i;

/** Whether a URL, quote or selector at `start` is denied: by the words right before it, as the bracketed name of what a denial names, or as the target of a link it names. */
export const isDenied = (text: string, start: number): boolean => {
  const before = text.slice(Math.max(0, start - 120), start);
  return isNegatedBefore(text, start) || NEGATED_BRACKETED.test(before.slice(-60)) || (before.endsWith('(') && NEGATED_LINK.test(before));
};
