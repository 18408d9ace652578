// A timeline written with the prompt's own offsets: `+16.5s — HEIC refused (#38)`,
// `| +40.3s | #42 | network-error 413 |`, `5. +85.1 s — new file chosen (#48)`. The prompt writes
// each event's offset from the first event it shows (`#38 +16.5s …`); a reading glued to its plus
// sign that leads its line is that offset of the events of its line (see anchored-durations.ts),
// not a time between any two events. One after a citation (`#15 … at +47s`) is no claim.

import { leadsLine } from './anchored-durations.js';
import type { Claim } from './claim.js';

/** `+16.5s`, `+110s`, `+85.1 s`: seconds, to the millisecond at most, after a plus sign. */
const OFFSET = /(?<![\w+])\+(\d{1,5}(?:\.\d{1,3})?)[ \t]?s(?![\w.]|\.\d)/g;

/** The offsets of `text` that lead their lines, as duration claims stated to the tenth of a second (see Duration.precise). */
export function offsetReadings(text: string): Claim[] {
  const readings: Claim[] = [];
  for (const match of text.matchAll(OFFSET)) {
    const seconds = Number(match[1]);
    if (!(seconds > 0) || !leadsLine(text, match.index)) continue;
    readings.push({ kind: 'duration', text: match[0], start: match.index, end: match.index + match[0].length, seconds, bound: 'about', precise: true });
  }
  return readings;
}
