// Precision and recall of groundAnswer's `unsupported` and `dropped` verdicts against the hand
// labels of the grounding corpus.
//
// Matching a labelled claim to a finding (kind-agnostic, each finding used once, labels in order):
// 1. Both texts are normalised: lower case, curly quotes straightened, dashes made `-`, spaces
//    collapsed, quotes, backticks and sentence punctuation trimmed from the ends. An event
//    finding's text is `#<index>` of the one event it stands for (a range `#12–#15` gives four
//    findings, `#12` to `#15`; `events 12 through 15` too), so a range is labelled one event at a time; a citation without `#`
//    (`[12]`, a footnote's `[^12]`, the `46` of `events 45, 46 and 47`, `evt-12`, `(e12)`) is labelled `#12`, `#46` too.
// 2. A finding whose normalised text equals the label's is its match; failing that, one whose
//    text contains the label's or is contained in it (`after about 2 minutes` for the label
//    `about 2 minutes`), never for event references (`#1` is not part of `#12`).
// A labelled claim with no match is a miss (a recall miss when it is labelled unsupported or
// dropped); a finding with no label is a disagreement too (a precision miss when it is
// unsupported or dropped): the labels are meant to list every checkable claim.

import type { GroundingFinding, GroundingVerdict } from '../../src/grounding/grounding-report.js';
import type { LabelledClaim } from './corpus-schema.js';

/** One answer of the corpus: its labels and what groundAnswer found. */
export interface GroundedAnswer {
  /** `<corpus file>[<answer index>]`. */
  readonly id: string;
  readonly answer: string | Readonly<Record<string, unknown>>;
  readonly claims: readonly LabelledClaim[];
  readonly findings: readonly GroundingFinding[];
}

export interface ClassFigures {
  /** Findings with this verdict. */
  readonly found: number;
  /** Of those, the ones whose label has this verdict. */
  readonly foundAgreed: number;
  /** Labelled claims with this verdict. */
  readonly labelled: number;
  /** Of those, the ones found with this verdict. */
  readonly labelledFound: number;
  /** foundAgreed / found (1 when nothing was found). */
  readonly precision: number;
  /** labelledFound / labelled (1 when nothing is labelled so). */
  readonly recall: number;
}

export interface Disagreement {
  readonly answer: string;
  readonly claim: string;
  /** The hand label, or `none` for a finding no label names. */
  readonly labelled: GroundingVerdict | 'none';
  /** groundAnswer's verdict, or `not found`. */
  readonly found: GroundingVerdict | 'not found';
  readonly reason?: string;
}

export interface GroundingFigures {
  readonly answers: number;
  readonly claims: Readonly<Record<GroundingVerdict, number>>;
  readonly unsupported: ClassFigures;
  readonly dropped: ClassFigures;
  readonly disagreements: readonly Disagreement[];
}

export function normalClaim(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d«»]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'`.,;:!?()]+|[\s"'`.,;:!?()]+$/g, '');
}

const EVENT_TEXT = /(?:#|\[\^?|^|\b(?:events?|evts?\.?|ev\.)\s+(?:(?:index|no\.?|number)\s*)?|\bevt?[-_]|\be(?=\d))(\d+)(?:\s*(?:[-–—〜～…]|\.{2,3}|to|through|thru)\s*(?:events?\s+)?#?(\d+))?/i;

/** The text each finding is matched by: `#<index>` for one event of a reference or range. */
function findingKeys(findings: readonly GroundingFinding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    if (finding.kind !== 'event') return normalClaim(finding.text);
    // The findings of one range come in order, one per event, whether found with their event or not.
    const group = `${finding.path}|${finding.text}`;
    const step = seen.get(group) ?? 0;
    seen.set(group, step + 1);
    if (finding.event !== undefined) return `#${finding.event}`;
    const match = EVENT_TEXT.exec(finding.text);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    return `#${last >= first ? first + (step % (last - first + 1)) : first}`;
  });
}

/** Pairs each label with the finding it names, if any: `matches[label] = finding index`. */
export function matchClaims(claims: readonly LabelledClaim[], findings: readonly GroundingFinding[]): (number | undefined)[] {
  const keys = findingKeys(findings);
  const used = new Set<number>();
  const take = (test: (key: string) => boolean) => {
    const index = keys.findIndex((key, position) => !used.has(position) && test(key));
    if (index === -1) return undefined;
    used.add(index);
    return index;
  };
  const labels = claims.map((claim) => normalClaim(claim.text));
  const matches: (number | undefined)[] = labels.map((label) => take((key) => key === label));
  labels.forEach((label, position) => {
    if (matches[position] !== undefined || label.startsWith('#')) return;
    matches[position] = take((key) => !key.startsWith('#') && key.length >= 3 && label.length >= 3 && (key.includes(label) || label.includes(key)));
  });
  return matches;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/** The figures of the corpus: precision and recall per class, and every disagreement. */
export function measureGrounding(corpus: readonly GroundedAnswer[]): GroundingFigures {
  const claims: Record<GroundingVerdict, number> = { kept: 0, dropped: 0, unsupported: 0 };
  const tally = { unsupported: { found: 0, foundAgreed: 0, labelled: 0, labelledFound: 0 }, dropped: { found: 0, foundAgreed: 0, labelled: 0, labelledFound: 0 } };
  const disagreements: Disagreement[] = [];
  for (const grounded of corpus) {
    const matches = matchClaims(grounded.claims, grounded.findings);
    const labelOf = new Map<number, LabelledClaim>();
    grounded.claims.forEach((claim, position) => {
      claims[claim.verdict] += 1;
      const index = matches[position];
      const finding = index === undefined ? undefined : grounded.findings[index];
      if (index !== undefined) labelOf.set(index, claim);
      if (claim.verdict !== 'kept') {
        tally[claim.verdict].labelled += 1;
        if (finding?.verdict === claim.verdict) tally[claim.verdict].labelledFound += 1;
      }
      if (finding === undefined) {
        if (claim.verdict !== 'kept') disagreements.push({ answer: grounded.id, claim: claim.text, labelled: claim.verdict, found: 'not found' });
      } else if (finding.verdict !== claim.verdict) {
        disagreements.push({ answer: grounded.id, claim: claim.text, labelled: claim.verdict, found: finding.verdict, ...(finding.reason === undefined ? {} : { reason: finding.reason }) });
      }
    });
    grounded.findings.forEach((finding, index) => {
      if (finding.verdict === 'kept') return;
      const label = labelOf.get(index);
      tally[finding.verdict].found += 1;
      if (label?.verdict === finding.verdict) tally[finding.verdict].foundAgreed += 1;
      if (label === undefined) disagreements.push({ answer: grounded.id, claim: finding.text, labelled: 'none', found: finding.verdict, ...(finding.reason === undefined ? {} : { reason: finding.reason }) });
    });
  }
  const figures = (counts: (typeof tally)['dropped']): ClassFigures => ({ ...counts, precision: ratio(counts.foundAgreed, counts.found), recall: ratio(counts.labelledFound, counts.labelled) });
  return { answers: corpus.length, claims, unsupported: figures(tally.unsupported), dropped: figures(tally.dropped), disagreements };
}

/** The figures as a table, and one line per disagreement. */
export function formatGroundingFigures(figures: GroundingFigures): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
  const row = (name: string, counts: ClassFigures) =>
    `${name.padEnd(12)} ${percent(counts.precision)} (${counts.foundAgreed}/${counts.found})`.padEnd(34) + `${percent(counts.recall)} (${counts.labelledFound}/${counts.labelled})`;
  const lines = [
    `${figures.answers} answers; labelled claims: ${figures.claims.kept} kept, ${figures.claims.dropped} dropped, ${figures.claims.unsupported} unsupported`,
    `${'class'.padEnd(12)} ${'precision'.padEnd(21)}recall`,
    row('unsupported', figures.unsupported),
    row('dropped', figures.dropped),
  ];
  if (figures.disagreements.length > 0) lines.push(`disagreements (${figures.disagreements.length}):`);
  for (const { answer, claim, labelled, found, reason } of figures.disagreements) {
    lines.push(`  ${answer}  ${JSON.stringify(claim)}: labelled ${labelled}, found ${found}${reason === undefined ? '' : ` (${reason})`}`);
  }
  return lines.join('\n');
}
