// GitHub Actions workflow commands: one `::error file=...,line=...::` per failed case, so the
// failure shows on the suite file in the pull request.

import type { TestReport } from '../test-report.js';
import { printable } from '../../session/printable.js';

// Workflow command values escape %, CR and LF; properties also , and :. Control and bidi
// characters (recorded text, model answers) show as \u escapes, as in the pretty report.
const escapeData = (text: string) => printable(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=suites/x.recap.yaml,line=12,title=recap: case name::reason` lines. */
export function githubAnnotations(report: TestReport): string {
  const lines: string[] = [];
  for (const suite of report.suites) {
    for (const item of suite.cases) {
      if (item.status !== 'failed') continue;
      lines.push(
        `::error file=${escapeProperty(suite.file)},line=${item.line},title=${escapeProperty(`recap: ${item.name}`)}::${escapeData(item.failure ?? 'failed')}`,
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
