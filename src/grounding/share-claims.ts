// A count said as a share of a total: "40% of the clicks were dead clicks", "about half of the
// clicks did nothing". A claim only when the words after it name the part as a kind of event (or
// clicks that did nothing: dead clicks); it holds when that kind's events the prompt shows, over a
// total of the events the words name (for clicks, clicks alone or of every kind), are about that
// share. Events are counted, not a rage click's clicks: a share of clicks on one element ("a third of
// the taps were on “Reserve”") is no claim, as it may count either way.

import { matchesOf } from './claim-ranges.js';
import { CLICKS, countTopics, type CountTopic, type EventStats } from './count-topics.js';
import type { Claim } from './claim.js';

/** A piece every share holds. */
export const SHARE_PROBE = /%|per ?cent|half|third|quarter/i;

const FRACTIONS: Readonly<Record<string, number>> = { half: 0.5, 'a third': 1 / 3, 'one third': 1 / 3, 'two thirds': 2 / 3, 'a quarter': 0.25, 'one quarter': 0.25, 'three quarters': 0.75 };
const SHARE = new RegExp(
  `(?<![\\w.-])(?:(about|around|roughly|nearly|almost|some|approximately|over|under|more than|less than)\\s+)?(\\d{1,3}(?:\\.\\d+)?)?(?:\\s?%|\\s+per\\s?cent\\b)?(${Object.keys(FRACTIONS).join('|')})?\\s+of\\s+(?:the\\s+|all\\s+(?:the\\s+)?|(?:her|his|their|its)\\s+)?(${countTopics.pattern})(?![\\w-])`,
  'gi',
);
/** The part, right after the share: "were dead clicks", "was a rage click". */
const PART_TYPE = new RegExp(`^\\s+(?:were|was)\\s+(?:all\\s+)?(?:an?\\s+)?(${countTopics.pattern})(?![\\w-])`, 'i');
/** Clicks that did nothing: dead clicks. */
const DID_NOTHING = /^\s+(?:did nothing|had no effect|went nowhere|led nowhere|were dead)\b/i;

/** How far a share may be from one the events make: a percentage is rounded, a fraction said loosely; a hedge widens either. */
const SLACK = { percent: 0.05, fraction: 0.1, hedge: 0.05 };

const shareTopics = new Map<string, CountTopic>();

/** Every share of `text` whose part its words name, as a count claim of the percentage. */
export function shareClaims(text: string, add: (claim: Claim) => void, free: (start: number, end: number) => boolean): void {
  for (const match of matchesOf(SHARE, text)) {
    const [, hedge, digits, fraction, words] = match;
    const percent = digits !== undefined && /%|per/i.test(match[0]);
    if (percent === (fraction !== undefined)) continue;
    const whole = countTopics.of(words as string);
    const start = match.index + (hedge === undefined ? 0 : match[0].indexOf(digits ?? (fraction as string)));
    const end = match.index + match[0].length;
    if (whole === undefined || whole.name === 'events' || !free(start, end)) continue;
    const after = text.slice(end, end + 120);
    const typed = PART_TYPE.exec(after);
    const part = typed !== null ? countTopics.of(typed[1] as string) : DID_NOTHING.test(after) && whole.name === 'click' ? countTopics.of('dead clicks') : undefined;
    if (part === undefined) continue;
    const share = percent ? Number(digits) / 100 : (FRACTIONS[(fraction as string).toLowerCase()] as number);
    const bound = (hedge ?? '').toLowerCase();
    const slack = (percent ? SLACK.percent : SLACK.fraction) + (bound === '' || bound.includes('than') || bound === 'over' || bound === 'under' ? 0 : SLACK.hedge);
    const fits = (ratio: number) => (bound === 'over' || bound === 'more than' ? ratio >= share - slack : bound === 'under' || bound === 'less than' ? ratio <= share + slack : Math.abs(ratio - share) <= slack);
    const count = Math.round(share * 100);
    // The same share said the same way gets the same topic (the claims of a text compare equal).
    const key = `${whole.name}/${part.name}/${bound}/${share}/${slack}`;
    let topic = shareTopics.get(key);
    if (topic === undefined) {
      if (shareTopics.size >= 1000) shareTopics.clear();
      shareTopics.set(key, (topic = shareTopic(whole, part, fits, count)));
    }
    add({ kind: 'count', text: text.slice(start, end), start, end, count, topic });
  }
}

/**
 * The topic of a share: its totals are the share said (in percent) when a part over a total of the
 * events fits it, else the shares they make, so that the finding's reason names them.
 */
function shareTopic(whole: CountTopic, part: CountTopic, fits: (ratio: number) => boolean, count: number): CountTopic {
  return {
    name: `${part.name} share of ${whole.name}`,
    types: part.types,
    totals: (stats: EventStats) => {
      const shares = new Set<number>();
      for (const total of wholeTotals(whole, stats)) {
        if (total <= 0) continue;
        for (const some of part.totals(stats)) {
          if (some > total) continue;
          if (fits(some / total)) return new Set([count]);
          shares.add(Math.round((some / total) * 100));
        }
      }
      return shares;
    },
    unsupported: (shown) => `no ${part.name} events make ${count} % of the ${whole.name} events; the prompt shows ${shown.size === 0 ? 'none' : [...shown].sort((left, right) => left - right).map((share) => `${share} %`).join(', ')}`,
  };
}

/** The totals a share is of: the events of the words' types (for clicks, clicks alone too), not a rage click's clicks. */
function wholeTotals(whole: CountTopic, stats: EventStats): Set<number> {
  const ofTypes = whole.types.reduce((sum, type) => sum + stats.of(type), 0);
  return whole.name === 'click' ? new Set([stats.of('click'), CLICKS.reduce((sum, type) => sum + stats.of(type), 0)]) : new Set([ofTypes, ...whole.totals(stats)]);
}
