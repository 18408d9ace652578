// Benchmark of grounding: groundingSource + groundAnswer of one answer against prepare of the same
// profile and session, interleaved in one process (target from the issue: ≤ 0.2× prepare). The
// answer cites kept events, quotes their texts, names their URLs and counts their types, and
// adds invented and dropped claims, as model answers do.

import { groundAnswer, groundingSource } from '../src/grounding/ground-answer.js';
import { prepare, type PreparedRequest } from '../src/pipeline/prepare.js';
import { parseProfile } from '../src/profile/parse-profile.js';
import { parseSession } from '../src/session/parse-session.js';
import type { Session } from '../src/session/session-schema.js';
import { generateLongSession } from '../scripts/generate-long-session.js';
import { loadGroundedCorpus } from '../test/grounding-corpus/load-corpus.js';
import { formatGroundingFigures, measureGrounding } from '../test/grounding-corpus/measure.js';

const SIZES = (process.env.RECAP_BENCH_GROUNDING_SIZES ?? '10000,100000').split(',').map(Number);
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

/** Precision and recall of `unsupported` and `dropped` on the hand-labelled corpus of test/grounding-corpus/. */
export async function printCorpusFigures(): Promise<void> {
  const corpus = await loadGroundedCorpus();
  console.log(`\n## Grounding: precision and recall on the labelled corpus (${corpus.length} answers; targets: precision ≥ 0.95, recall ≥ 0.9)\n`);
  console.log(formatGroundingFigures(measureGrounding(corpus)));
}

export function runGroundingBenchmark(): void {
  console.log('\n## Grounding: groundingSource + groundAnswer of one answer vs prepare of the same profile and session');
  console.log('(one process, pairs alternating which goes first after as many warm-up pairs; ×prepare is the median of per-pair ratios)\n');
  console.log(`${'events'.padEnd(9)} ${'profile'.padEnd(22)} ${'grounding ms'.padStart(13)} ${'prepare ms'.padStart(11)} ${'×prepare'.padStart(9)} ${'target'.padStart(9)}  findings`);
  for (const size of SIZES) {
    const session = parseSession(generateLongSession({ events: size, seed: 7 }));
    for (const [label, profile] of Object.entries(PROFILES)) {
      const prepared = prepare(profile, session);
      const answer = answerFor(prepared, session);
      const runs = size >= 100_000 ? 7 : 21;
      const ratios: number[] = [];
      const groundings: number[] = [];
      const prepares: number[] = [];
      let findings = 0;
      for (let run = -runs; run < runs; run++) {
        const timeGrounding = () => {
          const started = performance.now();
          findings = groundAnswer(groundingSource(profile, session, prepared), answer).findings.length;
          return performance.now() - started;
        };
        const timePrepare = () => {
          const started = performance.now();
          prepare(profile, session);
          return performance.now() - started;
        };
        const [grounding, preparing] = run % 2 === 0 ? [timeGrounding(), timePrepare()] : (([p, g]) => [g, p])([timePrepare(), timeGrounding()]);
        if (run < 0) continue;
        groundings.push(grounding as number);
        prepares.push(preparing as number);
        ratios.push((grounding as number) / (preparing as number));
      }
      const ratio = median(ratios);
      console.log(
        `${size.toLocaleString('en-US').padEnd(9)} ${label.padEnd(22)} ${median(groundings).toFixed(2).padStart(13)} ${median(prepares).toFixed(2).padStart(11)} ${ratio.toFixed(3).padStart(9)} ${`≤0.2 ${ratio <= 0.2 ? '✓' : '✗'}`.padStart(9)}  ${findings}`,
      );
    }
  }
}
