// The runner's controls: repeat and threshold, --repeat, --filter, --concurrency, progress,
// token and cost totals. Models are fakes that implement SummaryModel (no network).

import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelResponse, SummaryModel } from '../src/models/summary-model.js';
import { createProgress } from '../src/suite/reporters/progress.js';
import { testReportSchema } from '../src/suite/test-report.js';
import { createWorkspace, FIXTURE } from './support/suite-workspace.js';

/** A model whose answers come from `answer(callNumber)`, counting calls and the most in flight. */
function scriptedModel(answer: (call: number, request: ModelRequest) => string, delay = 0, usage: (call: number) => ModelResponse['usage'] = () => ({ promptTokens: 1000, outputTokens: 100, totalTokens: 1100 })) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const model: SummaryModel = {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    kind: 'language-model',
    async generate(request): Promise<ModelResponse> {
      const call = stats.calls++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await new Promise((resolve) => setTimeout(resolve, delay));
      stats.inFlight--;
      return { text: answer(call, request), model: 'gemini-2.5-flash', usage: usage(call) };
    },
  };
  return { stats, createModel: async () => model };
}

const repeatSuite = (threshold: number) => `profile: plain.yaml
provider: gemini
cases:
  - name: flaky answer
    session: session.json
    expect: { summary_contains: [coupon] }
    repeat: 4
    threshold: ${threshold}
`;

describe('repeat and threshold', () => {
  it('passes when the share of passing runs reaches the threshold, and gives each run its own cassette', async () => {
    const { createModel } = scriptedModel((call) => (call % 2 === 0 ? 'coupon failed' : 'nothing'));
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(0.5) });
    const result = await workspace.run([], { reporter: 'json' }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(result.code).toBe(0);
    const report = testReportSchema.parse(JSON.parse(result.stdout));
    expect(report.suites[0]?.cases[0]).toMatchObject({ passed_runs: 2, threshold: 0.5, status: 'passed' });
    expect(await workspace.cassettes()).toHaveLength(4);
  });

  it('fails below the threshold, saying how many runs passed', async () => {
    const { createModel } = scriptedModel((call) => (call % 2 === 0 ? 'coupon failed' : 'nothing'));
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(0.75) });
    const result = await workspace.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('2/4 runs passed, threshold 0.75');
  });

  it('--repeat overrides every case', async () => {
    const { createModel, stats } = scriptedModel(() => 'coupon');
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(1) });
    expect((await workspace.run([], { repeat: '2' }, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    expect(stats.calls).toBe(2);
    expect((await workspace.run([], { repeat: '0' }, {}, { createModel })).code).toBe(2);
  });
});

describe('numeric flags', () => {
  it.each([
    ['repeat', '1e9', '1 to 100'],
    ['repeat', '0x10', '1 to 100'],
    ['repeat', '101', '1 to 100'],
    ['repeat', '2.0', '1 to 100'],
    ['repeat', ' 3', '1 to 100'],
    ['repeat', '', '1 to 100'],
    ['concurrency', '1e3', '1 to 64'],
    ['concurrency', '0x2', '1 to 64'],
    ['concurrency', '65', '1 to 64'],
    ['concurrency', '-1', '1 to 64'],
  ] as const)('--%s %j is a usage error naming the flag and the value, before any model call', async (flag, value, bounds) => {
    const { createModel, stats } = scriptedModel(() => 'coupon');
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(1) });
    const result = await workspace.run([], { [flag]: value }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`--${flag}: expected a whole number from ${bounds}, got ${JSON.stringify(value)}\n`);
    expect(stats.calls).toBe(0);
  });

  it('takes plain decimal numbers up to the bounds (--repeat 100 like a suite, --concurrency 64)', async () => {
    const { createModel, stats } = scriptedModel(() => 'coupon');
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(1) });
    expect((await workspace.run([], { repeat: '100', concurrency: '64' }, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    expect(stats.calls).toBe(100);
    expect((await workspace.run([], { repeat: '007' }, { CI: 'true' }, { createModel })).code).toBe(0);
  });
});

describe('selection and concurrency', () => {
  // Six cases on six sessions: six requests (cases that ask the same request share one call).
  const manyCases = {
    'x.recap.yaml': `profile: plain.yaml
provider: gemini
cases:
${Array.from({ length: 6 }, (_, index) => `  - name: case ${index}${index === 5 ? ' special' : ''}
    session: session-${index}.json
    expect: { summary_contains: [ok] }`).join('\n')}
`,
    ...Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`session-${index}.json`, JSON.stringify({ ...FIXTURE, id: `u-1:s-${index}` })])),
  };

  it('--filter runs only matching cases (text or /regex/)', async () => {
    const { createModel, stats } = scriptedModel(() => 'ok');
    const workspace = await createWorkspace(manyCases);
    const result = await workspace.run([], { filter: 'special', reporter: 'json' }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(testReportSchema.parse(JSON.parse(result.stdout)).suites[0]?.cases.map((item) => item.name)).toEqual(['case 5 special']);
    expect(stats.calls).toBe(1);
    const regex = await workspace.run([], { filter: '/case [12]$/', reporter: 'json' }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(testReportSchema.parse(JSON.parse(regex.stdout)).summary.cases).toBe(2);
  });

  it('--filter that matches no case is a usage error naming the cases, not "all passed" with nothing run', async () => {
    const { createModel, stats } = scriptedModel(() => 'ok');
    const workspace = await createWorkspace(manyCases);
    const result = await workspace.run([], { filter: 'specail', reporter: 'json' }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--filter specail: matches none of the 6 case(s) ("case 0", "case 1", "case 2", "case 3", "case 4", …); nothing was run');
    expect(result.stdout).toBe('');
    expect(stats.calls).toBe(0);
  });

  it('keeps at most --concurrency cases in flight (default 4)', async () => {
    const narrow = scriptedModel(() => 'ok', 20);
    const workspace = await createWorkspace(manyCases);
    expect((await workspace.run([], { concurrency: '2' }, { GEMINI_API_KEY: 'k' }, { createModel: narrow.createModel })).code).toBe(0);
    expect(narrow.stats.maxInFlight).toBe(2);
    const wide = scriptedModel(() => 'ok', 20);
    const again = await createWorkspace(manyCases);
    await again.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel: wide.createModel });
    expect(wide.stats.maxInFlight).toBe(4);
  });
});

describe('totals', () => {
  it('adds up tokens and costs live calls from the price table, overridable with --prices', async () => {
    const { createModel } = scriptedModel(() => 'coupon');
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(1), 'prices.yaml': 'gemini-2.5-flash: { input: 1, output: 10 }\n' });
    const defaults = await workspace.run([], { reporter: 'json' }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(testReportSchema.parse(JSON.parse(defaults.stdout)).usage.live).toEqual({ calls: 4, prompt_tokens: 4000, output_tokens: 400, calls_without_usage: 0, cost_usd: 0.0022 });
    const replay = await workspace.run([], { reporter: 'json', prices: 'prices.yaml' }, { CI: 'true' }, { createModel });
    const usage = testReportSchema.parse(JSON.parse(replay.stdout)).usage;
    expect(usage.live.calls).toBe(0);
    expect(usage.replayed).toEqual({ calls: 4, prompt_tokens: 4000, output_tokens: 400, calls_without_usage: 0, cost_usd: 0.008 });
  });

  it('counts calls that reported no token usage as unknown, never as 0 tokens: the cost is unknown, and says why', async () => {
    const { createModel } = scriptedModel(() => 'coupon', 0, (call) => (call === 1 ? undefined : { promptTokens: 1000, outputTokens: 100, totalTokens: 1100 }));
    const workspace = await createWorkspace({ 'x.recap.yaml': repeatSuite(1) });
    const json = await workspace.run([], { reporter: 'json' }, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(testReportSchema.parse(JSON.parse(json.stdout)).usage.live).toEqual({ calls: 4, prompt_tokens: 3000, output_tokens: 300, calls_without_usage: 1, cost_usd: null });
    const pretty = await workspace.run([], {}, { CI: 'true' }, { createModel });
    expect(pretty.stdout).toContain('Model calls, replayed: 4 (3,000 prompt + 300 output tokens and 1 call(s) of unknown tokens, cost unknown (1 call(s) reported no token usage))');
  });
});

describe('progress', () => {
  const report = { name: 'a', line: 1, status: 'failed' as const, duration_ms: 5, prompt_assertions: [], runs: [], passed_runs: 0, threshold: 1, failure: 'x' };

  it('draws a bar in place on a terminal', () => {
    let written = '';
    const progress = createProgress({ isTTY: true, write: (text: string) => (written += text) }, 2);
    progress.caseDone('x.recap.yaml', report);
    expect(written).toContain('\r\u001b[2K███████████████░░░░░░░░░░░░░░░ 1/2 cases, 1 failed');
  });

  it('writes one plain line per case otherwise', () => {
    let written = '';
    createProgress({ write: (text: string) => (written += text) }, 2).caseDone('x.recap.yaml', report);
    expect(written).toBe('FAIL x.recap.yaml › a (5 ms)\n');
  });
});
