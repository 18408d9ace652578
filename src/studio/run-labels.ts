// Short labels for runs: `run #4 · 14:03:10`.

import type { RunRecord } from './run-record.js';

const two = (value: number) => String(value).padStart(2, '0');

/** `HH:MM:SS` in the local time zone. */
export function localClock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export function runLabel(run: RunRecord): string {
  return `run #${run.number} · ${localClock(run.startedAt)}`;
}
