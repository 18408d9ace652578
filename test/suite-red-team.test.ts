// `recap test` must never pass what it did not check (red team of 2026-11-28): a threshold that
// forgives missing recordings, typos that make an assertion vacuous, field names read as answer
// text, cassettes that are ignored, edited or recorded twice, reports corrupted by annotations.
// Models are fakes that implement SummaryModel (no network).

import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelResponse, SummaryModel } from '../src/models/summary-model.js';
import type { ModelSettings } from '../src/models/create-model.js';
import { testReportSchema } from '../src/suite/test-report.js';
import { lineDiff } from '../src/suite/line-diff.js';
import { createWorkspace } from './support/suite-workspace.js';

/** A model answering `answer(call)`, slowly enough for cases to overlap; it notes the settings it was built with. */
function fakeModel(answer: (call: number, request: ModelRequest) => string, delayMs = 20) {
  const stats = { calls: 0, settings: [] as ModelSettings[] };
  const build = async (settings: ModelSettings): Promise<SummaryModel> => {
    stats.settings.push(settings);
    return {
      provider: settings.provider === 'openai' ? 'openai' : 'gemini',
      model: settings.model ?? 'default',
      kind: 'language-model',
      async generate(request): Promise<ModelResponse> {
        const call = stats.calls++;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return { text: answer(call, request), model: settings.model ?? 'default', usage: { promptTokens: 10, outputTokens: 5, totalTokens: 15 } };
      },
    };
  };
  return { stats, createModel: build };
}

const caseWith = (body: string, provider = 'gemini', profile = 'plain.yaml') =>
  `profile: ${profile}\n${provider === '' ? '' : `provider: ${provider}\n`}cases:\n  - name: the case\n    session: session.json\n${body}`;

describe('threshold and missing recordings', () => {
  it('refuses threshold 0: it passes the case when every run fails', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [never] }\n    repeat: 3\n    threshold: 0\n') });
    const result = await workspace.run([], {}, { CI: 'true' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml:8:\d+ cases\[0\]\.threshold: must be more than 0, got 0/);
  });

  it('fails a case in CI when a run has no recorded answer, whatever the threshold', async () => {
    const { createModel } = fakeModel(() => 'coupon failed');
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n    repeat: 3\n    threshold: 0.5\n') });
    // Record two of the three runs, then lose the third run's cassette.
    expect((await workspace.run([], { repeat: '2' }, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    expect(await workspace.cassettes()).toHaveLength(2);
    const result = await workspace.run([], { reporter: 'json' }, { CI: 'true' }, { createModel });
    expect(result.code).toBe(1);
    const report = testReportSchema.parse(JSON.parse(result.stdout));
    expect(report.suites[0]?.cases[0]).toMatchObject({ status: 'failed', passed_runs: 2 });
    expect(report.suites[0]?.cases[0]?.failure).toMatch(/^1 of 3 runs have no recorded answer; no cassette .* in CI/);
  });
});

describe('assertions that could not fail', () => {
  it('refuses a near miss of a built-in type in excludes_types that names no custom event of the session', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    prompt: { excludes_types: [rage_click] }\n') });
    const result = await workspace.run([], {}, { CI: 'true' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml:6:\d+ cases\[0\]\.prompt\.excludes_types\[0\]: "rage_click" is not a built-in type .*did you mean "rage-click"/);
    // A custom event of the session is named so: a real check.
    await workspace.write('session.json', JSON.stringify({ id: 'u-1:s-1', events: [{ type: 'custom', name: 'rage_click', timestamp: '2026-03-01T10:00:00.000Z' }] }));
    expect((await workspace.run([], {}, { CI: 'true' })).code).toBe(1);
  });

  it('refuses a privacy count of a rule no rules document has, suggesting the name', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    prompt: { privacy: { emial: 0 } }\n', 'extractive'), 'privacy.yaml': 'presets: [email]\n' });
    const result = await workspace.run([], {}, { CI: 'true' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml:6:\d+ cases\[0\]\.prompt\.privacy\.emial: no rule is named "emial".*did you mean "email"/);
  });

  it('refuses empty texts and checks that hold only empty lists', async () => {
    for (const body of ['    prompt: { contains: [""] }\n', '    prompt: { context: { include: [], exclude: [] } }\n', '    expect: { fields: [{ path: outcome, contains: "" }] }\n']) {
      const workspace = await createWorkspace({ 'x.recap.yaml': caseWith(body, 'extractive', 'structured.yaml') });
      const result = await workspace.run([], {}, { CI: 'true' });
      expect(result.code, body).toBe(2);
      expect(result.stderr, body).toMatch(/empty text|checks nothing/);
    }
  });

  it('reads summary_contains in the values of a structured answer, not in its field names', async () => {
    const { createModel } = fakeModel(() => JSON.stringify({ outcome: 'abandoned', friction: ['coupon rejected'] }));
    const workspace = await createWorkspace({
      'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon, abandoned], summary_not_contains: [friction] }\n', 'gemini', 'structured.yaml'),
      'y.recap.yaml': caseWith('    expect: { summary_contains: [outcome] }\n', 'gemini', 'structured.yaml'),
    });
    expect((await workspace.run(['x.recap.yaml'], {}, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    const keys = await workspace.run(['y.recap.yaml'], {}, { GEMINI_API_KEY: 'k' }, { createModel });
    expect(keys.code).toBe(1);
    expect(keys.stdout).toContain('the answer does not contain "outcome"');
  });

  it('refuses an invalid /regex/ in a field check when the suite loads, and reads a bare regex starting with a slash as a regex', async () => {
    const bad = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { fields: [{ path: outcome, contains: "/[/" }] }\n', 'gemini', 'structured.yaml') });
    const result = await bad.run([], {}, { CI: 'true' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml:6:\d+ .*invalid regular expression/);

    const { createModel } = fakeModel(() => JSON.stringify({ outcome: 'abandoned', friction: ['https://shop.example/checkout'] }));
    const slash = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { fields: [{ path: "friction[0]", matches: "/checkout$" }] }\n', 'gemini', 'structured.yaml') });
    expect((await slash.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
  });
});

describe('cassettes', () => {
  it('refuses to run a suite without a provider on the rule-based summariser when it holds recorded cassettes', async () => {
    const { createModel } = fakeModel(() => 'coupon failed');
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n', '') });
    expect((await workspace.run([], {}, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, { createModel })).code).toBe(0);
    expect(await workspace.cassettes()).toHaveLength(1);
    const result = await workspace.run([], {}, { CI: 'true' }, { createModel });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml: names no provider.*1 cassette\(s\).*recorded with openai.*set provider: openai/);
  });

  it('names the model OPENAI_MODEL gives, as recap run does', async () => {
    const { createModel, stats } = fakeModel(() => 'coupon failed');
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n', 'openai') });
    expect((await workspace.run([], { reporter: 'json' }, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'llama3.1' }, { createModel })).code).toBe(0);
    expect(stats.settings[0]?.model).toBe('llama3.1');
  });

  it('shares one call among cases that record the same request at once, and each is judged on the answer kept', async () => {
    const { createModel, stats } = fakeModel((call) => (call === 0 ? 'coupon failed' : 'nothing'));
    const suite = `profile: plain.yaml\nprovider: gemini\ncases:\n${[1, 2, 3].map((n) => `  - name: case ${n}\n    session: session.json\n    expect: { summary_contains: [coupon] }\n`).join('')}`;
    const workspace = await createWorkspace({ 'x.recap.yaml': suite });
    expect((await workspace.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    expect(stats.calls).toBe(1);
    expect((await workspace.run([], {}, { CI: 'true' })).code).toBe(0);
  });

  it('keeps the answer another process recorded first, and judges on it', async () => {
    const { createModel } = fakeModel(() => 'coupon failed');
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n') });
    expect((await workspace.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    const [file] = await workspace.cassettes();
    const cassettePath = path.join(workspace.directory, '.recap', 'cassettes', file as string);
    const first = await readFile(cassettePath, 'utf8');
    // Another process's answer lands while this one is asking: the first one stays.
    const racing = fakeModel(() => 'nothing');
    const late = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n') });
    const lateModel = async (settings: ModelSettings) => {
      const model = await racing.createModel(settings);
      return {
        ...model,
        async generate(request: ModelRequest) {
          const response = await model.generate(request);
          await mkdir(path.join(late.directory, '.recap', 'cassettes'), { recursive: true });
          await writeFile(path.join(late.directory, '.recap', 'cassettes', file as string), first);
          return response;
        },
      };
    };
    const result = await late.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel: lateModel });
    expect(result.code).toBe(0);
    expect(await readFile(path.join(late.directory, '.recap', 'cassettes', file as string), 'utf8')).toBe(first);
    expect((await readdir(path.join(late.directory, '.recap', 'cassettes'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a cassette whose model or prompt was edited', async () => {
    const { createModel } = fakeModel(() => 'coupon failed');
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n') });
    expect((await workspace.run([], {}, { GEMINI_API_KEY: 'k' }, { createModel })).code).toBe(0);
    const [file] = await workspace.cassettes();
    const cassettePath = path.join(workspace.directory, '.recap', 'cassettes', file as string);
    const cassette = JSON.parse(await readFile(cassettePath, 'utf8')) as { model: string; request: { prompt: string } };
    await writeFile(cassettePath, JSON.stringify({ ...cassette, request: { ...cassette.request, prompt: 'another prompt' } }));
    const result = await workspace.run([], {}, { CI: 'true' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/not a recording of this request: its request\.prompt differs/);
  });

  it('says how to record a missing answer of a replay suite', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    expect: { summary_contains: [coupon] }\n', 'replay') });
    const result = await workspace.run([], {}, {});
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/with provider: replay; record it with: provider: gemini or openai in x\.recap\.yaml \(replay only replays\), then npx recap test/);
  });
});

describe('reports and files', () => {
  it('sends GitHub annotations to stderr when the JSON report goes to stdout', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    prompt: { contains: [never in the prompt] }\n', 'extractive') });
    const result = await workspace.run([], { reporter: 'json' }, { CI: 'true', GITHUB_ACTIONS: 'true' });
    expect(result.code).toBe(1);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(result.stderr).toContain('::error file=x.recap.yaml');
  });

  it('refuses an --output that is the privacy rules the run reads', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    prompt: { contains: [Summarise] }\n', 'extractive'), 'privacy.yaml': 'presets: [email]\n' });
    const result = await workspace.run([], { reporter: 'json', output: 'privacy.yaml' }, { CI: 'true' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('privacy rules the run applies');
    expect(await readFile(path.join(workspace.directory, 'privacy.yaml'), 'utf8')).toBe('presets: [email]\n');
  });

  it('fails the case whose snapshot path is a folder, naming it, and runs the others', async () => {
    const suite = `profile: plain.yaml\nprovider: extractive\ncases:\n  - name: snap\n    session: session.json\n    prompt: { snapshot: true }\n  - name: other\n    session: session.json\n    prompt: { contains: [Summarise] }\n`;
    const workspace = await createWorkspace({ 'x.recap.yaml': suite });
    await mkdir(path.join(workspace.directory, '__snapshots__', 'x.recap.yaml', 'snap.txt'), { recursive: true });
    const result = await workspace.run([], { reporter: 'json' }, { CI: 'true' });
    expect(result.code).toBe(1);
    const report = testReportSchema.parse(JSON.parse(result.stdout));
    expect(report.suites[0]?.cases.map((item) => item.status)).toEqual(['failed', 'passed']);
    expect(report.suites[0]?.cases[0]?.failure).toMatch(/snapshot __snapshots__\/x\.recap\.yaml\/snap\.txt cannot be used: is a directory/);
  });

  it('finds suites behind links, and refuses a broken link or a *.recap.yml that would be skipped', async () => {
    const workspace = await createWorkspace({ 'real/x.recap.yaml': caseWith('    prompt: { contains: [never in the prompt] }\n', 'extractive').replace('plain.yaml', '../plain.yaml').replace('session.json', '../session.json') });
    await mkdir(path.join(workspace.directory, 'suites'));
    await symlink('../real', path.join(workspace.directory, 'suites', 'linked'));
    await symlink('..', path.join(workspace.directory, 'suites', 'loop'));
    const linked = await workspace.run(['suites'], { reporter: 'json' }, { CI: 'true' });
    expect(linked.code).toBe(1);
    const report = testReportSchema.parse(JSON.parse(linked.stdout));
    expect(report.summary.cases).toBe(1);
    expect(report.suites[0]?.file).toBe(path.join('real', 'x.recap.yaml'));
    await symlink('missing.recap.yaml', path.join(workspace.directory, 'suites', 'broken.recap.yaml'));
    const broken = await workspace.run(['suites'], {}, { CI: 'true' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('suites/broken.recap.yaml: a link to a file that does not exist');
    await workspace.write('other/y.recap.yml', 'x');
    const near = await workspace.run(['other'], {}, { CI: 'true' });
    expect(near.code).toBe(2);
    expect(near.stderr).toContain('other/y.recap.yml: suites are found by the name *.recap.yaml');
  });

  it('shows control characters of case names as escapes in the pretty report', async () => {
    const workspace = await createWorkspace({ 'x.recap.yaml': caseWith('    prompt: { contains: [never in the prompt] }\n', 'extractive').replace('the case', '"the \\e]0;owned\\a case"') });
    const result = await workspace.run([], {}, { CI: 'true' });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toMatch(/[\u001b\u0007]/);
    expect(result.stdout).toContain('the \\u001b]0;owned\\u0007 case');
  });

  it('names line ends in snapshot diffs', () => {
    expect(lineDiff('a\nb\n', 'a\nb')).toContain('(no line break at the end of the line above)');
    expect(lineDiff('a\nb\n', 'a\r\nb\r\n')).toContain('+ a␍');
  });
});
