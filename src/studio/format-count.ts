// Numbers as people read them in the studio: 50,000 rather than 50000.

const formatter = new Intl.NumberFormat('en-US');

/** `12345` → `12,345`. */
export function formatCount(value: number): string {
  return formatter.format(value);
}

/** `1234.5` ms → `1.2 s`, `87` → `87 ms`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
