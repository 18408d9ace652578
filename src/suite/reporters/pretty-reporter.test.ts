import { describe, expect, it } from 'vitest';
import { prettyReport } from './pretty-reporter.js';
import { failedReport } from './test-support/failed-report.js';

/** What a prompt-injected judge can answer: its reason spans lines that start with `::`. */
const REASON = 'bad\n::error file=ci.yml,line=1::fake\n   ::add-mask::x\n\u2028::set-output name=deploy::true';

const report = (name: string, message: string) => failedReport({ name, failure: message, run: { assertions: [{ id: 'expect.judge', passed: false, message }] } });

describe('prettyReport', () => {
  it('prints no line a GitHub runner would run as a workflow command: a model text that starts a line with :: shows its colon as \\u003a', () => {
    const text = prettyReport(report('a case', `judge: fail — ${REASON}`), { color: false });
    // The runner splits lines at \r and \n and trims whitespace (U+2028 too) before looking for `::`.
    expect(text.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/.test(line))).toEqual([]);
    expect(text).toContain('\n\\u003a:error file=ci.yml,line=1::fake\n   \\u003a:add-mask::x\n\u2028\\u003a:set-output');
  });

  it('shows bidi controls of case names and messages as escapes, so that no text shows in another order than it is', () => {
    const text = prettyReport(report('invoice\u202efdp.exe', 'a\u2066b\u2069'), { color: false });
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('x.recap.yaml › invoice\\u202efdp.exe');
    expect(text).toContain('expect.judge: a\\u2066b\\u2069');
  });
});
