import { describe, expect, it } from 'vitest';
import { parseSuite } from './parse-suite.js';
import { SuiteValidationError } from './suite-error.js';

function problems(text: string): string[] {
  try {
    parseSuite(text, 'suites/x.recap.yaml');
  } catch (error) {
    if (error instanceof SuiteValidationError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected the suite to be rejected');
}

describe('parseSuite', () => {
  it('reads the suite format of docs/suites.md and the line of every case', () => {
    const { suite, caseLines } = parseSuite(
      `profile: ../profiles/p.yaml
provider: gemini
model: gemini-2.5-flash
cases:
  - name: first
    session: ../s.json
    prompt:
      includes_types: [rage-click]
      kept_events: { min: 1, max: 5 }
      context: { include: [device], exclude: [user] }
      snapshot: true
    expect:
      schema_valid: true
      fields:
        - { path: outcome, one_of: [abandoned] }
      judge: The answer says the coupon failed.
    repeat: 3
    threshold: 0.66
  - name: second
    session: ../s.json
    prompt: { contains: [coupon] }
`,
      'x.recap.yaml',
    );
    expect(suite.cases.map((item) => item.name)).toEqual(['first', 'second']);
    expect(suite.cases[0]?.expect?.fields).toEqual([{ path: 'outcome', one_of: ['abandoned'] }]);
    expect(caseLines).toEqual([5, 19]);
  });

  it('names file, line, column and field of every problem', () => {
    expect(
      problems(`profile: p.yaml
provider: claude
cases:
  - name: a
    session: s.json
    prompt:
      include_types: [click]
      kept_events: { min: 5, max: 1 }
    expect:
      schema_valid: false
      fields:
        - { path: outcome }
    threshold: 0.5
  - name: a
    session: s.json
    prompt: { contains: [coupon] }
`),
    ).toEqual([
      'suites/x.recap.yaml:2:11 provider: expected gemini, openai, extractive or replay, got "claude"',
      'suites/x.recap.yaml:7:7 cases[0].prompt.include_types: unknown field "include_types" (did you mean "includes_types"?)',
      'suites/x.recap.yaml:8:7 cases[0].prompt.kept_events: min is greater than max',
      'suites/x.recap.yaml:10:21 cases[0].expect.schema_valid: expected true, got false',
      'suites/x.recap.yaml:12:11 cases[0].expect.fields[0]: a field check needs one of equals, one_of, contains, matches, min_length, max_length',
    ]);
  });

  it('escapes control characters in an unknown key, as in the path beside it', () => {
    const problem = problems('profile: p.yaml\ncases:\n  - name: a\n    session: s.json\n    prompt: { contains: [coupon] }\n    "\\e]0;pwned\\a": 1\n').find((line) => line.includes('unknown field'));
    expect(problem).toBe('suites/x.recap.yaml:6:5 cases[0]["\\u001b]0;pwned\\u0007"]: unknown field "\\u001b]0;pwned\\u0007"');
    expect(problem).not.toMatch(/[\u0000-\u001f]/);
  });

  it('refuses a threshold without repeat, and two cases with one name', () => {
    expect(
      problems(`profile: p.yaml
cases:
  - name: a
    session: s.json
    expect: {}
    threshold: 0.5
  - name: a
    session: s.json
    expect: {}
`),
    ).toEqual([
      'suites/x.recap.yaml:6:16 cases[0].threshold: threshold needs repeat',
      'suites/x.recap.yaml:7:11 cases[1].name: another case is named "a"',
    ]);
  });

  it('refuses two snapshot cases whose names make the same snapshot file', () => {
    const suite = (snapshot: boolean) => `profile: p.yaml
cases:
  - name: "Checkout: coupon"
    session: s.json
    prompt: { snapshot: ${snapshot}, contains: [coupon] }
  - name: checkout coupon
    session: s.json
    prompt: { snapshot: ${snapshot}, contains: [coupon] }
`;
    expect(problems(suite(true))).toEqual([
      'suites/x.recap.yaml:6:11 cases[1].name: its snapshot file would be checkout-coupon.txt, as for the case "Checkout: coupon": rename one of them',
    ]);
    expect(() => parseSuite(suite(false), 'suites/x.recap.yaml')).not.toThrow();
  });

  it('refuses a malformed field path when the suite loads, not when the answer is checked', () => {
    const suite = (path: string) => `profile: p.yaml\ncases:\n  - name: a\n    session: s.json\n    expect:\n      fields:\n        - path: ${JSON.stringify(path)}\n          equals: 1\n`;
    expect(problems(suite('friction[abc'))).toEqual([
      'suites/x.recap.yaml:7:17 cases[0].expect.fields[0].path: "friction[abc" is not a field path: names joined by dots, with [n] for list items (e.g. friction[0].kind)',
    ]);
    expect(problems(suite('a..b'))).toHaveLength(1);
    expect(problems(suite('a[0]b'))).toHaveLength(1);
    for (const good of ['outcome', 'friction[0].kind', 'a[1][2]', 'last page.url']) expect(() => parseSuite(suite(good), 'x.recap.yaml')).not.toThrow();
  });

  it('refuses a case that checks nothing, which would pass whatever the profile does', () => {
    const suite = (body: string) => `profile: p.yaml\ncases:\n  - name: a\n    session: s.json\n${body}`;
    const nothing = 'suites/x.recap.yaml:3:5 cases[0]: the case checks nothing (no prompt assertion and no expect), so it would pass whatever the profile does: add prompt assertions or expect';
    expect(problems(suite(''))).toEqual([nothing]);
    expect(problems(suite('    prompt: {}\n'))).toEqual([nothing]);
    expect(problems(suite('    prompt: { contains: [], snapshot: false, context: {} }\n'))).toEqual([nothing]);
    // An empty expect still checks that the model answers (and fits the response schema).
    expect(() => parseSuite(suite('    expect: {}\n'), 'x.recap.yaml')).not.toThrow();
    expect(() => parseSuite(suite('    prompt: { kept_events: { min: 1 } }\n'), 'x.recap.yaml')).not.toThrow();
  });

  it('refuses repeat on a case without expect, which calls no model and so would never repeat', () => {
    expect(problems('profile: p.yaml\ncases:\n  - name: a\n    session: s.json\n    prompt: { contains: [coupon] }\n    repeat: 3\n')).toEqual([
      'suites/x.recap.yaml:6:13 cases[0].repeat: repeat needs expect: a case with only prompt assertions calls no model, so there is nothing to repeat',
    ]);
  });

  it('refuses a blank judge criterion, which would ask the judge nothing', () => {
    const suite = (judge: string) => `profile: p.yaml\ncases:\n  - name: a\n    session: s.json\n    expect:\n      judge: ${JSON.stringify(judge)}\n`;
    const blank = 'a blank criterion asks the judge nothing: write what the answer must say (or leave judge out)';
    expect(problems(suite(' '))).toEqual([`suites/x.recap.yaml:6:14 cases[0].expect.judge: ${blank}`]);
    expect(problems(suite('\t\n  '))).toEqual([`suites/x.recap.yaml:6:14 cases[0].expect.judge: ${blank}`]);
    expect(problems(suite(''))).toEqual([`suites/x.recap.yaml:6:14 cases[0].expect.judge: ${blank}`]);
    expect(() => parseSuite(suite(' The answer names the coupon. '), 'x.recap.yaml')).not.toThrow();
  });

  it('refuses explicit bounds that no answer or prompt can fail, naming the field and why', () => {
    const suite = (body: string) => `profile: p.yaml\ncases:\n  - name: a\n    session: s.json\n${body}`;
    expect(problems(suite('    expect:\n      grounding: { min_score: 0, max_unsupported: .inf, max_dropped: .inf }\n'))).toEqual([
      'suites/x.recap.yaml:6:31 cases[0].expect.grounding.min_score: every grounding score is at least 0, so the check cannot fail: give a score above 0 (1: every claim supported)',
      'suites/x.recap.yaml:6:51 cases[0].expect.grounding.max_unsupported: .inf sets no bound, so the check cannot fail: give a number, or leave max_unsupported out',
      'suites/x.recap.yaml:6:70 cases[0].expect.grounding.max_dropped: .inf sets no bound, so the check cannot fail: give a number, or leave max_dropped out',
    ]);
    expect(problems(suite('    prompt:\n      contains: [coupon]\n      kept_events: { min: 0 }\n      max_tokens: .inf\n      privacy: { email: {}, card: { min: 0 } }\n'))).toEqual([
      'suites/x.recap.yaml:7:27 cases[0].prompt.kept_events.min: every count is at least 0, so the check cannot fail: give a min above 0 or a max',
      'suites/x.recap.yaml:8:19 cases[0].prompt.max_tokens: .inf sets no bound, so the check cannot fail: give a number, or leave max_tokens out',
      'suites/x.recap.yaml:9:18 cases[0].prompt.privacy.email: {} sets no bound, so the check cannot fail: give min, max or both',
      'suites/x.recap.yaml:9:42 cases[0].prompt.privacy.card.min: every count is at least 0, so the check cannot fail: give a min above 0 or a max',
    ]);
    expect(problems(suite('    prompt:\n      contains: [coupon]\n      kept_events: {}\n'))).toEqual([
      'suites/x.recap.yaml:7:7 cases[0].prompt.kept_events: {} sets no bound, so the check cannot fail: give min, max or both',
    ]);
    expect(problems(suite('    expect:\n      fields:\n        - { path: friction, min_length: 0 }\n        - { path: friction, max_length: .inf }\n'))).toEqual([
      'suites/x.recap.yaml:7:41 cases[0].expect.fields[0].min_length: every string and list is at least 0 long, so the bound cannot fail: give a length above 0 (schema_valid checks the type)',
      'suites/x.recap.yaml:8:41 cases[0].expect.fields[1].max_length: .inf sets no bound, so the check cannot fail: give a number, or leave max_length out',
    ]);
    // Bounds that can fail stay: none unsupported, a range with a real max, an exact count of 0.
    expect(() =>
      parseSuite(
        suite('    prompt:\n      kept_events: { min: 0, max: 5 }\n      privacy: { email: 0, card: { max: 0 } }\n    expect:\n      grounding: { min_score: 0.01, max_unsupported: 0, max_dropped: 0 }\n      fields:\n        - { path: friction, min_length: 1, max_length: 0 }\n'),
        'x.recap.yaml',
      ),
    ).not.toThrow();
  });

  it('requires a profile and at least one case', () => {
    expect(problems('cases: []\n')).toEqual([
      'suites/x.recap.yaml:1:1 profile: is required',
      'suites/x.recap.yaml:1:1 cases: needs at least 1 item(s)',
    ]);
  });

  it('reports YAML syntax errors', () => {
    expect(problems('profile: [\n')[0]).toMatch(/^suites\/x\.recap\.yaml:\d+:\d+ YAML syntax:/);
  });
});
