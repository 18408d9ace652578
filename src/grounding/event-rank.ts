// Whether a `#N` in an answer is the answer's own numbering rather than an event it cites: a rank
// ("the user's #1 problem", "#1 priority") or a label's number ("Issue #1:", "Step #2 —").

/** A word that makes the `#N` after it a rank ("the #1 problem", "their #2 complaint", "Stripe's #1 issue"), not an event. */
const RANK_BEFORE = /(?:\b(?:the|their|our|your|my|its|his|her|a|an)|'s|’s)\s+$/i;

/** A label that numbers the answer's own items ("Issue #1:", "Step #2 —", "Priority: #1"): the `#N` after it is no event (after a plural, as "steps #3–#5", it may be). */
const LABEL_BEFORE = /\b(?:issue|problem|finding|step|recommendation|priority|item|point|insight|theme|observation|friction|pain point|bug|blocker|option|suggestion|fix|action|action item|question|task|goal|hypothesis|takeaway|rank(?:ed|ing)?|top|phase|stage|tip|idea|concern|risk|opportunity|quick win|scenario|persona)\s*:?\s*$/i;
/** A noun after `#N` that makes it a rank ("#1 priority", "#2 reason"), with or without "the". */
const RANK_AFTER = /^ (?:priority|issue|problem|cause|reason|blocker|complaint|concern|fix|recommendation|pain point|friction point|driver|factor|bug|takeaway|finding|risk|opportunity|request|goal)\b/i;

/**
 * Whether a label before a `#N` numbers an item: written as a heading's word ("Issue #1", "Step
 * #2"), with a colon ("Priority: #1"), or with one after the number ("issue #1:", "step #2 —");
 * "the next step #16 added the jacket" cites an event.
 */
function isLabel(before: string, after: string): boolean {
  const label = LABEL_BEFORE.exec(before);
  if (label === null) return false;
  return /^[A-Z]/.test(label[0]) || label[0].includes(':') || /^\s*[:—–)-]/.test(after);
}

/** Whether the `#N` at [start, end) is a rank or a label's number: after a determiner or a possessive and followed by a word, after a label, or before a rank noun. */
export function isRank(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 24), start);
  const after = text.slice(end, end + 24);
  return (/^ [a-z]/i.test(after) && RANK_BEFORE.test(before.slice(-12))) || isLabel(before, after) || RANK_AFTER.test(after);
}
