import { describe, expect, it } from 'vitest';
import { compilePrivacyRules, globToRegExpSource, parsePrivacyRules, PrivacyRulesError } from './privacy-rules.js';
import { redactText, redactUrl, type PrivacyCounts } from './redact-text.js';

const errorOf = (text: string): PrivacyRulesError => {
  try {
    parsePrivacyRules(text, { source: 'privacy.yaml' });
  } catch (error) {
    if (error instanceof PrivacyRulesError) return error;
    throw error;
  }
  throw new Error('the rules were accepted');
};

describe('parsePrivacyRules', () => {
  it('compiles every field of a valid document', () => {
    const rules = parsePrivacyRules(
      [
        'presets: [email, card]',
        'patterns:',
        '  order: "ORD-[0-9]{6}"',
        'mask_properties: ["*.password", "user.properties.phone"]',
        'block_selectors: ["#card-number", ".private input"]',
        'strip_url_params: [token, email]',
      ].join('\n'),
    );
    expect([...rules.presets]).toEqual(['email', 'card']);
    expect(rules.patterns.map((pattern) => pattern.name)).toEqual(['order']);
    expect(rules.blockSelectors).toEqual(['#card-number', '.private input']);
    expect([...rules.stripUrlParams]).toEqual(['token', 'email']);
    expect(rules.isMaskedPath('signup.password')).toBe(true);
    expect(rules.isMaskedPath('user.properties.phone')).toBe(true);
    expect(rules.isMaskedPath('password')).toBe(false);
    expect(rules.isMaskedPath('user.properties.phone_verified')).toBe(false);
  });

  it('refuses a pattern named __proto__ instead of dropping it without a word', () => {
    const error = errorOf('presets: [email]\npatterns:\n  __proto__: "ORD-[0-9]{6}"\n');
    expect(error.issues).toMatchObject([{ path: 'patterns.__proto__', line: 3, column: 3, message: expect.stringContaining('the pattern name "__proto__" must be lower-case letters') }]);
    const compiled = compilePrivacyRules(JSON.parse('{"patterns":{"__proto__":"ORD-[0-9]{6}","order":"("}}'));
    expect(compiled.success ? [] : compiled.problems.map((problem) => problem.path)).toEqual(['patterns.__proto__', 'patterns.order']);
  });

  it('reads an empty document as no rules', () => {
    const rules = parsePrivacyRules('');
    expect(rules.presets.size + rules.patterns.length + rules.maskProperties.length + rules.blockSelectors.length + rules.stripUrlParams.size).toBe(0);
  });

  it('names each invalid pattern, selector, glob and field with its line and column', () => {
    const rulesThatCannotCompile = ['patterns:', '  order: "ORD-(?=[0-9])"', '  Bad Name: "x"', '  email: "@"', '  anything: "a*"', 'mask_properties: ["a..b"]', 'block_selectors: ["div[", "ok"]'];
    const error = errorOf(['presets: [email, passport]', ...rulesThatCannotCompile, 'colour: red'].join('\n'));
    // Every problem in one answer, by line: the shape's and those of the rules that cannot compile.
    const all = error.message.split('\n');
    expect(all).toHaveLength(8);
    expect(all[0]).toBe('privacy.yaml:1:18 presets[1]: expected email, card, phone, iban, ip or secret, got "passport"');
    expect(all.slice(1, 7).map((line) => line.split(' ')[0])).toEqual(['privacy.yaml:3:10', 'privacy.yaml:4:3', 'privacy.yaml:5:3', 'privacy.yaml:6:13', 'privacy.yaml:7:19', 'privacy.yaml:8:19']);
    expect(all[7]).toBe('privacy.yaml:9:1 colour: unknown field "colour"');
    const compiled = errorOf(['presets: [email]', ...rulesThatCannotCompile].join('\n'));
    const lines = compiled.message.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^privacy\.yaml:3:10 patterns\.order: invalid pattern "order": .*\(\?=.*RE2 syntax/);
    expect(lines[1]).toBe('privacy.yaml:4:3 patterns.Bad Name: the pattern name "Bad Name" must be lower-case letters, digits, _ or -, starting with a letter, at most 64 (it becomes the placeholder [Bad Name])');
    expect(lines[2]).toBe('privacy.yaml:5:3 patterns.email: the pattern name "email" is taken by a built-in placeholder; choose another');
    expect(lines[3]).toBe('privacy.yaml:6:13 patterns.anything: the pattern "anything" matches the empty text, so it would insert [anything] everywhere');
    expect(lines[4]).toBe('privacy.yaml:7:19 mask_properties[0]: the glob "a..b" has an empty segment (two dots, or a dot at an end)');
    expect(lines[5]).toMatch(/^privacy\.yaml:8:19 block_selectors\[0\]: invalid CSS selector "div\[": /);
    expect(compiled.code).toBe('invalid_privacy_rules');
  });

  it('says that a pattern name of lower-case letters is too long, rather than of the wrong characters', () => {
    const name = 'a'.repeat(65);
    expect(errorOf(`patterns:\n  ${name}: "x"`).message).toBe(`privacy.yaml:2:3 patterns.${name}: the pattern name "${'a'.repeat(24)}…" has 65 characters, more than 64 (it becomes the placeholder [<name>])`);
    expect(parsePrivacyRules(`patterns:\n  ${'a'.repeat(64)}: "x"`, { source: 'privacy.yaml' }).patterns).toHaveLength(1);
  });

  it('reports YAML syntax errors with their position', () => {
    expect(errorOf('presets: [email\n').message).toMatch(/^privacy\.yaml:\d+:\d+ YAML syntax: /);
  });

  it('names a selector CSS can read but no element can match (a pseudo-element, an unknown pseudo-class)', () => {
    for (const selector of ['a::before', 'input:unheard-of']) {
      const failed = compilePrivacyRules({ block_selectors: ['#ok', selector] });
      expect(failed).toMatchObject({ success: false, problems: [{ path: 'block_selectors[1]', message: expect.stringContaining(`invalid CSS selector "${selector}"`) }] });
    }
  });

  it('refuses a selector of only white space, which names no element and broke every selector beside it', () => {
    for (const selector of ['   ', '\t\n']) {
      const failed = compilePrivacyRules({ block_selectors: ['#ok', selector] });
      expect(failed).toMatchObject({ success: false, problems: [{ path: 'block_selectors[1]', message: expect.stringContaining('a selector cannot be blank') }] });
    }
  });

  it('checks rules given as data, naming paths without positions', () => {
    expect(compilePrivacyRules({ presets: ['ip'], patterns: { order: 'ORD-[0-9]+' } }).success).toBe(true);
    const failed = compilePrivacyRules({ patterns: { order: '(' } });
    expect(failed).toMatchObject({ success: false, problems: [{ path: 'patterns.order' }] });
    // A field of the wrong shape does not hide the problems of the others.
    const several = compilePrivacyRules({ mask_properties: ['a..b'], block_selectors: ['div[[['], strip_url_params: [1] });
    expect(several.success ? [] : several.problems.map((problem) => problem.path).sort()).toEqual(['block_selectors[0]', 'mask_properties[0]', 'strip_url_params[0]']);
  });
});

describe('globs over property paths', () => {
  const matches = (glob: string, path: string) => new RegExp(`^(?:${globToRegExpSource(glob)})$`).test(path);
  it.each([
    ['*.password', 'form.password', true],
    ['*.password', 'a.b.password', false],
    ['**.password', 'a.b.password', true],
    ['**.password', 'password', true],
    ['user.**', 'user.properties.phone', true],
    ['user.**', 'user', true],
    ['user.**', 'username', false],
    ['a.**.z', 'a.z', true],
    ['a.**.z', 'a.b.c.z', true],
    ['card_*', 'card_number', true],
    ['card_*', 'x.card_number', false],
    ['price.(usd)', 'price.(usd)', true],
    ['price.(usd)', 'price.usd', false],
  ])('%s against %s: %s', (glob, path, expected) => {
    expect(matches(glob, path)).toBe(expected);
  });
});

describe('redactText and redactUrl', () => {
  const rules = parsePrivacyRules('patterns:\n  order: "ORD-[0-9]{6}"\n  ticket: "T[0-9]+"\nstrip_url_params: [token, "e mail"]\n');

  it('replaces each match by its placeholder, counts it, and leaves every other character alone', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactText('Order ORD-123456 and ORD-654321, ticket T42; ORD-12 stays.', rules, counts)).toBe('Order [order] and [order], ticket [ticket]; ORD-12 stays.');
    expect(Object.fromEntries(counts)).toEqual({ order: 2, ticket: 1 });
  });

  it('returns the text itself when nothing matches', () => {
    const text = 'nothing to see';
    expect(redactText(text, rules, new Map())).toBe(text);
  });

  it('strips the named query parameters from absolute and relative URLs and keeps the rest as written', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactUrl('https://shop.test/reset?token=abc&lang=en#top', rules, counts)).toBe('https://shop.test/reset?lang=en#top');
    expect(redactUrl('/r?token=1&token=2', rules, counts)).toBe('/r');
    expect(redactUrl('/r?e%20mail=x&q=a%2Fb', rules, counts)).toBe('/r?q=a%2Fb');
    expect(redactUrl('/r?tokenize=1', rules, counts)).toBe('/r?tokenize=1');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 4 });
  });

  it('strips them from a fragment that carries parameters, as OAuth callbacks and single-page routes do', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactUrl('https://app.test/cb#token=abc123&state=xyz', rules, counts)).toBe('https://app.test/cb#state=xyz');
    expect(redactUrl('https://app.test/cb#token=abc123', rules, counts)).toBe('https://app.test/cb');
    expect(redactUrl('https://app.test/?lang=en#/reset?token=abc123&step=2', rules, counts)).toBe('https://app.test/?lang=en#/reset?step=2');
    expect(redactUrl('https://app.test/?token=1#/reset?token=2', rules, counts)).toBe('https://app.test/#/reset');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 5 });
    // A fragment without parameters, or with other ones, stays as written.
    for (const url of ['https://app.test/docs#token', 'https://app.test/#section=2', 'https://app.test/#', '/r#tokenize=1']) expect(redactUrl(url, rules, new Map())).toBe(url);
  });

  it('finds what escapes hide in a URL (?email=dave%40example.com), and leaves escapes that hide nothing as written', () => {
    const emails = parsePrivacyRules('presets: [email, card]\n');
    const counts: PrivacyCounts = new Map();
    expect(redactUrl('https://shop.test/reset?email=dave%40example.com&q=a%2Fb+c', emails, counts)).toBe('https://shop.test/reset?email=[email]&q=a%2Fb+c');
    expect(redactUrl('/u/dave%40example.com/orders?card=4111+1111+1111+1111', emails, counts)).toBe('/u/[email]/orders?card=[card]');
    expect(redactUrl('/search?q=ring%20size%20%25', emails, counts)).toBe('/search?q=ring%20size%20%25');
    expect(Object.fromEntries(counts)).toEqual({ email: 2, card: 1 });
  });
});
