// The findings of one string of a structured response, checked as a line of a text answer is for
// the type said of its citations (`"event #21: dead click on …"` where #21 is a console warning),
// then placed by the string's JSON path.

import type { Checker } from './checker.js';
import { markWrongKindsInText } from './cited-kind.js';
import type { GroundingFinding } from './grounding-report.js';
import { blankedMarks } from './invisible-marks.js';
import { spelledTypeCode } from './type-code.js';

/**
 * `findings` of the string `text`, placed by character range (`start..end`), with the citations
 * whose type the string writes or says otherwise than the event is marked unsupported (see
 * markWrongKindsInText), each placed at `path`.
 */
export function placedStringFindings(findings: GroundingFinding[], text: string, checker: Checker, path: () => string): GroundingFinding[] {
  if (findings.some((finding) => finding.kind === 'event')) markWrongKindsInText(spelledTypeCode(blankedMarks(text)), findings, checker);
  let made: string | undefined;
  return findings.map((finding) => ({ ...finding, path: (made ??= path()) }));
}
