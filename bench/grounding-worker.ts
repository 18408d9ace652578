// The timed part of the grounding benchmark, run bundled by plain node (see bundled-worker.ts) on
// the session files bench/grounding.ts generates (a bundle runs the main code of the scripts it
// includes, generate-long-session's among them, so it includes none):
// groundingSource + groundAnswer of one answer against prepare of the same profile and session,
// interleaved in one process (target from the issue: ≤ 0.2× prepare). The answer cites kept
// events, quotes their texts, names their URLs and counts their types, and adds invented and
// dropped claims, as model answers do.

import { readFileSync } from 'node:fs';
import { groundAnswer, groundingSource } from '../src/grounding/ground-answer.js';
import { prepare, type PreparedRequest } from '../src/pipeline/prepare.js';
import { parseProfile } from '../src/profile/parse-profile.js';
import { parseSession } from '../src/session/parse-session.js';
import type { Session } from '../src/session/session-schema.js';

/** The generated sessions to time on (written by bench/grounding.ts): `<events>=<file>` each. */
const SESSIONS = process.argv.slice(2).map((argument) => {
  const [events, file] = argument.split('=', 2) as [string, string];
  return { size: Number(events), file };
});
const PROFILES = {
  'LAST, event_limit 500': parseProfile('slice:\n  mode: LAST\n  event_limit: 500\n'),
  'full render': parseProfile('context:\n  include: [user, device]\n'),
} as const;

/** A realistic answer: claims about kept events, plus two invented ones and a dropped one. */
function answerFor(prepared: PreparedRequest, session: Session): string {
  const kept = prepared.events.kept;
  const pick = (position: number) => kept[Math.floor((kept.length - 1) * position)];
  const sentences: string[] = [];
  for (const position of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
    const indexed = pick(position);
    if (indexed === undefined) continue;
    const { event, index } = indexed;
    const text = event.target?.text ?? event.title ?? event.message;
    sentences.push(`At #${index} the user ${event.type === 'navigate' ? `opened ${event.url ?? 'a page'}` : `did a ${event.type}`}${text === undefined ? '' : ` on "${text}"`}.`);
  }
  const clicks = kept.filter(({ event }) => event.type === 'click').length;
  sentences.push(`They made ${clicks} clicks over about 2 minutes, rage-clicked 7 times and visited https://shop.example/invented-page (#${session.events.length + 5}).`);
  const dropped = session.events.findIndex((_, index) => !kept.some((entry) => entry.index === index));
  if (dropped >= 0) sentences.push(`See also #${dropped}.`);
  return sentences.join(' ');
}

const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Untimed pairs before the timed ones of a later answer, at most (and at most
 * LATER_WARM_UP_MS of them). A long-lived studio or server grounds answer after answer: V8 has
 * optimised the grounding code by then, as it has prepare's (which loops over hundreds of events
 * per call and is optimised within a few calls). Grounding one answer runs each of its functions
 * a few times only, so they reach V8's optimising compiler after hundreds of answers: at 10,000
 * events, timed after 21 warm-up pairs grounding measured ×0.25 of prepare, after 300 ×0.22, after
 * 1,500 ×0.13.
 */
const LATER_WARM_UP = 1500;
const LATER_WARM_UP_MS = 3000;

/**
 * The median time of `measure` and of prepare, and the median of their per-pair ratios, over
 * `runs` pairs alternating which goes first, after `warmUp.pairs` untimed pairs (fewer once
 * `warmUp.ms` have passed).
 */
function pairs(
  runs: number,
  warmUp: { readonly pairs: number; readonly ms: number },
  setUp: () => void,
  measure: () => number,
  prepareOnce: () => number,
): { readonly measured: number; readonly prepared: number; readonly ratio: number } {
  const measured: number[] = [];
  const prepared: number[] = [];
  const ratios: number[] = [];
  const warmUpEnds = performance.now() + warmUp.ms;
  for (let run = -warmUp.pairs; run < runs; run++) {
    // Past its time budget, the warm-up ends at the next even step (pairs keep alternating).
    if (run < 0 && performance.now() > warmUpEnds && run % 2 === 0) run = 0;
    setUp();
    let grounding: number;
    let preparing: number;
    if (run % 2 === 0) {
      grounding = measure();
      preparing = prepareOnce();
    } else {
      preparing = prepareOnce();
      grounding = measure();
    }
    if (run < 0) continue;
    measured.push(grounding);
    prepared.push(preparing);
    ratios.push(grounding / preparing);
  }
  return { measured: median(measured), prepared: median(prepared), ratio: median(ratios) };
}

const timed = (work: () => void) => () => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

/**
 * Times grounding in two situations, each against prepare in the same situation: the first answer
 * about a session object (a fresh copy of the parsed session, made before the clock starts:
 * grounding builds the session's index, and prepare too starts from that copy), and a later
 * answer about the same object (the index is there: the studio after an edit, a second answer).
 * prepare keeps nothing between calls without `previous`.
 */
function runGroundingTimings(): void {
  console.log('\n## Grounding: groundingSource + groundAnswer of one answer vs prepare of the same profile and session');
  console.log('(one process; pairs alternating which goes first, after untimed warm-up pairs; × is the median of per-pair ratios.');
  console.log(' first: the first answer about a fresh copy of the session, which builds its index, vs prepare of that copy,');
  console.log('   after as many warm-up pairs as timed ones;');
  console.log(` later: another answer about a session already grounded once, vs prepare of it, after up to ${LATER_WARM_UP.toLocaleString('en-US')} untimed pairs or ${LATER_WARM_UP_MS / 1000} s)\n`);
  console.log(`${'events'.padEnd(9)} ${'profile'.padEnd(22)} ${'first ms'.padStart(9)} ${'prepare'.padStart(8)} ${'first×'.padStart(8)} ${'later ms'.padStart(9)} ${'prepare'.padStart(8)} ${'later×'.padStart(8)} ${'target'.padStart(7)}  findings`);
  for (const { size, file } of SESSIONS) {
    const session = parseSession(readFileSync(file, 'utf8'));
    for (const [label, profile] of Object.entries(PROFILES)) {
      const prepared = prepare(profile, session);
      const answer = answerFor(prepared, session);
      const findings = groundAnswer(groundingSource(profile, session, prepared), answer).findings.length;
      const runs = size >= 100_000 ? 7 : 21;
      let fresh = session;
      let freshPrepared = prepared;
      const first = pairs(
        runs,
        { pairs: runs, ms: Number.POSITIVE_INFINITY },
        () => {
          fresh = structuredClone(session);
          freshPrepared = prepare(profile, fresh);
        },
        timed(() => groundAnswer(groundingSource(profile, fresh, freshPrepared), answer)),
        timed(() => prepare(profile, fresh)),
      );
      const later = pairs(
        runs,
        { pairs: Math.max(runs, LATER_WARM_UP), ms: LATER_WARM_UP_MS },
        () => undefined,
        timed(() => groundAnswer(groundingSource(profile, session, prepared), answer)),
        timed(() => prepare(profile, session)),
      );
      console.log(
        `${size.toLocaleString('en-US').padEnd(9)} ${label.padEnd(22)} ${first.measured.toFixed(2).padStart(9)} ${first.prepared.toFixed(2).padStart(8)} ${first.ratio.toFixed(2).padStart(8)} ${later.measured.toFixed(3).padStart(9)} ${later.prepared.toFixed(2).padStart(8)} ${later.ratio.toFixed(3).padStart(8)} ${`≤0.2 ${later.ratio <= 0.2 ? '✓' : '✗'}`.padStart(7)}  ${findings}`,
      );
    }
  }
}

runGroundingTimings();
