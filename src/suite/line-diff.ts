// A readable unified line diff between what was expected and what came out.

import { structuredPatch } from 'diff';

/**
 * `- expected` / `+ actual` lines with three lines of context around each change, under
 * `@@ line N @@` headers; empty when the texts are equal.
 */
export function lineDiff(expected: string, actual: string, context = 3): string {
  if (expected === actual) return '';
  const patch = structuredPatch('expected', 'actual', expected, actual, '', '', { context });
  const out: string[] = [];
  for (const hunk of patch.hunks) {
    out.push(`@@ line ${hunk.oldStart} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) continue;
      out.push(`${line[0] === ' ' ? ' ' : line[0]} ${line.slice(1)}`);
    }
  }
  return out.join('\n');
}
