// `recap test` must not pass what it did not check (red team of the suite semantics, second
// round): recorded texts that reach the prompt quoted or in another Unicode form, regular
// expressions that match every text, counts and event keys that cannot fail, folders skipped
// unseen. Models are fakes that implement SummaryModel (no network).

import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../src/models/create-model.js';
import type { SummaryModel } from '../src/models/summary-model.js';
import { testReportSchema } from '../src/suite/test-report.js';
import { createWorkspace } from './support/suite-workspace.js';

const at = (second: number) => `2026-03-01T10:00:0${second}.000Z`;

/** A session whose values the prompt quotes (backslashes, tags, line breaks) or holds in other Unicode forms. */
const TRICKY = {
  id: 'u-7:s-7',
  user: { uid: 'jose', display_name: 'Jose\u0301 Garci\u0301a' },
  events: [
    { type: 'navigate', timestamp: at(0), url: 'https://shop.example/account', title: 'Account' },
    { type: 'input-change', timestamp: at(1), target: { selector: 'input#path' }, value: 'C:\\Users\\jose\\tax-return.pdf' },
    { type: 'input-change', timestamp: at(2), target: { selector: 'input#note' }, value: 'my code is <b>77-ALPHA</b>' },
    { type: 'input-change', timestamp: at(3), target: { selector: 'input#q' }, value: 'line one\nsecret line two' },
    { type: 'click', timestamp: at(4), target: { selector: 'button#who', text: 'Jose\u0301 Garci\u0301a' } },
    { type: 'click', timestamp: at(5), target: { selector: 'button#mail', text: 'ｊｏｓｅ＠ｅｘａｍｐｌｅ．ｃｏｍ' } },
    { type: 'click', timestamp: at(6), target: { selector: 'button#zw', text: 'ma\u200brie@example.com' } },
  ],
};

const suiteOf = (cases: string, profile = 'plain.yaml', provider = 'extractive') =>
  `profile: ${profile}\nprovider: ${provider}\ncases:\n${cases}`;
const caseOf = (name: string, body: string, session = 'tricky.json') => `  - name: ${name}\n    session: ${session}\n${body}`;

async function run(files: Record<string, string>, paths: string[] = [], env: Record<string, string> = { CI: 'true' }, createModel?: (settings: ModelSettings) => Promise<SummaryModel>) {
  const workspace = await createWorkspace({ 'tricky.json': JSON.stringify(TRICKY), ...files });
  const result = await workspace.run(paths, { reporter: 'json' }, env, createModel === undefined ? {} : { createModel });
  const report = result.code === 2 ? undefined : testReportSchema.parse(JSON.parse(result.stdout));
  const failures = report?.suites.flatMap((suite) => suite.cases.flatMap((item) => [...item.prompt_assertions, ...item.runs.flatMap((each) => each.assertions)].filter((assertion) => !assertion.passed)));
  return { ...result, report, failures: failures ?? [] };
}

describe('texts that must not reach the prompt', () => {
  it('redacts fails on a recorded text that reaches the prompt escaped, as the prompt quotes values', async () => {
    const result = await run({
      'x.recap.yaml': suiteOf(caseOf('files stay out', `    prompt:\n      redacts: ['C:\\Users\\jose\\tax-return.pdf', "<b>77-ALPHA</b>", "line one\\nsecret line two"]\n`)),
    });
    expect(result.code).toBe(1);
    expect(result.failures.map((failure) => failure.id)).toEqual(['prompt.redacts[0]', 'prompt.redacts[1]', 'prompt.redacts[2]']);
    expect(result.failures[0]?.message).toMatch(/reaches the prompt \(escaped, as the prompt quotes a recorded value/);
  });

  it('not_contains and redacts find a text recorded in another Unicode form: NFD, full-width, with a zero-width space inside', async () => {
    const result = await run({
      'x.recap.yaml': suiteOf(
        [
          caseOf('nfc name', '    prompt:\n      not_contains: ["Jos\u00e9 Garc\u00eda"]\n'),
          caseOf('full-width email', '    prompt:\n      not_contains: ["jose@example.com"]\n'),
          caseOf('zero-width email', '    prompt:\n      not_contains: ["marie@example.com"]\n'),
          caseOf('redacted name', '    prompt:\n      redacts: ["Jos\u00e9 Garc\u00eda"]\n'),
        ].join(''),
      ),
    });
    expect(result.code).toBe(1);
    expect(result.report?.suites[0]?.cases.map((item) => item.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(result.failures[1]?.message).toMatch(/in a form a reader takes for it/);
    expect(result.failures[3]?.message).toBe('"José García" reaches the prompt');
  });

  it('not_contains still reads quoted values as written: a check of the quoting itself passes', async () => {
    const result = await run({ 'x.recap.yaml': suiteOf(caseOf('quoted', '    prompt:\n      not_contains: ["/\\\\nsecret line/", "<b>"]\n')) });
    expect(result.code).toBe(0);
  });

  it('summary_not_contains finds a full-width form of the text in the answer', async () => {
    const createModel = async (settings: ModelSettings): Promise<SummaryModel> => ({
      provider: 'gemini',
      model: settings.model ?? 'default',
      kind: 'language-model',
      generate: async () => ({ text: 'The user asked for a ｒｅｆｕｎｄ.', model: 'default' }),
    });
    const result = await run({ 'x.recap.yaml': suiteOf(caseOf('no refund', '    expect: { summary_not_contains: [refund] }\n'), 'plain.yaml', 'gemini') }, [], { GEMINI_API_KEY: 'k' }, createModel);
    expect(result.code).toBe(1);
    expect(result.failures[0]).toMatchObject({ id: 'expect.summary_not_contains[0]', message: expect.stringMatching(/contains "refund" \(in a form a reader takes for it/) });
  });
});

describe('checks that could not fail are refused when the suite loads', () => {
  it('refuses a /regex/ that matches every text in contains, summary_contains, fields.matches and fields.contains', async () => {
    const result = await run({
      'x.recap.yaml': suiteOf(
        caseOf(
          'vacuous',
          '    prompt: { contains: ["/refund policy|/"] }\n    expect:\n      summary_contains: ["/(zzz)*/"]\n      fields:\n        - { path: outcome, matches: "abandoned|" }\n        - { path: outcome, contains: "/(x)*/" }\n',
          'session.json',
        ),
        'structured.yaml',
        'gemini',
      ),
    });
    expect(result.code).toBe(2);
    for (const field of ['prompt.contains[0]', 'expect.summary_contains[0]', 'expect.fields[0].matches', 'expect.fields[1].contains']) {
      expect(result.stderr).toMatch(new RegExp(`x\\.recap\\.yaml:\\d+:\\d+ cases\\[0\\]\\.${field.replace(/[.[\]]/g, '\\$&')}: ".*" matches every text`));
    }
  });

  it('refuses an excludes_types key that no event of the session has, suggesting a custom name', async () => {
    const result = await run({ 'x.recap.yaml': suiteOf(caseOf('absent', '    prompt: { excludes_types: ["Checkout Startd", copy] }\n', 'session.json')) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml:6:\d+ cases\[0\]\.prompt\.excludes_types\[1\]: no event of session\.json has the key "copy", so no profile can keep one/);
    const custom = await run({
      'session.json': JSON.stringify({ id: 'u-1:s-1', events: [{ type: 'custom', name: 'Checkout Started', timestamp: at(0) }, { type: 'click', timestamp: at(1) }] }),
      'x.recap.yaml': suiteOf(caseOf('typo', '    prompt: { excludes_types: ["Checkout Startd"] }\n', 'session.json')),
    });
    expect(custom.code).toBe(2);
    expect(custom.stderr).toContain('no event of session.json has the key "Checkout Startd", so no profile can keep one and the check cannot fail (did you mean "Checkout Started"?)');
  });

  it('refuses a privacy count that takes 0 of a rule the rules do not apply, and keeps one that asks for at least 1', async () => {
    const suite = (counts: string) => suiteOf(caseOf('counts', `    prompt: { privacy: ${counts} }\n`, 'session.json'));
    const vacuous = await run({ 'privacy.yaml': 'presets: [email]\n', 'x.recap.yaml': suite('{ email: 0, card: 0, masked: { max: 3 } }') });
    expect(vacuous.code).toBe(2);
    expect(vacuous.stderr).toMatch(/cases\[0\]\.prompt\.privacy\.card: privacy\.yaml does not turn on the card preset, so card counts 0 whatever the session holds and this count cannot fail/);
    expect(vacuous.stderr).toMatch(/cases\[0\]\.prompt\.privacy\.masked: privacy\.yaml has no mask_properties/);
    expect(vacuous.stderr).not.toMatch(/privacy\.email/);
    const asking = await run({ 'privacy.yaml': 'presets: [email]\n', 'x.recap.yaml': suite('{ card: { min: 1 } }') });
    expect(asking.code).toBe(1);
  });

  it('refuses expect.grounding: {}, which bounds nothing', async () => {
    const result = await run({ 'x.recap.yaml': suiteOf(caseOf('bounds', '    expect: { grounding: {} }\n', 'session.json')) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/x\.recap\.yaml:6:\d+ cases\[0\]\.expect\.grounding: grounding: \{\} sets no bound/);
  });
});

describe('paths', () => {
  it('stops when a folder named on the command line holds no suite, even when another path holds one', async () => {
    const result = await run({
      'a.recap.yaml': suiteOf(caseOf('ok', '    prompt: { contains: [Summarise] }\n', 'session.json')),
      'renamed/b.yaml': suiteOf(caseOf('never run', '    prompt: { contains: [never] }\n', '../session.json'), '../plain.yaml'),
    }, ['a.recap.yaml', 'renamed']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('renamed: no suites (*.recap.yaml) in this folder or below');
  });
});
