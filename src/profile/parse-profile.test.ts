import { describe, expect, it } from 'vitest';
import { ProfileValidationError } from './profile-error.js';
import { parseProfile, safeParseProfile } from './parse-profile.js';

function errors(text: string): string[] {
  const result = safeParseProfile(text, { source: 'profiles/checkout.yaml' });
  if (result.success) throw new Error('expected the profile to be rejected');
  return result.error.message.split('\n');
}

describe('parseProfile', () => {
  it('accepts every field of the spec plus the extensions', () => {
    const profile = parseProfile(`
name: checkout
description: what went wrong at checkout
llm:
  pre_prompt: Summarise.
  post_prompt: Be brief.
  temperature: 0.2
  model: gemini-2.5-flash
  response_schema:
    type: object
    properties:
      outcome: { type: string, enum: [completed, abandoned] }
      steps: { type: ARRAY, items: { type: STRING }, minItems: 1 }
    required: [outcome]
    propertyOrdering: [outcome, steps]
slice:
  mode: LAST
  event_limit: 50
  duration_limit_ms: 60000
  start_timestamp: 2026-03-01T10:00:00Z
  end_timestamp: "2026-03-01T11:00:00.000Z"
context:
  include: [user, device]
  exclude: [user]
  exclude_user_context: true
  exclude_org_context: false
events:
  exclude_types: [element-seen, Checkout Started]
`);
    expect(profile.slice?.start_timestamp).toBe('2026-03-01T10:00:00Z');
    expect(profile.llm?.response_schema).toEqual({
      type: 'OBJECT',
      properties: {
        outcome: { type: 'STRING', enum: ['completed', 'abandoned'] },
        steps: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 1 },
      },
      required: ['outcome'],
      propertyOrdering: ['outcome', 'steps'],
    });
  });

  it('accepts an empty file as the all-defaults profile', () => {
    expect(parseProfile('')).toEqual({});
    expect(parseProfile('# only a comment\n')).toEqual({});
  });

  it('names file, line, column and field of a bad enum value', () => {
    expect(errors('name: x\nslice:\n  mode: MIDDLE\n')).toEqual([
      'profiles/checkout.yaml:3:9 slice.mode: expected FIRST, LAST or TIMESTAMP, got "MIDDLE"',
    ]);
  });

  it('reports every problem at once, in file order', () => {
    expect(
      errors(`llm:
  temprature: 0.2
  temperature: 3
slice:
  event_limit: -1
  duration_limit_ms: 1.5
context:
  include: [user, browser]
extra: true
`),
    ).toEqual([
      'profiles/checkout.yaml:2:3 llm.temprature: unknown field "temprature" (did you mean "temperature"?)',
      'profiles/checkout.yaml:3:16 llm.temperature: must be 2 or less, got 3',
      'profiles/checkout.yaml:5:16 slice.event_limit: must be 0 or more, got -1',
      'profiles/checkout.yaml:6:22 slice.duration_limit_ms: expected an integer, got 1.5',
      'profiles/checkout.yaml:8:19 context.include[1]: expected user, org, location or device, got "browser"',
      'profiles/checkout.yaml:9:1 extra: unknown field "extra"',
    ]);
  });

  it('refuses TIMESTAMP without start_timestamp', () => {
    expect(errors('slice:\n  mode: TIMESTAMP\n')).toEqual([
      'profiles/checkout.yaml:2:9 slice.mode: TIMESTAMP needs slice.start_timestamp',
    ]);
  });

  it('refuses include_types together with exclude_types', () => {
    expect(errors('events:\n  include_types: [click]\n  exclude_types: [navigate]\n')).toEqual([
      'profiles/checkout.yaml:3:3 events.exclude_types: use either include_types or exclude_types, not both',
    ]);
  });

  it('refuses temperatures outside 0..2 and wrong types', () => {
    expect(errors('llm:\n  temperature: -0.1\n')).toEqual(['profiles/checkout.yaml:2:16 llm.temperature: must be 0 or more, got -0.1']);
    expect(errors('llm:\n  temperature: hot\n')).toEqual(['profiles/checkout.yaml:2:16 llm.temperature: expected a number, got "hot"']);
    expect(errors('context:\n  exclude_user_context: yes\n')).toEqual([
      'profiles/checkout.yaml:2:25 context.exclude_user_context: expected true or false, got "yes"',
    ]);
  });

  it('refuses timestamps that are not ISO 8601', () => {
    expect(errors('slice:\n  start_timestamp: last tuesday\n')).toEqual([
      'profiles/checkout.yaml:2:20 slice.start_timestamp: not an ISO 8601 date',
    ]);
  });

  it('checks the response schema: keywords, root, objects, arrays', () => {
    expect(
      errors(`llm:
  response_schema:
    type: OBJECT
    properties:
      a: { type: STRING, $ref: "#/x" }
      b: { type: ARRAY }
      c: { type: OBJECT, properties: {} }
      d: { type: MAP }
`),
    ).toEqual([
      'profiles/checkout.yaml:5:26 llm.response_schema.properties.a.$ref: unsupported keyword "$ref" (supported: type, format, description, title, nullable, enum, properties, required, items, minItems, maxItems, propertyOrdering)',
      'profiles/checkout.yaml:6:7 llm.response_schema.properties.b.items: an ARRAY needs items',
      'profiles/checkout.yaml:7:26 llm.response_schema.properties.c.properties: an OBJECT needs at least one property',
      'profiles/checkout.yaml:8:18 llm.response_schema.properties.d.type: expected OBJECT, STRING, ARRAY, NUMBER, INTEGER or BOOLEAN, got "MAP"',
    ]);
    expect(errors('llm:\n  response_schema:\n    type: STRING\n')).toEqual([
      'profiles/checkout.yaml:3:11 llm.response_schema.type: the root must be an OBJECT, not STRING',
    ]);
  });

  it('refuses a property listed twice in required or propertyOrdering, and a nullable root', () => {
    // ajv refuses a JSON Schema whose required repeats a name: validating an answer threw.
    const profile = 'llm:\n  response_schema:\n    type: OBJECT\n    nullable: true\n    properties: { a: { type: STRING } }\n    required: [a, a]\n    propertyOrdering: [a, a]\n';
    expect(errors(profile)).toEqual([
      'profiles/checkout.yaml:4:15 llm.response_schema.nullable: the root cannot be nullable: the answer must be an object',
      'profiles/checkout.yaml:6:19 llm.response_schema.required[1]: "a" is listed twice',
      'profiles/checkout.yaml:7:27 llm.response_schema.propertyOrdering[1]: "a" is listed twice',
    ]);
  });

  it('refuses a property named __proto__ instead of dropping it without a word', () => {
    const profile = 'llm:\n  response_schema:\n    type: OBJECT\n    properties:\n      __proto__: { type: STRING }\n      a: { type: STRING }\n';
    expect(errors(profile)).toEqual(['profiles/checkout.yaml:5:7 llm.response_schema.properties.__proto__: a field or property cannot be named "__proto__"']);
    const json = '{"llm":{"response_schema":{"type":"OBJECT","properties":{"a":{"type":"OBJECT","properties":{"__proto__":{"type":"STRING"}}}}}}}';
    expect(errors(json)).toEqual([
      'profiles/checkout.yaml:1:79 llm.response_schema.properties.a.properties: an OBJECT needs at least one property',
      expect.stringMatching(/^profiles\/checkout\.yaml:1:\d+ llm\.response_schema\.properties\.a\.properties\.__proto__: a field or property cannot be named "__proto__"$/),
    ]);
    // constructor and prototype stay plain data.
    expect(safeParseProfile('llm:\n  response_schema:\n    type: OBJECT\n    properties:\n      constructor: { type: STRING }\n      prototype: { type: STRING }\n')).toMatchObject({ success: true });
  });

  it('names a document nested too deeply as one YAML problem in words, not the parser\'s stack overflow', () => {
    for (const text of [`name: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, `llm:\n  response_schema: ${'{type: ARRAY, items: '.repeat(20_000)}{type: STRING}${'}'.repeat(20_000)}\n`]) {
      const lines = errors(text);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^profiles\/checkout\.yaml:\d+:\d+ YAML syntax: the document nests too deeply \(about a thousand levels or more\); write it flatter$/);
    }
  });

  it('refuses aliases that expand into too much data, as a YAML problem with a position', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]'].join('\n');
    expect(errors(bomb)).toEqual(['profiles/checkout.yaml:1:1 YAML syntax: aliases expand into too much data (more than 100 uses); write the values out']);
  });

  it('reports response schema problems all at once, the rules between keywords too while a child is broken', () => {
    const text = ['llm:', '  response_schema:', '    type: OBJECT', '    properties:', '      a: { type: STRING }', '      c: { $ref: "#/x" }', '    required: [a, zz]', ''].join('\n');
    expect(errors(text)).toEqual([
      'profiles/checkout.yaml:6:7 llm.response_schema.properties.c.type: expected OBJECT, STRING, ARRAY, NUMBER, INTEGER or BOOLEAN, got undefined',
      expect.stringMatching(/^profiles\/checkout\.yaml:6:12 llm\.response_schema\.properties\.c\.\$ref: unsupported keyword "\$ref"/),
      'profiles/checkout.yaml:7:19 llm.response_schema.required[1]: "zz" is not one of the properties',
    ]);
    // A node whose type is unknown gets that one problem, not the rules of every other type.
    expect(errors('llm:\n  response_schema:\n    type: OBJECT\n    properties:\n      x: { type: FOO, items: { type: STRING } }\n')).toEqual([
      'profiles/checkout.yaml:5:18 llm.response_schema.properties.x.type: expected OBJECT, STRING, ARRAY, NUMBER, INTEGER or BOOLEAN, got "FOO"',
    ]);
  });

  it('refuses an alias inside the value it names (data that would contain itself), at the alias', () => {
    const message = (name: string) => `YAML syntax: the alias *${name} is inside the value it names, which would nest without end; write the value out`;
    expect(errors('&a [*a]\n')).toEqual([`profiles/checkout.yaml:1:5 ${message('a')}`]);
    expect(errors('name: x\nllm: &l\n  pre_prompt: hi\n  nested: { again: *l }\n')).toEqual([`profiles/checkout.yaml:4:20 ${message('l')}`]);
    // An alias after its anchor's value is an ordinary reuse.
    expect(safeParseProfile('name: &n Checkout\ndescription: *n\n')).toMatchObject({ success: true });
  });

  it('reports YAML syntax errors and duplicate keys with their position', () => {
    expect(errors('slice:\n  mode: FIRST\n  mode: LAST\n')[0]).toMatch(/^profiles\/checkout\.yaml:3:3 YAML syntax: Map keys must be unique/);
    expect(errors('llm: [\n')[0]).toMatch(/^profiles\/checkout\.yaml:\d+:\d+ YAML syntax: /);
    expect(errors('name: a\n---\nname: b\n')).toEqual(['profiles/checkout.yaml:2:1 YAML syntax: one document only: remove the --- line that starts a second one']);
    // A key quoted is the same key; each repeat is named, in every mapping.
    expect(errors('name: a\n"name": b\nslice:\n  mode: FIRST\n  \'mode\': LAST\n')).toEqual([
      'profiles/checkout.yaml:2:1 YAML syntax: Map keys must be unique',
      'profiles/checkout.yaml:5:3 YAML syntax: Map keys must be unique',
    ]);
    // Keys that become one key of the parsed object: the second would overwrite the first.
    expect(errors('llm:\n  response_schema:\n    type: OBJECT\n    properties:\n      1: { type: STRING }\n      "1": { type: INTEGER }\n')).toEqual([
      'profiles/checkout.yaml:6:7 YAML syntax: Map keys must be unique',
    ]);
  });

  it('lists the first hundred problems of a profile, then says how many more there are', () => {
    const keys = Array.from({ length: 150 }, (_, index) => `k${index}: ${index}\n`).join('');
    const listed = errors(`name: many\n${keys}`);
    expect(listed).toHaveLength(101);
    expect(listed[0]).toBe('profiles/checkout.yaml:2:1 k0: unknown field "k0"');
    expect(listed[99]).toBe('profiles/checkout.yaml:101:1 k99: unknown field "k99"');
    expect(listed[100]).toBe('profiles/checkout.yaml:1:1 ... and 50 more problem(s) of the same kinds, not listed');
  });

  it('throws a ProfileValidationError with structured issues', () => {
    try {
      parseProfile('slice:\n  mode: MIDDLE\n', { source: 'p.yaml' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ProfileValidationError);
      expect((error as ProfileValidationError).issues).toEqual([
        { path: 'slice.mode', message: 'expected FIRST, LAST or TIMESTAMP, got "MIDDLE"', line: 2, column: 9 },
      ]);
    }
  });

  it('warns about filter keys that look like misspelt built-in types', () => {
    const result = safeParseProfile('events:\n  include_types: [rage_click, Checkout Started]\n');
    expect(result.success && result.warnings.map((warning) => warning.path)).toEqual(['events.include_types[0]']);
  });

  it('gives the warnings of a profile that also has errors, so that fixing them does not reveal more', () => {
    const result = safeParseProfile('events:\n  include_types: [rage_click, 7]\nslice:\n  mode: MIDDLE\n', { source: 'p.yaml' });
    expect(result.success).toBe(false);
    expect(!result.success && result.error.issues.map((issue) => issue.path)).toEqual(['events.include_types[1]', 'slice.mode']);
    expect(!result.success && result.warnings.map((warning) => `${warning.line}:${warning.column} ${warning.path}`)).toEqual(['2:19 events.include_types[0]']);
  });

  it('warns that "custom" as a filter key matches no event (custom events are filtered by name)', () => {
    const result = safeParseProfile('events:\n  exclude_types: [click, custom]\n');
    expect(result.success && result.warnings.map((warning) => `${warning.path}: ${warning.message}`)).toEqual([
      'events.exclude_types[1]: a custom event is filtered by its name, not by "custom", which matches no event: list the names (e.g. "Coupon Applied")',
    ]);
  });

  it('warns that a comment cuts short a prompt written unquoted on its line, and only then', () => {
    const cut = 'llm:\n  pre_prompt: Summarise the session.\n  post_prompt: Cite events as #index, e.g. (#12).\n';
    const result = safeParseProfile(cut, { source: 'cut.yaml' });
    expect(result.success && result.profile.llm?.post_prompt).toBe('Cite events as');
    expect(result.success && result.warnings.map((warning) => `${warning.line}:${warning.column} ${warning.path}`)).toEqual(['3:31 llm.post_prompt']);
    // Also next to the errors of an invalid profile, and when the full check runs.
    const invalid = safeParseProfile(`${cut}slice:\n  mode: MIDDLE\n`);
    expect(!invalid.success && invalid.warnings.map((warning) => warning.path)).toEqual(['llm.post_prompt']);
    // A quoted prompt, a block, a plain prompt without a comment, and comments after other values are no warning.
    for (const text of [
      'llm:\n  post_prompt: "Cite events as #index."\n',
      "llm:\n  post_prompt: 'Cite events as #index.'\n",
      'llm:\n  post_prompt: |\n    Cite events as #index. # all text\n',
      'llm:\n  post_prompt: Cite events as#index.\n  temperature: 0.3 # low\nslice:\n  mode: LAST # the end\n',
      'llm:\n  post_prompt: Summarise.\n  # A comment on its own line.\n',
    ]) {
      const clean = safeParseProfile(text);
      expect(clean.success && clean.warnings, text).toEqual([]);
    }
  });
});
