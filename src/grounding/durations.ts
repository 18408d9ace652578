// Whether a duration an answer claims fits a list of event times: their span, or the time between
// two of them, within a tolerance.

/**
 * A duration an answer claims: about `seconds` ("after 2 minutes"), at most ("within 2 minutes",
 * "in under a minute") or at least ("more than 5 minutes").
 */
export interface Duration {
  readonly seconds: number;
  readonly bound: 'about' | 'at most' | 'at least';
  /** Stated to the second with minutes ("2 minutes 9 seconds", "2:09"): held to 5 % (at least 3 s), not 25 %. */
  readonly precise?: boolean;
}

/**
 * Whether a duration fits the times `offsets[from..to)` (sorted, ms), within max(5 s, 25 %), or
 * max(3 s, 5 %) for a precise one or a lower bound: about
 * `seconds` when their span or the time between two of them is; at least `seconds` when their span
 * is; at most `seconds` when two neighbours are no further apart. `widestGap`, the largest gap
 * between neighbours when known, lets a dense list answer at once: no pair can step over a window
 * wider than every gap.
 */
export function lastsOver(offsets: ArrayLike<number>, duration: Duration, widestGap = Number.POSITIVE_INFINITY, from = 0, to = offsets.length): boolean {
  if (to <= from) return false;
  const first = offsets[from] as number;
  const last = offsets[to - 1] as number;
  const wanted = duration.seconds * 1000;
  const tolerance = duration.precise === true ? Math.max(3000, wanted * 0.05) : Math.max(5000, wanted * 0.25);
  // "Over 4 minutes": a bound said as such, not an estimate, held to max(3 s, 5 %) below it.
  if (duration.bound === 'at least') return last - first >= wanted - Math.max(3000, wanted * 0.05);
  if (duration.bound === 'at most') {
    for (let index = from + 1; index < to; index++) if ((offsets[index] as number) - (offsets[index - 1] as number) <= wanted + tolerance) return true;
    return false;
  }
  if (Math.abs(last - first - wanted) <= tolerance) return true;
  if (last - first < wanted - tolerance) return false;
  // Every later event is at most `widestGap` after the one before it: the time from the first
  // event climbs through [wanted - tolerance, wanted + tolerance] without stepping over it.
  if (widestGap <= 2 * tolerance) return true;
  // Some event about `seconds` after another.
  for (let start = from, end = from; start < to; start++) {
    const target = (offsets[start] as number) + wanted;
    while (end < to && (offsets[end] as number) < target - tolerance) end++;
    if (end < to && (offsets[end] as number) <= target + tolerance) return true;
  }
  return false;
}

/** The largest gap between neighbours of sorted `offsets[from..to)`. */
export function widestGap(offsets: ArrayLike<number>, from = 0, to = offsets.length): number {
  let widest = 0;
  for (let position = from + 1; position < to; position++) widest = Math.max(widest, (offsets[position] as number) - (offsets[position - 1] as number));
  return widest;
}
