// Where privacy rules replaced something: the placeholders they put in (`[email]`, `[blocked]`,
// `[<pattern name>]`) become segments of their own, which the theme draws apart from the text.

import type { Segment, StyledLine } from './styled-line.js';

/** Counted by rule, but leaves no placeholder: a stripped query parameter is simply gone. */
const NO_PLACEHOLDER = new Set(['url_param']);

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern (one capturing group) matching the placeholders of the rules that replaced something,
 * as `prepare` counts them (`{ email: 2, order: 1 }`); undefined when none did. Only those: a
 * `[note]` the page itself showed is not marked unless a rule named `note` replaced something.
 */
export function placeholderPattern(counts: Readonly<Record<string, number>> | undefined): RegExp | undefined {
  const names = Object.entries(counts ?? {})
    .filter(([name, count]) => count > 0 && !NO_PLACEHOLDER.has(name))
    .map(([name]) => escapeForRegExp(name));
  return names.length === 0 ? undefined : new RegExp(`(\\[(?:${names.join('|')})\\])`);
}

/** The line with every placeholder in a segment of its own, styled `redacted`; the same line when there is none. */
export function markPlaceholders(line: StyledLine, pattern: RegExp | undefined): StyledLine {
  if (pattern === undefined || !line.some((part) => part.text.includes('['))) return line;
  const marked: Segment[] = [];
  let changed = false;
  for (const part of line) {
    // With one capturing group, split puts the placeholders at the odd indices.
    const pieces = part.text.split(pattern);
    if (pieces.length === 1) marked.push(part);
    else pieces.forEach((text, index) => text !== '' && marked.push({ text, style: index % 2 === 1 ? 'redacted' : part.style }));
    changed ||= pieces.length > 1;
  }
  return changed ? marked : line;
}
