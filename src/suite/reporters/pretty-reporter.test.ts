import { describe, expect, it } from 'vitest';
import type { TestReport } from '../test-report.js';
import { prettyReport } from './pretty-reporter.js';

/** What a prompt-injected judge can answer: its reason spans lines that start with `::`. */
const REASON = 'bad\n::error file=ci.yml,line=1::fake\n   ::add-mask::x\n\u2028::set-output name=deploy::true';

function report(name: string, message: string): TestReport {
  return {
    recap_report: 1,
    started_at: '2026-01-01T00:00:00.000Z',
    duration_ms: 5,
    summary: { cases: 1, passed: 0, failed: 1 },
    usage: { live: { calls: 0, prompt_tokens: 0, output_tokens: 0, cost_usd: 0 }, replayed: { calls: 0, prompt_tokens: 0, output_tokens: 0, cost_usd: 0 } },
    suites: [
      {
        file: 'x.recap.yaml',
        profile: 'p.yaml',
        provider: 'gemini',
        model: 'm',
        cases: [{ name, line: 4, status: 'failed', duration_ms: 5, prompt_assertions: [], runs: [{ run: 0, passed: false, result: null, error: null, assertions: [{ id: 'expect.judge', passed: false, message }] }], passed_runs: 0, threshold: 1, failure: message }],
      },
    ],
  };
}

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
