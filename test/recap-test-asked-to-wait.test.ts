// `recap test` against a model that asks for a longer wait than recap waits (a spent quota): no
// further calls to it in the run, and no threshold forgives the runs that got no answer.

import { describe, expect, it } from 'vitest';
import { testReportSchema } from '../src/suite/test-report.js';
import { geminiError } from './support/gemini-stand-in.js';
import { useGeminiStandIn } from './support/shared-gemini-stand-in.js';
import { createWorkspace, FIXTURE } from './support/suite-workspace.js';

const gemini = useGeminiStandIn();

const SUITE = `profile: plain.yaml
provider: gemini
cases:
  - name: coupon, three tries
    session: session.json
    repeat: 3
    threshold: 0.3
    expect:
      summary_contains: [coupon]
  - name: the other session
    session: other.json
    expect:
      summary_contains: [coupon]
`;

const OTHER = JSON.stringify({ ...FIXTURE, id: 'u-1:s-2', events: FIXTURE.events.slice(0, 2) });
const QUOTA_SPENT = () => geminiError(429, 'Quota exceeded for the day', { headers: { 'retry-after': '3600' } });

describe('recap test when the model asks to wait longer than recap waits', () => {
  it('makes no further call to that provider, and fails each run without an answer whatever the threshold', async () => {
    const workspace = await createWorkspace({ 'checkout.recap.yaml': SUITE, 'other.json': OTHER });
    gemini.standIn.enqueue('A coupon problem.', QUOTA_SPENT(), 'Another coupon problem.', 'A coupon problem again.');
    const before = gemini.standIn.requests.length;
    const delays: number[] = [];
    const result = await workspace.run([], { reporter: 'json', concurrency: '1' }, gemini.env, { retry: { sleep: async (ms) => void delays.push(ms) } });

    expect(result.code).toBe(1);
    // The first run was answered, the second met the refused wait; nothing was called after it.
    expect(gemini.standIn.requests.length - before).toBe(2);
    expect(delays).toEqual([]);
    const cases = testReportSchema.parse(JSON.parse(result.stdout)).suites[0]?.cases ?? [];
    expect(cases.map((testCase) => testCase.status)).toEqual(['failed', 'failed']);
    expect(cases[0]?.passed_runs).toBe(1);
    expect(cases[0]?.failure).toMatch(/^2 of 3 runs got no answer; .*not retried: the server asked to wait 3,600 s/);
    expect(cases[0]?.runs[2]?.error).toBe('not called: gemini asked to wait 3,600 s before another request, on an earlier call of this run; run recap test again after the wait');
    expect(cases[1]?.failure).toBe('not called: gemini asked to wait 3,600 s before another request, on an earlier call of this run; run recap test again after the wait');
    // Nothing was recorded for the runs without an answer.
    expect(await workspace.cassettes()).toHaveLength(1);
  });

  it('goes on calling after a short wait it retried', async () => {
    const workspace = await createWorkspace({ 'checkout.recap.yaml': SUITE, 'other.json': OTHER });
    const shortWait = geminiError(429, 'Resource has been exhausted', { headers: { 'retry-after': '1' } });
    gemini.standIn.enqueue('A coupon problem.', shortWait, 'Another coupon problem.', 'A coupon problem again.', 'The coupon failed.');
    const result = await workspace.run([], { concurrency: '1' }, gemini.env, { retry: { sleep: async () => {} } });
    expect(result.code).toBe(0);
  });
});
