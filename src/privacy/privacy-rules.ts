// The privacy rules document (`privacy.yaml`, or a server organisation's rules): its schema, and
// parsing it into compiled rules, every problem reported as file:line:col with its field path.
// A rule that cannot be compiled (a pattern RE2 refuses, a selector that is not CSS, a glob with
// an empty segment) is an error naming it: a privacy rule is never silently skipped.

import { parse as parseSelector } from 'css-what';
import { RE2JS } from 're2js';
import { z } from 'zod';
import { profileIssueMessage, unknownKeyMessage } from '../profile/profile-issue-message.js';
import { parseYamlSource } from '../profile/yaml-source.js';
import { compileBlockSelectors, type BlockSelectorMatcher } from './block-selectors.js';
import { PRESET_NAMES, type PresetName } from './presets.js';
import { PrivacyRulesError } from './privacy-rules-error.js';

export { PrivacyRulesError, type PrivacyRulesIssue } from './privacy-rules-error.js';

/** A pattern's name: its placeholder is `[<name>]` and its count is reported under it. */
const PATTERN_NAME = /^[a-z][a-z0-9_-]{0,63}$/;
/** Names that placeholders already use: a pattern of that name would be counted with them. */
const RESERVED_NAMES: readonly string[] = [...PRESET_NAMES, 'masked', 'blocked', 'url_param'];
/**
 * Bounds on what every text and property path of a session is run through: linear time per rule
 * is still time, and a server's document (1 MiB) could otherwise hold tens of thousands of rules.
 */
const PRIVACY_RULE_LIMITS = { patterns: 200, patternLength: 1024, globs: 200, globLength: 512 } as const;

/**
 * The rules document as written (YAML or JSON).
 *
 * @category Privacy
 */
export const privacyRulesSchema = z.strictObject({
  presets: z.array(z.enum(PRESET_NAMES)).optional().describe('Built-in detectors run over every text of the session: email, card (Luhn-checked), phone, iban (checksum), ip (v4 and v6), secret (JWTs, Bearer tokens, API keys).'),
  patterns: z
    .record(z.string(), z.string().min(1, 'a pattern cannot be empty'))
    .optional()
    .describe('Named regular expressions (RE2 syntax, linear time), each match replaced by [<name>].'),
  mask_properties: z
    .array(z.string().min(1, 'a glob cannot be empty'))
    .optional()
    .describe('Globs over dotted property paths whose values become [masked]: * is one segment, ** any number.'),
  block_selectors: z
    .array(z.string().min(1, 'a selector cannot be empty'))
    .optional()
    .describe('CSS selectors: an event on a matching element keeps its type and time; its text, value and name become [blocked].'),
  strip_url_params: z
    .array(z.string().min(1, 'a parameter name cannot be empty'))
    .optional()
    .describe('Query parameters removed from every URL (navigations, network events, referrers).'),
});

/**
 * A rules document as written, before it is compiled.
 *
 * @category Privacy
 */
export type PrivacyRulesDocument = z.infer<typeof privacyRulesSchema>;

/**
 * Rules ready to apply: patterns compiled with RE2 (no pattern can take more than linear time),
 * selectors parsed, globs turned into matchers.
 *
 * @category Privacy
 */
export interface PrivacyRules {
  readonly presets: ReadonlySet<PresetName>;
  readonly patterns: readonly { readonly name: string; readonly regex: RE2JS }[];
  /** The globs of `mask_properties` as written. */
  readonly maskProperties: readonly string[];
  /** Whether a dotted property path matches one of the globs. */
  readonly isMaskedPath: (path: string) => boolean;
  /** Whether a path may have a masked path below it (`user` and `user.properties` for `user.properties.phone`). */
  readonly holdsMaskedPath: (path: string) => boolean;
  readonly blockSelectors: readonly string[];
  /** Whether a recorded selector path names a blocked element (or one inside it). */
  readonly isBlockedElement: BlockSelectorMatcher;
  /** The names of `strip_url_params`, in lower case: a parameter is stripped by its name in any case (`UID` for `uid`). */
  readonly stripUrlParams: ReadonlySet<string>;
  /** The document they were compiled from. */
  readonly document: PrivacyRulesDocument;
}

/** A problem found in the data, before it is located in the text. */
interface Problem {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly atKey?: boolean;
}

const dotted = (path: readonly (string | number)[]) => path.map((key) => (typeof key === 'number' ? `[${key}]` : key)).join('.').replaceAll('.[', '[');

/**
 * A glob over dotted property paths as a regular expression: `*` matches one segment, `**` any
 * number of segments (none included), anything else itself.
 */
export function globToRegExpSource(glob: string): string {
  if (glob === '**') return '.*';
  const segments = glob.split('.');
  let source = '';
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === '**') {
      // In the middle or first: any whole segments, each with its dot; last: any, each after its dot.
      source += last ? '(?:\\.[^.]+)*' : '(?:[^.]+\\.)*';
      continue;
    }
    const beforeLastDoubleStar = index === segments.length - 2 && segments[index + 1] === '**';
    source += segmentSource(segment) + (last || beforeLastDoubleStar ? '' : '\\.');
  }
  return source;
}

/** One segment of a glob (not `**`) as a regular expression: `*` any segment, `card_*` any characters of one. */
function segmentSource(segment: string): string {
  return segment === '*' ? '[^.]+' : segment.split('*').map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&')).join('[^.]*');
}

/**
 * The paths a glob's matches may lie below, as a regular expression: each path of fewer segments
 * that the glob's first segments match, and, after a `**`, any path that starts as the glob does
 * before it (`**.password` lies below every path).
 */
export function globPrefixSource(glob: string): string {
  const segments = glob.split('.');
  const doubleStar = segments.indexOf('**');
  const literal = doubleStar === -1 ? segments.length - 1 : doubleStar;
  const sources: string[] = [];
  for (let count = 1; count <= literal; count++) sources.push(segments.slice(0, count).map(segmentSource).join('\\.'));
  if (doubleStar === 0) sources.push('.*');
  else if (doubleStar > 0) sources.push(`${segments.slice(0, doubleStar).map(segmentSource).join('\\.')}\\..*`);
  return sources.length === 0 ? NO_PREFIX : sources.join('|');
}

/** What {@link globPrefixSource} answers for a glob with no path above its matches: a pattern that matches nothing. */
const NO_PREFIX = '(?!)';

function compileGlobs(globs: readonly string[], problems: Problem[]): { readonly isMasked: (path: string) => boolean; readonly isBelow: (path: string) => boolean } {
  const sources: string[] = [];
  const prefixes: string[] = [];
  if (globs.length > PRIVACY_RULE_LIMITS.globs) {
    problems.push({ path: ['mask_properties'], message: `${globs.length} globs; at most ${PRIVACY_RULE_LIMITS.globs} are allowed (each is matched against every property path of a session)` });
    return { isMasked: () => false, isBelow: () => false };
  }
  for (const [index, glob] of globs.entries()) {
    if (glob.length > PRIVACY_RULE_LIMITS.globLength) {
      problems.push({ path: ['mask_properties', index], message: `the glob has ${glob.length} characters; at most ${PRIVACY_RULE_LIMITS.globLength} are allowed (a property path has fewer than 512)` });
      continue;
    }
    if (glob.split('.').some((segment) => segment === '')) {
      problems.push({ path: ['mask_properties', index], message: `the glob "${glob}" has an empty segment (two dots, or a dot at an end)` });
      continue;
    }
    // A list item's index as a step, as JavaScript writes it (`items[0].name`, `items[*].name`).
    const steps = glob.replace(/\[(\d+|\*)\]/g, '.$1');
    sources.push(globToRegExpSource(steps));
    prefixes.push(globPrefixSource(steps));
  }
  if (sources.length === 0) return { isMasked: () => false, isBelow: () => false };
  // With RE2, as patterns are: a backtracking engine takes exponential time on globs such as
  // `**.*a*a*a*a*a*a*b` against a long property name that fails them, and a path is any client's.
  // In any case, as strip_url_params names are read: `**.token` masks a `Token` a client sent.
  const matcher = RE2JS.compile(`^(?:${sources.join('|')})$`, RE2JS.CASE_INSENSITIVE);
  // RE2 has no `(?!)`: a glob with nothing above its matches adds no prefix.
  const reachable = prefixes.filter((prefix) => prefix !== NO_PREFIX);
  const below = reachable.length === 0 ? undefined : RE2JS.compile(`^(?:${reachable.join('|')})$`, RE2JS.CASE_INSENSITIVE);
  return { isMasked: (path) => matcher.matches(path), isBelow: (path) => below?.matches(path) ?? false };
}

const patternNameMessage = (name: string) =>
  name.length > 64 && /^[a-z][a-z0-9_-]*$/.test(name)
    ? `the pattern name "${name.slice(0, 24)}…" has ${name.length} characters, more than 64 (it becomes the placeholder [<name>])`
    : `the pattern name "${name}" must be lower-case letters, digits, _ or -, starting with a letter, at most 64 (it becomes the placeholder [${name}])`;

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function compilePatterns(patterns: Readonly<Record<string, string>>, problems: Problem[]): { name: string; regex: RE2JS }[] {
  const compiled: { name: string; regex: RE2JS }[] = [];
  const entries = Object.entries(patterns);
  if (entries.length > PRIVACY_RULE_LIMITS.patterns) {
    problems.push({ path: ['patterns'], message: `${entries.length} patterns; at most ${PRIVACY_RULE_LIMITS.patterns} are allowed (each runs over every text of a session)` });
    return compiled;
  }
  for (const [name, source] of entries) {
    if (source.length > PRIVACY_RULE_LIMITS.patternLength) {
      problems.push({ path: ['patterns', name], message: `the pattern "${name}" has ${source.length} characters; at most ${PRIVACY_RULE_LIMITS.patternLength} are allowed` });
      continue;
    }
    if (!PATTERN_NAME.test(name)) {
      problems.push({ path: ['patterns', name], atKey: true, message: patternNameMessage(name) });
      continue;
    }
    if (RESERVED_NAMES.includes(name)) {
      problems.push({ path: ['patterns', name], atKey: true, message: `the pattern name "${name}" is taken by a built-in placeholder; choose another` });
      continue;
    }
    try {
      const regex = RE2JS.compile(source);
      if (regex.matches('')) {
        problems.push({ path: ['patterns', name], message: `the pattern "${name}" matches the empty text, so it would insert [${name}] everywhere` });
        continue;
      }
      compiled.push({ name, regex });
    } catch (error) {
      const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
      problems.push({ path: ['patterns', name], message: `invalid pattern "${name}": ${reason} (patterns use RE2 syntax: no look-around or back-references)` });
    }
  }
  return compiled;
}

/** The selectors that parse; the others are problems. */
function checkSelectors(selectors: readonly string[], problems: Problem[]): string[] {
  const valid: string[] = [];
  for (const [index, selector] of selectors.entries()) {
    try {
      // css-what reads white space as a list of no selectors; joined to the others it is an empty member.
      if (parseSelector(selector).length === 0) throw new Error('a selector cannot be blank');
      // css-what reads some selectors that css-select cannot match (`a::before`, an unknown pseudo-class).
      compileBlockSelectors([selector]);
      valid.push(selector);
    } catch (error) {
      problems.push({ path: ['block_selectors', index], message: `invalid CSS selector "${selector}": ${(error as Error).message}` });
    }
  }
  return valid;
}

/** The schema's problems with the data, one per unknown key. */
function schemaProblems(data: unknown): { readonly document?: PrivacyRulesDocument; readonly problems: Problem[] } {
  const checked = privacyRulesSchema.safeParse(data ?? {}, { reportInput: true });
  // zod passes over a key named __proto__ (it would set a prototype): a pattern of that name would
  // vanish without a word, so it is refused as any other name that is not a placeholder's.
  const patterns: unknown = isPlainObject(data) ? data.patterns : undefined;
  const hidden: Problem[] = isPlainObject(patterns) && Object.hasOwn(patterns, '__proto__') ? [{ path: ['patterns', '__proto__'], atKey: true, message: patternNameMessage('__proto__') }] : [];
  if (checked.success) return { document: checked.data, problems: hidden };
  const known = Object.keys(privacyRulesSchema.shape);
  const problems = [...hidden, ...checked.error.issues.flatMap((issue): Problem[] => {
    const path = issue.path as (string | number)[];
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...path, key], atKey: true, message: unknownKeyMessage(path, key, known) }));
    return [{ path, message: profileIssueMessage(issue) }];
  })];
  // The rules whose own shape is right are compiled too, so that their problems (an invalid
  // pattern, glob or selector) are named in the same answer as the shape's.
  const fields = isPlainObject(data) ? data : {};
  const wellFormed = Object.fromEntries(
    Object.entries(privacyRulesSchema.shape).flatMap(([key, schema]) => (fields[key] !== undefined && schema.safeParse(fields[key]).success ? [[key, fields[key]]] : [])),
  ) as PrivacyRulesDocument;
  compile(wellFormed, problems);
  return { problems };
}

/** Compiles checked data; the problems of rules that cannot be compiled are added to `problems`. */
function compile(document: PrivacyRulesDocument, problems: Problem[]): PrivacyRules {
  const patterns = compilePatterns(document.patterns ?? {}, problems);
  const globs = compileGlobs(document.mask_properties ?? [], problems);
  const selectors = checkSelectors(document.block_selectors ?? [], problems);
  return {
    presets: new Set(document.presets ?? []),
    patterns,
    maskProperties: document.mask_properties ?? [],
    isMaskedPath: globs.isMasked,
    holdsMaskedPath: globs.isBelow,
    blockSelectors: document.block_selectors ?? [],
    isBlockedElement: compileBlockSelectors(selectors),
    stripUrlParams: new Set((document.strip_url_params ?? []).map((name) => name.toLowerCase())),
    document,
  };
}

/**
 * Checks and compiles rules given as data (a server's stored document, a PUT body).
 *
 * @returns The rules, or every problem with its path (no line and column: the data has no text).
 * @category Privacy
 */
export function compilePrivacyRules(data: unknown): { readonly success: true; readonly rules: PrivacyRules } | { readonly success: false; readonly problems: readonly { readonly path: string; readonly message: string }[] } {
  const { document, problems } = schemaProblems(data);
  const rules = document === undefined ? undefined : compile(document, problems);
  if (rules === undefined || problems.length > 0) return { success: false, problems: problems.map((problem) => ({ path: dotted(problem.path), message: problem.message })) };
  return { success: true, rules };
}

/**
 * Parses and compiles a rules document (YAML or JSON). An empty document is no rules.
 *
 * @param text - The document's text.
 * @param options - `source`: the file named in messages.
 * @throws {@link PrivacyRulesError} naming every problem as `file:line:col path: message`.
 * @example
 * ```ts
 * import { parsePrivacyRules } from 'recap';
 *
 * const rules = parsePrivacyRules('presets: [email, card]\npatterns:\n  order: "ORD-[0-9]{6}"\n');
 * rules.patterns.map((pattern) => pattern.name); // ['order']
 * ```
 * @category Privacy
 */
export function parsePrivacyRules(text: string, options: { readonly source?: string } = {}): PrivacyRules {
  const source = parseYamlSource(text);
  if (!source.success) throw new PrivacyRulesError(source.syntaxErrors.map((error) => ({ path: '', ...error })), options.source);
  const { document, problems } = schemaProblems(source.data);
  const rules = document === undefined ? undefined : compile(document, problems);
  if (rules === undefined || problems.length > 0) {
    const issues = problems.map((problem) => ({ path: dotted(problem.path), message: problem.message, ...source.position(problem.path, problem.atKey) }));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new PrivacyRulesError(issues, options.source);
  }
  return rules;
}
