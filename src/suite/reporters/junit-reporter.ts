// JUnit XML: one <testsuite> per suite file, one <testcase> per case, <failure> with the reason.
// The shape GitHub Actions test reporters, GitLab, Jenkins and CircleCI all read.

import type { AssertionResult } from '../assertion-result.js';
import type { CaseReport, TestReport } from '../test-report.js';
import { breakWorkflowCommands } from './break-workflow-commands.js';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' };

/**
 * Text as XML character data or attribute value; characters XML 1.0 forbids are dropped. A carriage
 * return is written `&#13;` (a parser would read a raw one as a line feed), and a line that would
 * start with `::` starts with `&#58;:` (read back as `::`): a JUnit report printed to stdout in a
 * GitHub Actions step must not hold a workflow command from a model answer. DEL, C1 and bidi
 * controls are written as character references (`&#x9b;`), which XML 1.0 reads back as they were.
 */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"'\r]/g, (character) => XML_ESCAPES[character] ?? character)
    // DEL, C1 and bidi controls as character references: the same text read back, none raw on a terminal.
    .replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (character) => `&#x${character.charCodeAt(0).toString(16)};`);
  return breakWorkflowCommands(escaped, '&#58;');
}

/** Text as an XML attribute value: also tabs and line feeds as references, which a parser would read as spaces. */
function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/[\t\n]/g, (character) => (character === '\t' ? '&#9;' : '&#10;'));
}

const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(3);

function failureDetails(report: CaseReport): string {
  const lines: string[] = [];
  const describe = (prefix: string, assertion: AssertionResult) => {
    lines.push(`${prefix}${assertion.id}: ${assertion.message}`);
    if (assertion.expected !== undefined) lines.push(`  expected: ${JSON.stringify(assertion.expected)}`);
    if (assertion.actual !== undefined) lines.push(`  actual:   ${JSON.stringify(assertion.actual)}`);
    if (assertion.diff !== undefined) lines.push(assertion.diff);
  };
  for (const assertion of report.prompt_assertions.filter((item) => !item.passed)) describe('', assertion);
  for (const run of report.runs) {
    for (const assertion of run.assertions.filter((item) => !item.passed)) describe(report.runs.length > 1 ? `run ${run.run + 1}: ` : '', assertion);
  }
  return lines.join('\n');
}

/** The whole report as a JUnit XML document. */
export function junitReport(report: TestReport): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="recap" tests="${report.summary.cases}" failures="${report.summary.failed}" errors="0" time="${seconds(report.duration_ms)}">`);
  for (const suite of report.suites) {
    const failures = suite.cases.filter((item) => item.status === 'failed').length;
    const time = suite.cases.reduce((sum, item) => sum + item.duration_ms, 0);
    out.push(
      `  <testsuite name="${escapeAttribute(suite.file)}" tests="${suite.cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(time)}" timestamp="${escapeAttribute(report.started_at)}">`,
    );
    out.push(`    <properties><property name="profile" value="${escapeAttribute(suite.profile)}"/><property name="provider" value="${escapeAttribute(suite.provider)}"/><property name="model" value="${escapeAttribute(suite.model)}"/></properties>`);
    for (const item of suite.cases) {
      const open = `    <testcase classname="${escapeAttribute(suite.file)}" name="${escapeAttribute(item.name)}" file="${escapeAttribute(suite.file)}" line="${item.line}" time="${seconds(item.duration_ms)}"`;
      if (item.status === 'passed') {
        out.push(`${open}/>`);
        continue;
      }
      out.push(`${open}>`);
      out.push(`      <failure message="${escapeAttribute(item.failure ?? 'failed')}" type="AssertionError">${escapeXml(failureDetails(item))}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
