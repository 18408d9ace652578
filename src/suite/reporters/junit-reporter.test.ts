import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junitReport } from './junit-reporter.js';
import { failedReport } from './test-support/failed-report.js';

/** What a prompt-injected judge can answer: lines that a GitHub runner would run as workflow commands. */
const REASON = 'bad\n::error file=ci.yml,line=1::fake\n   ::add-mask::x\r\n::set-output name=deploy::true';

function report(name: string, reason: string) {
  const assertion = { id: 'expect.judge', passed: false, message: `judge: fail — ${reason}` };
  return failedReport({ name, failure: `expect.judge: ${assertion.message}`, run: { assertions: [assertion], summary: reason } });
}

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', trimValues: false, htmlEntities: true }).parse(xml) as {
    testsuites: { testsuite: { testcase: { name: string; failure: { message: string; '#text': string } } } };
  };

describe('junitReport', () => {
  it('never starts a line with ::, so that a report printed in a GitHub Actions step runs no workflow command, and reads back the same', () => {
    const xml = junitReport(report('a case', REASON));
    expect(xml.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line))).toEqual([]);
    const failure = parse(xml).testsuites.testsuite.testcase.failure;
    expect(failure['#text']).toBe(`expect.judge: judge: fail — ${REASON}`);
    expect(failure.message).toBe(`expect.judge: judge: fail — ${REASON}`);
  });

  it('keeps line breaks and tabs of attribute values, which a parser would read as spaces', () => {
    const xml = junitReport(report('two\nlines\tand a tab', 'x'));
    expect(xml).toContain('name="two&#10;lines&#9;and a tab"');
    expect(parse(xml).testsuites.testsuite.testcase.name).toBe('two\nlines\tand a tab');
  });

  it('writes DEL, C1 and bidi controls as character references, so that none reaches a terminal raw, and reads back the same', () => {
    const reason = 'x\u009b2J \u009d0;t\u009c invoice\u202efdp.exe\u007f';
    const xml = junitReport(report('a \u202ecase', reason));
    expect(xml).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    const testcase = parse(xml).testsuites.testsuite.testcase;
    expect(testcase.name).toBe('a \u202ecase');
    expect(testcase.failure['#text']).toBe(`expect.judge: judge: fail — ${reason}`);
  });
});
