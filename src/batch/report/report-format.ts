// How the HTML report writes numbers: counts, axis values, durations and US dollars. Fixed to
// English so the same data always gives the same page, whatever the machine's locale.

const INTEGER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A count with thousands separators: `12,345`.
 *
 * @param value - the count.
 */
export function formatCount(value: number): string {
  return INTEGER.format(value);
}

/**
 * A measured value, short enough for an axis label: up to four significant digits, with `k` and
 * `M` for large values (`0.125`, `42`, `12.5k`, `3.2M`).
 *
 * @param value - any number; a sum past the largest double is `∞` (as `formatCount` writes it).
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return formatCount(value);
  const size = Math.abs(value);
  if (size >= 1e6) return `${Number((value / 1e6).toPrecision(3))}M`;
  if (size >= 1e4) return `${Number((value / 1e3).toPrecision(3))}k`;
  return String(Number(value.toPrecision(4)));
}

/**
 * Milliseconds in the largest fitting unit: `850 ms`, `12.3 s`, `4 min 5 s`, `2 h 3 min`.
 *
 * @param milliseconds - a duration; a sum past the largest double is `∞ ms`, not `Infinity h NaN min`.
 */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds)) return `${formatCount(milliseconds)} ms`;
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`;
  const wholeSeconds = Math.round(seconds);
  const minutes = Math.floor(wholeSeconds / 60);
  if (minutes < 60) return `${minutes} min ${wholeSeconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * US dollars: cents for a dollar or more, four decimals below (model calls are cheap).
 *
 * @param usd - the amount.
 */
export function formatUsd(usd: number): string {
  return `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
}
