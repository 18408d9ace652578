// A duration in a clause that cites nothing, after a comma, is said of the events the sentence
// cites before it: "The whole episode, from the expired link (#13) to the refused code (#56),
// took about 6 minutes", "was downloaded (ev. 68), about 20 seconds after the page loaded (ev.
// 65 before it)". When the sentence cites two kept events or more there, the time is one between
// them, not between any two events of the session (which an invented time almost always fits).
// And a duration said of the part the prompt shows ("The whole window lasted 5 minutes", "4
// minutes 30 seconds in the part shown") is of the events the prompt shows: the whole session
// lasting that long does not make it `dropped`.

import type { Checker } from './checker.js';
import { lastsOver } from './durations.js';
import type { Claim } from './find-claims.js';
import type { GroundingVerdict } from './grounding-report.js';

type Verdict = { readonly verdict: GroundingVerdict; readonly reason?: string };

/**
 * The verdict of the duration `claim`, whose clause starts at `clauseStart` and cites nothing, by
 * the events cited before it in its sentence; undefined when they are fewer than two kept events.
 */
export function sentenceDuration(text: string, claims: readonly Claim[], claim: Claim & { kind: 'duration' }, [clauseStart, clauseEnd]: readonly [number, number], checker: Checker): Verdict | undefined {
  const sentenceStart = sentenceStartBefore(text, clauseStart);
  if (sentenceStart >= clauseStart || !spanOfItsOwn(text, claim, clauseStart, clauseEnd)) return undefined;
  // "…, they waited about a minute and requested a new code, which went through (#36, #37)": the events come after.
  const sentenceEnd = sentenceEndAfter(text, clauseEnd);
  if (claims.some((other) => other.kind === 'event' && other.start >= clauseEnd && other.end <= sentenceEnd)) return undefined;
  const kept = new Map<number, number>();
  const all = new Map<number, number>();
  for (const other of claims) {
    if (other.kind !== 'event' || other.start < sentenceStart || other.end > clauseStart) continue;
    const shown = checker.keptEvent(other.index)?.time;
    const time = shown ?? checker.droppedEvent(other.index)?.time;
    if (shown !== undefined && Number.isFinite(shown)) kept.set(other.index, shown);
    if (time !== undefined && Number.isFinite(time)) all.set(other.index, time);
  }
  if (kept.size < 2) return undefined;
  const fits = (times: Map<number, number>) => lastsOver([...times.values()].sort((left, right) => left - right), claim);
  if (fits(kept)) return { verdict: 'kept' };
  if (fits(all)) return { verdict: 'dropped', reason: 'true of the events its sentence cites before it, with those the prompt left out' };
  return { verdict: 'unsupported', reason: `no two of the events its sentence cites before it (${[...kept.keys()].map((index) => `#${index}`).join(', ')}) are that far apart` };
}

/**
 * Whether the duration is a span of its own, what something took ("took about 6 minutes", "a
 * minute and a half lost there"), not a time since or until something the clause names in words
 * ("about 3 minutes after starting", "about 2 minutes in", "46 seconds into the session"), nor one
 * said of each event ("each after roughly 15 seconds") or of the whole session ("and the session
 * lasted 2 minutes 9 seconds"), which the events cited before need not span.
 */
function spanOfItsOwn(text: string, claim: Claim, clauseStart: number, clauseEnd: number): boolean {
  if (SINCE_WORD.test(claim.text) || SINCE_AFTER.test(text.slice(claim.end, claim.end + 16))) return false;
  return !OTHER_SPAN.test(text.slice(clauseStart, clauseEnd));
}

/** A time since or until something: `after …`, `… later`, `… before`, `… in`, `… into`, `… since`. */
const SINCE_WORD = /^(?:after|within)\b|\s(?:later|after|afterwards|earlier|before|in)$/i;
const SINCE_AFTER = /^\s*(?:later|after|afterwards|earlier|before|in|into|since|from|of)\b/i;
/** Words that make a time one of each event or of the whole session. */
const OTHER_SPAN = /\b(?:each|every|per|session|visit|recording|overall|in total|altogether)\b/i;

/** Where the sentence holding `position` ends: at `.`, `!`, `?` or `;` and a space (not the dot of `ev.`), or a line's end. */
function sentenceEndAfter(text: string, position: number): number {
  for (let at = position; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) return at;
    if ((code === 0x2e || code === 0x21 || code === 0x3f || code === 0x3b) && /\s|^$/.test(text.charAt(at + 1)) && !(code === 0x2e && /\bevt?$/i.test(text.slice(Math.max(0, at - 4), at)))) return at;
  }
  return text.length;
}

/**
 * The verdict of a time spent on what the clause's citations show ("She spent roughly 2 minutes on
 * the salary step (#40–#52)", "spent 80 s on the SSO page (#70, #80)"): from the first event cited
 * to the last, or to the next event the prompt shows (when she left it); undefined for any other
 * duration, or a clause that cites fewer than two kept events or counts from something else.
 */
export function spentOnCited(text: string, claims: readonly Claim[], claim: Claim & { kind: 'duration' }, cited: ReadonlyMap<number, number>, [start, end]: readonly [number, number], checker: Checker): Verdict | undefined {
  if (!/^spent\b/i.test(claim.text) || cited.size < 2 || claim.bound !== 'about') return undefined;
  // Up to the clause's last citation: what comes after it ("… and got a 422 from the API") tells of something else.
  const lastCitation = Math.max(...claims.filter((other) => other.kind === 'event' && other.start >= start && other.end <= end).map((other) => other.end));
  if (SPENT_FROM.test(text.slice(start, lastCitation))) return undefined;
  const times = [...cited.values()].sort((left, right) => left - right);
  const last = Math.max(...cited.keys());
  let next: number | undefined;
  for (let index = last + 1; index <= last + 50 && next === undefined; index++) next = checker.keptEvent(index)?.time;
  if (lastsOver(times, claim) || (next !== undefined && lastsOver([times[0] as number, next], claim))) return { verdict: 'kept' };
  return { verdict: 'unsupported', reason: `not the time from #${Math.min(...cited.keys())} to #${last} or to the next event the prompt shows` };
}

/** Words that count a time spent from or until something else ("spent over 2 minutes reading before tapping …"). */
const SPENT_FROM = /\b(?:before|after|until|till|since|from|between|later|earlier)\b/i;

/** Where the sentence holding `position` starts: after `.`, `!`, `?` or `;` and a space (not the dot of `ev.` or one inside brackets), or a line's end. */
function sentenceStartBefore(text: string, position: number): number {
  for (let at = position - 1, depth = 0; at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) return at + 1;
    if (code === 0x29 || code === 0x5d) depth++;
    else if (code === 0x28 || code === 0x5b) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (code === 0x2e || code === 0x21 || code === 0x3f || code === 0x3b) && /\s/.test(text.charAt(at + 1)) && !(code === 0x2e && /\bevt?$/i.test(text.slice(Math.max(0, at - 4), at)))) return at + 1;
  }
  return 0;
}

/** The part the prompt shows named as what lasted ("the whole window lasted", "the part shown took"), before a duration… */
const SHOWN_PART_BEFORE = /\b(?:the|this)\s+(?:whole\s+|entire\s+)?(?:window|part\s+shown)\s*(?:lasted|lasts|took|takes|ran|runs|spanned|spans)?\s*$/i;
/** … or after it ("spent 4 minutes 30 seconds in the part shown"). */
const SHOWN_PART_AFTER = /^\s*(?:in|of|across|over)\s+(?:the|this)\s+(?:whole\s+|entire\s+)?(?:window|part\s+shown)\b/i;

/** Whether the duration `claim` is said of the part of the session the prompt shows. */
export function saidOfShownPart(text: string, claim: Claim): boolean {
  return SHOWN_PART_BEFORE.test(text.slice(Math.max(0, claim.start - 40), claim.start)) || SHOWN_PART_AFTER.test(text.slice(claim.end, claim.end + 40));
}
