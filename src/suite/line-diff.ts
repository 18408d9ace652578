// A readable unified line diff between what was expected and what came out.

import { structuredPatch } from 'diff';

/**
 * `- expected` / `+ actual` lines with three lines of context around each change, under
 * `@@ line N @@` headers; empty when the texts are equal. A carriage return shows as `␍`, and a last
 * line without a line break is said to be so.
 */
export function lineDiff(expected: string, actual: string, context = 3): string {
  if (expected === actual) return '';
  const patch = structuredPatch('expected', 'actual', expected, actual, '', '', { context });
  const out: string[] = [];
  for (const hunk of patch.hunks) {
    out.push(`@@ line ${hunk.oldStart} @@`);
    for (const line of hunk.lines) {
      // A change of line ends alone would show as lines that look the same: the end is named.
      if (line.startsWith('\\')) {
        out.push('  (no line break at the end of the line above)');
        continue;
      }
      out.push(`${line[0] === ' ' ? ' ' : line[0]} ${line.slice(1).replaceAll('\r', '␍')}`);
    }
  }
  return out.join('\n');
}
