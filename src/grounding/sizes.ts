// Sizes of data an answer states without quotes: "a 48.6 MB file", "12.4 MB", "2,048 MB", "1.2 GB",
// "512 KiB" (bytes: `Mb`, megabits, is not read).
// Each is a text claim checked as an amount is (see amounts.ts): against the session's texts and
// values, as a number of its own with its unit (`48.6 MB > 25 MB limit`, `(12.4 MB)`) or under a
// property named with the unit (`size_mb: 12.4`, `estimated_size_mb: 48.6`, `limit_mb: 25`: `_`
// parts the words of a name). A size the answer works out or gives as a bound (`about 50 MB`,
// `over 25 MB`, `up to 2 GB`) is not claimed to be in the session, and is no claim.

import { isNegatedBefore } from './denial.js';
import type { Amount } from './amounts.js';

/** A number (`48.6`, `2,048`, `12,4`) and a unit of data. */
const SIZE = /(?<![\w.,#$€£/-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d{1,2})?)\s?(KB|kB|MB|GB|TB|KiB|MiB|GiB|TiB)(?![\w.]\w|[\w-])/g;


/** Words before a size that make it worked out, approximate or a bound, not one the session holds. */
const NOT_AS_HELD =
  /\b(?:about|around|roughly|approximately|almost|nearly|over|under|above|below|beyond|exceeds?|exceeding|more\s+than|less\s+than|larger\s+than|bigger\s+than|smaller\s+than|greater\s+than|at\s+least|at\s+most|up\s+to|in\s+total|total(?:ling)?\s+of|combined|another|extra|additional|saved)\s*$|~\s*$/i;

/** Whether `text` may hold a size (a cheap test before SIZE runs): whether it holds a unit's letters. */
export function mayHoldSize(text: string): boolean {
  // A `B` after a unit's first letter, looked for by the `B`s alone: far faster than a pattern tried at every position.
  for (let at = text.indexOf('B', 1); at !== -1; at = text.indexOf('B', at + 1)) if (UNIT_FIRST.includes(text.charAt(at - 1))) return true;
  return false;
}

/** The letters before the `B` of every unit SIZE reads (`KB`, `kB`, `MB`, `GB`, `TB`, `MiB`…). */
const UNIT_FIRST = 'KkMGTi';

/** The sizes of `text` that claim a value the session holds, with the ways a session may write each. */
export function sizesIn(text: string): Amount[] {
  const sizes: Amount[] = [];
  SIZE.lastIndex = 0;
  for (let match = SIZE.exec(text); match !== null; match = SIZE.exec(text)) {
    const start = match.index;
    if (NOT_AS_HELD.test(text.slice(Math.max(0, start - 24), start)) || isNegatedBefore(text, start)) continue;
    const written = match[1] as string;
    // `12,4 MB` is 12.4; `2,048 MB` is 2048.
    const value = /^\d+,\d{1,2}$/.test(written) ? Number(written.replace(',', '.')) : Number(written.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const unit = (match[2] as string).toLowerCase();
    const numbers = new Set([String(value), grouped(value), String(value).replace('.', ',')]);
    const forms = new Set<string>();
    for (const number of numbers) {
      forms.add(`${number} ${unit}`);
      forms.add(`${number}${unit}`);
      // `size_mb: 12.4`: a property named with the unit (as visitEventTexts writes a property with its value).
      forms.add(`${unit}: ${number}`);
    }
    sizes.push({ start, end: start + match[0].length, text: match[0], forms: [...forms] });
  }
  SIZE.lastIndex = 0;
  return sizes;
}

/** `2048` as `2,048` (Intl's formatting costs more than the rest of a size's reading). */
function grouped(value: number): string {
  const [whole, fraction] = String(value).split('.') as [string, string | undefined];
  const groups = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? groups : `${groups}.${fraction}`;
}
