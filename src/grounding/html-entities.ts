// Answers written as HTML escape characters as entities: `&quot;Submit return&quot;`, `&#35;62`,
// `couldn&#8217;t`, `&amp;`, `&lt;code&gt;`. A text answer is read with each character reference
// decoded (a quote is then a quote, `&#35;62` the citation #62, and `&#8217;` no event #8217), and
// the places of its findings are given back in the answer as written.

import type { GroundingFinding } from './grounding-report.js';

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,6}));/g;

const NAMED: Readonly<Record<string, string>> = {
  quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", nbsp: '\u00a0', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', ndash: '–', mdash: '—', euro: '€', pound: '£', middot: '·', rarr: '→', bull: '•', shy: '',
};

/** An answer with its character references decoded, and where each of its positions was in the answer as written. */
export interface DecodedEntities {
  readonly text: string;
  /** The position in the answer as written of position `at` of `text` (`text.length` maps to the answer's length). */
  original(at: number): number;
}

/** `answer` with its HTML character references decoded; undefined when it has none. */
export function decodedEntities(answer: string): DecodedEntities | undefined {
  if (!answer.includes('&')) return undefined;
  let text = '';
  const starts: number[] = [];
  let last = 0;
  for (const match of answer.matchAll(ENTITY)) {
    const code = match[1] !== undefined ? Number(match[1]) : match[2] !== undefined ? Number.parseInt(match[2], 16) : undefined;
    const character = code !== undefined ? (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined) : NAMED[(match[3] as string).toLowerCase()];
    if (character === undefined) continue;
    for (let at = last; at < match.index; at++) starts.push(at);
    text += answer.slice(last, match.index);
    for (let at = 0; at < character.length; at++) starts.push(match.index);
    text += character;
    last = match.index + match[0].length;
  }
  if (last === 0) return undefined;
  for (let at = last; at < answer.length; at++) starts.push(at);
  text += answer.slice(last);
  return { text, original: (at) => (at >= starts.length ? answer.length : (starts[at] as number)) };
}

/** Gives each finding of a decoded answer (`path` `start..end` in the decoded text) its place in the answer as written. */
export function placedAsWritten(findings: GroundingFinding[], decoded: DecodedEntities): void {
  findings.forEach((found, at) => {
    findings[at] = { ...found, path: found.path.replace(/^(\d+)\.\.(\d+)/, (_, start: string, end: string) => `${decoded.original(Number(start))}..${decoded.original(Number(end))}`) };
  });
}
