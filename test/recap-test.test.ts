// `recap test` end to end: suites on disk, the Gemini adapter against the local stand-in,
// cassettes recorded and replayed, reporters, baselines and exit codes.

import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { testCommand } from '../src/cli/test-command.js';
import { testReportSchema } from '../src/suite/test-report.js';
import { geminiError } from './support/gemini-stand-in.js';
import { useGeminiStandIn } from './support/shared-gemini-stand-in.js';
import { createWorkspace } from './support/suite-workspace.js';

const gemini = useGeminiStandIn();

const CHECKOUT_SUITE = `profile: plain.yaml
provider: gemini
cases:
  - name: coupon failure reaches the model
    session: session.json
    prompt:
      includes_types: [rage-click, network-error]
      contains: ["Apply coupon"]
      not_contains: ["alice@example.com"]
    expect:
      summary_contains: [coupon]
`;

describe('recording and replaying cassettes', () => {
  it('records outside CI, then replays in CI with no key and no model call', async () => {
    const workspace = await createWorkspace({ 'checkout.recap.yaml': CHECKOUT_SUITE });
    gemini.standIn.enqueue('The coupon failed with a 500 and the user rage-clicked.');
    const recorded = await workspace.run([], {}, gemini.env);
    expect(recorded.code).toBe(0);
    const files = await workspace.cassettes();
    expect(files).toHaveLength(1);
    const cassette = JSON.parse(await readFile(path.join(workspace.directory, '.recap/cassettes', files[0] ?? ''), 'utf8')) as Record<string, unknown>;
    expect(cassette).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash', source: `gemini gemini-2.5-flash via ${gemini.standIn.url}` });
    expect(cassette.response).toMatchObject({ usage: { promptTokens: expect.any(Number) } });
    expect(JSON.stringify(cassette)).not.toContain('test-key');

    const before = gemini.standIn.requests.length;
    const replayed = await workspace.run([], {}, { CI: 'true' });
    expect(replayed.code).toBe(0);
    expect(gemini.standIn.requests.length).toBe(before);
    expect(replayed.stdout).toMatch(/Model calls, replayed: 1 \(/);
  });

  it("outside CI without a key, a miss says to set a key or the suite's provider, not a flag recap test does not have", async () => {
    const workspace = await createWorkspace({ 'checkout.recap.yaml': CHECKOUT_SUITE });
    const result = await workspace.run([], {}, {});
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('no Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY), or choose provider: extractive (in the suite)');
    expect(result.stdout).not.toContain('--provider');
  });

  it('suggests a command that picks only the failing case when its name is part of another name', async () => {
    const suite = `${CHECKOUT_SUITE}  - name: coupon failure reaches the model twice\n    session: session.json\n    prompt:\n      contains: ["Apply coupon"]\n`;
    const workspace = await createWorkspace({ 'checkout.recap.yaml': suite });
    const failed = await workspace.run([], {}, { CI: 'true' });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("record it with: npx recap test checkout.recap.yaml --filter '/^coupon failure reaches the model$/' --record");
  });

  it('fails a changed prompt in CI with the exact command that records it; --record records it', async () => {
    const workspace = await createWorkspace({ 'checkout.recap.yaml': CHECKOUT_SUITE });
    gemini.standIn.enqueue('The coupon failed.');
    expect((await workspace.run([], {}, gemini.env)).code).toBe(0);
    await workspace.write('plain.yaml', 'llm:\n  pre_prompt: Summarise the session briefly.\ncontext:\n  exclude: [user]\n');

    const failed = await workspace.run([], {}, { CI: 'true' });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("record it with: npx recap test checkout.recap.yaml --filter 'coupon failure reaches the model' --record");

    gemini.standIn.enqueue('The coupon failed again.');
    const recorded = await workspace.run([], { record: true }, { CI: 'true', ...gemini.env });
    expect(recorded.code).toBe(0);
    expect(await workspace.cassettes()).toHaveLength(2);
  });

  it('retries a 429 from the model honouring Retry-After', async () => {
    const workspace = await createWorkspace({ 'checkout.recap.yaml': CHECKOUT_SUITE });
    gemini.standIn.enqueue(geminiError(429, 'Resource has been exhausted', { headers: { 'retry-after': '2' } }), 'A coupon problem.');
    const delays: number[] = [];
    const result = await workspace.run([], {}, gemini.env, { retry: { sleep: async (ms) => void delays.push(ms) } });
    expect(result.code).toBe(0);
    expect(delays).toEqual([2000]);
  });

  it('grades with the judge through its own cassette', async () => {
    const suite = CHECKOUT_SUITE.replace('summary_contains: [coupon]', 'judge: The answer says that the user could not apply a coupon.');
    const workspace = await createWorkspace({ 'checkout.recap.yaml': suite });
    gemini.standIn.enqueue('The user could not apply the coupon.', '{"pass": true, "reason": "It says the coupon could not be applied."}');
    const result = await workspace.run([], { reporter: 'json' }, gemini.env);
    expect(result.code).toBe(0);
    expect(await workspace.cassettes()).toHaveLength(2);
    const judgeRequest = gemini.standIn.requests.at(-1)?.body;
    expect(judgeRequest?.contents?.[0]?.parts?.[0]?.text).toContain('<rubric>\nThe answer says that the user could not apply a coupon.\n</rubric>');
    expect(judgeRequest?.generationConfig).toMatchObject({ temperature: 0, responseMimeType: 'application/json' });
    const report = testReportSchema.parse(JSON.parse(result.stdout));
    expect(report.suites[0]?.cases[0]?.runs[0]?.assertions).toEqual([
      { id: 'expect.judge', passed: true, message: 'judge: pass — It says the coupon could not be applied.' },
    ]);
  });
});

const EXTRACTIVE_SUITE = `profile: plain.yaml
provider: extractive
cases:
  - name: keeps the error
    session: session.json
    prompt: { includes_types: [network-error], snapshot: true }
    expect: { summary_contains: ["network error"] }
`;

describe('--output', () => {
  it("refuses to write the report over a file the run reads or into a folder it writes, before any case runs", async () => {
    const workspace = await createWorkspace({
      'x.recap.yaml': EXTRACTIVE_SUITE,
      'prices.json': '{}',
      '.recap/cassettes/old.json': '{}',
      '__snapshots__/x.recap.yaml/keeps-the-error.txt': 'snapshot',
    });
    await symlink('x.recap.yaml', path.join(workspace.directory, 'link.yaml'));
    const refused: [string, string][] = [
      ['x.recap.yaml', 'is the suite x.recap.yaml, which this run reads'],
      ['./x.recap.yaml', 'is the suite x.recap.yaml, which this run reads'],
      ['link.yaml', 'is the suite x.recap.yaml, which this run reads'],
      ['plain.yaml', 'is the profile of x.recap.yaml, which this run reads'],
      ['session.json', 'is a session fixture of x.recap.yaml, which this run reads'],
      ['prices.json', 'is the price table (--prices), which this run reads'],
      ['.recap/cassettes/old.json', 'is inside the cassettes folder of x.recap.yaml, which this run writes'],
      ['.recap/cassettes/new.json', 'is inside the cassettes folder of x.recap.yaml, which this run writes'],
      ['__snapshots__/x.recap.yaml/keeps-the-error.txt', 'is inside the snapshots folder of x.recap.yaml, which this run writes'],
    ];
    for (const [output, problem] of refused) {
      for (const reporter of ['junit', 'json']) {
        const before = await readFile(path.join(workspace.directory, output), 'utf8').catch(() => undefined);
        const result = await workspace.run(['x.recap.yaml'], { reporter, output, prices: 'prices.json' }, {});
        expect(result).toMatchObject({ code: 2, stdout: '' });
        expect(result.stderr).toBe(`--output ${output}: ${problem}${problem.endsWith('reads') ? '; the report would replace it (write it to another file)' : '; write the report elsewhere'}\n`);
        expect(await readFile(path.join(workspace.directory, output), 'utf8').catch(() => undefined)).toBe(before);
      }
    }
    expect(await workspace.cassettes()).toEqual(['old.json']);
  });

  it('replaces an earlier report', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': EXTRACTIVE_SUITE, 'report.json': 'an old report' });
    expect((await workspace.run([], { reporter: 'junit', output: 'report.json' }, {})).code).toBe(0);
    expect(await readFile(path.join(workspace.directory, 'report.json'), 'utf8')).toMatch(/^<\?xml/);
    expect((await workspace.run([], { reporter: 'json', output: 'report.json' }, {})).code).toBe(0);
    expect(testReportSchema.parse(JSON.parse(await readFile(path.join(workspace.directory, 'report.json'), 'utf8'))).summary.cases).toBe(1);
    // A baseline is read before the run, so the run may replace it with its own report.
    const rolling = await workspace.run([], { reporter: 'json', output: 'report.json', baseline: 'report.json' }, {});
    expect(rolling.code).toBe(0);
    const second = testReportSchema.parse(JSON.parse(await readFile(path.join(workspace.directory, 'report.json'), 'utf8')));
    expect(second.summary).toEqual({ cases: 1, passed: 1, failed: 0 });
  });

  it('goes with --reporter junit or json, not the pretty report', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': EXTRACTIVE_SUITE });
    for (const options of [{ output: 'report.txt' }, { reporter: 'pretty', output: 'report.txt' }]) {
      const result = await workspace.run([], options, {});
      expect(result).toEqual({ code: 2, stdout: '', stderr: '--output report.txt: goes with --reporter junit or json; the pretty report always goes to stdout\n' });
    }
    await expect(stat(path.join(workspace.directory, 'report.txt'))).rejects.toThrow();
  });

  it('to a folder, into a missing folder or under a file is a usage error before any case runs', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': EXTRACTIVE_SUITE, 'reports/keep.txt': '' });
    const cases: [string, string][] = [
      ['reports', 'is a folder; give the report a file name'],
      ['missing/junit.xml', 'the folder missing does not exist'],
      ['reports/missing/junit.xml', 'the folder reports/missing does not exist'],
      ['session.json/junit.xml', 'session.json is not a folder'],
    ];
    for (const [output, problem] of cases) {
      const result = await workspace.run([], { reporter: 'junit', output }, {});
      expect(result).toEqual({ code: 2, stdout: '', stderr: `--output ${output}: ${problem}\n` });
    }
    expect(await workspace.cassettes()).toEqual([]);
    await expect(stat(path.join(workspace.directory, '__snapshots__'))).rejects.toThrow();
  });
});

describe('exit codes and reports', () => {
  it('exits 1 with a JUnit report naming the broken assertion when the profile drops the failing request', async () => {
    const workspace = await createWorkspace({
      'checkout.recap.yaml': CHECKOUT_SUITE.replace(/ {4}expect:\n.*\n/, ''),
      'plain.yaml': 'events:\n  exclude_types: [network-error]\ncontext:\n  exclude: [user]\n',
    });
    const result = await workspace.run([], { reporter: 'junit', output: 'junit.xml' }, {});
    expect(result.code).toBe(1);
    const xml = await readFile(path.join(workspace.directory, 'junit.xml'), 'utf8');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: { tests: string; failures: string; testsuite: { name: string; testcase: { name: string; line: string; failure: { message: string } } } };
    };
    expect(parsed.testsuites).toMatchObject({ tests: '1', failures: '1' });
    expect(parsed.testsuites.testsuite.name).toBe('checkout.recap.yaml');
    expect(parsed.testsuites.testsuite.testcase).toMatchObject({ name: 'coupon failure reaches the model', line: '4' });
    expect(parsed.testsuites.testsuite.testcase.failure.message).toBe('prompt.includes_types[1]: no kept event has key "network-error"');
    expect(result.stdout).toMatch(/^FAIL {2}checkout\.recap\.yaml › coupon failure reaches the model/m);
  });

  it('exits 2 for an invalid suite, profile or fixture, naming file:line:col', async () => {
    const badSuite = await createWorkspace({ 'x.recap.yaml': 'profile: plain.yaml\ncases:\n  - name: a\n    sesion: session.json\n' });
    const suiteResult = await badSuite.run([], {}, {});
    expect(suiteResult.code).toBe(2);
    expect(suiteResult.stderr).toContain('x.recap.yaml:4:5 cases[0].sesion: unknown field "sesion" (did you mean "session"?)');

    const badProfile = await createWorkspace({ 'x.recap.yaml': CHECKOUT_SUITE, 'plain.yaml': 'slice:\n  mode: MIDDLE\n' });
    const profileResult = await badProfile.run(['x.recap.yaml'], {}, {});
    expect(profileResult.code).toBe(2);
    expect(profileResult.stderr).toContain('plain.yaml:2:9 slice.mode: expected FIRST, LAST or TIMESTAMP, got "MIDDLE"');
    // The suite's own line that refers to the file comes first.
    expect(profileResult.stderr).toContain('x.recap.yaml:1:10 profile: plain.yaml cannot be used:');

    const badFixture = await createWorkspace({ 'x.recap.yaml': CHECKOUT_SUITE, 'session.json': '{"id": "u:s", "events": [{"type": "click"}]}' });
    const fixtureResult = await badFixture.run([], {}, {});
    expect(fixtureResult.code).toBe(2);
    expect(fixtureResult.stderr).toContain('session.json: events[0].timestamp: is required');
    expect(fixtureResult.stderr).toContain('x.recap.yaml:5:14 cases[0].session: session.json cannot be used:');

    // A bad regular expression is the suite's problem, found when it loads, not --filter's.
    const badRegex = await createWorkspace({
      'x.recap.yaml': 'profile: plain.yaml\ncases:\n  - name: a\n    session: session.json\n    prompt:\n      contains: ["/(/"]\n',
    });
    const regexResult = await badRegex.run([], {}, {});
    expect(regexResult.code).toBe(2);
    expect(regexResult.stderr).toMatch(/x\.recap\.yaml:6:\d+ cases\[0\]\.prompt\.contains\[0\]: invalid regular expression: /);
    expect(regexResult.stderr).not.toContain('--filter');
    const badFilter = await badRegex.run([], { filter: '/[/' }, {});
    expect(badFilter.code).toBe(2);
    expect(badFilter.stderr).toMatch(/^--filter: invalid regular expression: /);
  });

  it('exits 2 for a suite file that is not UTF-8, naming it, rather than reading replacement characters', async () => {
    const workspace = await createWorkspace();
    await writeFile(path.join(workspace.directory, 'x.recap.yaml'), Buffer.from(CHECKOUT_SUITE.replace('profile:', '# caf\u00e9\nprofile:'), 'latin1'));
    const result = await workspace.run([], {}, {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('x.recap.yaml:1:1 is not UTF-8 text (the first bytes that are not UTF-8 are on line 1); save it as UTF-8');
  });

  it('exits 2 for a suite that asks the rule-based model to answer a response schema, at its provider line', async () => {
    const workspace = await createWorkspace({
      'x.recap.yaml': 'profile: structured.yaml\nprovider: extractive\ncases:\n  - name: a\n    session: session.json\n    expect: { schema_valid: true }\n',
    });
    const result = await workspace.run([], {}, {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('x.recap.yaml:2:11 provider: extractive cannot answer structured.yaml, whose llm.response_schema needs a language model');
    // Prompt assertions alone need no answer: the same suite without expect runs.
    await workspace.write('x.recap.yaml', 'profile: structured.yaml\nprovider: extractive\ncases:\n  - name: a\n    session: session.json\n    prompt: { includes_types: [click] }\n');
    expect((await workspace.run([], {}, {})).code).toBe(0);
  });

  it('prints GitHub error annotations pointing at the suite file and case line', async () => {
    const workspace = await createWorkspace({ 'suites/checkout.recap.yaml': CHECKOUT_SUITE.replaceAll('session.json', '../session.json').replace('plain.yaml', '../plain.yaml').replace('[rage-click, network-error]', '[paste]') });
    const result = await workspace.run([], {}, { GITHUB_ACTIONS: 'true', CI: 'true' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('::error file=suites/checkout.recap.yaml,line=4,title=recap%3A coupon failure reaches the model::prompt.includes_types[0]: no kept event has key "paste"');
  });

  it('writes the documented JSON report and compares a later run with it as a baseline', async () => {
    const suite = `profile: plain.yaml
provider: extractive
cases:
  - name: keeps the error
    session: session.json
    prompt: { includes_types: [network-error] }
    expect: { summary_contains: ["network error"] }
  - name: shows the device
    session: session.json
    prompt: { contains: ['"type":"desktop"'] }
`;
    const workspace = await createWorkspace({ 'x.recap.yaml': suite });
    const first = await workspace.run([], { reporter: 'json', output: 'before.json' }, {});
    expect(first.code).toBe(0);
    const before = testReportSchema.parse(JSON.parse(await readFile(path.join(workspace.directory, 'before.json'), 'utf8')));
    expect(before.summary).toEqual({ cases: 2, passed: 2, failed: 0 });
    expect(before.suites[0]?.cases[0]?.runs[0]?.result).toMatchObject({ summary: expect.stringMatching(/^Rule-based summary/) });

    await workspace.write('plain.yaml', 'events:\n  exclude_types: [network-error]\n');
    const second = await workspace.run([], { baseline: 'before.json' }, {});
    expect(second.code).toBe(1);
    expect(second.stdout).toContain('Baseline before.json: 1 newly failing, 0 newly passing, 1 answer(s) changed');
    expect(second.stdout).toContain('newly failing: x.recap.yaml › keeps the error');
    expect(second.stdout).toContain('regressed: x.recap.yaml › keeps the error › prompt.includes_types[0]');

    await workspace.write('plain.yaml', 'llm:\n  pre_prompt: hi\n');
    const third = await workspace.run([], { baseline: 'before.json' }, {});
    expect(third.code).toBe(0);
  });

  it('warns when the baseline shares no case with the run (made from another folder), instead of a quiet "0 newly failing"', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': EXTRACTIVE_SUITE });
    expect((await workspace.run([], { reporter: 'json', output: 'before.json' }, {})).code).toBe(0);
    await mkdir(path.join(workspace.directory, 'sub'));
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd: path.join(workspace.directory, 'sub') };
    expect(await testCommand(['../x.recap.yaml'], { baseline: '../before.json' }, io)).toBe(0);
    expect(stderr).toContain(
      'warning: --baseline ../before.json shares no case with this run, so nothing was compared: cases match by suite file (relative to the working directory) and case name; the baseline has "x.recap.yaml", this run "../x.recap.yaml".',
    );
    expect(stdout).toContain('Baseline ../before.json: no case in common with this run; nothing compared');

    const sameFolder = await workspace.run([], { baseline: 'before.json' }, {});
    expect(sameFolder.stderr).not.toContain('warning');
    expect(sameFolder.stdout).toContain('Baseline before.json: 0 newly failing, 0 newly passing, 0 answer(s) changed');
  });

  it('prints the warnings of a profile the suites run, once however many suites share it', async () => {
    const suite = 'profile: typo.yaml\nprovider: extractive\ncases:\n  - name: a\n    session: session.json\n    prompt: { contains: [coupon] }\n';
    const workspace = await createWorkspace({ 'typo.yaml': 'events:\n  include_types: [rage_click, click]\n', 'a.recap.yaml': suite, 'b.recap.yaml': suite });
    const result = await workspace.run([], {}, {});
    const warning = 'typo.yaml:2:19 events.include_types[0]: warning: "rage_click" is not a built-in type, so it only matches custom events named so exactly (did you mean "rage-click"?)';
    expect(result.stderr.split(warning)).toHaveLength(2);
  });

  it('names a --baseline or --prices file that cannot be read as given, with the reason in words, not a system error', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': CHECKOUT_SUITE });
    await mkdir(path.join(workspace.directory, 'folder.json'));
    const baseline = await workspace.run([], { baseline: 'folder.json' }, {});
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toBe('error: --baseline folder.json: cannot read the baseline report: is a directory, not a file\n');
    const prices = await workspace.run([], { prices: 'prices.json' }, {});
    expect(prices.code).toBe(2);
    expect(prices.stderr).toMatch(/^error: prices\.json: cannot read the price table: file not found \(looked for .*prices\.json/);
    await workspace.write('negative.yaml', 'gemini-2.5-flash:\n  input: -1\n  output: 2\n');
    const negative = await workspace.run([], { prices: 'negative.yaml' }, {});
    expect(negative.stderr).toBe('error: negative.yaml:2:10 ["gemini-2.5-flash"].input: must be 0 or more, got -1 (expected { "<model>": { "input": usd, "output": usd } })\n');
  });

  it('exits 2 for a baseline that is not a report', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': CHECKOUT_SUITE, 'nope.json': '{"a": 1}' });
    const result = await workspace.run([], { baseline: 'nope.json' }, {});
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nope\.json: not a recap JSON report/);
  });
});
