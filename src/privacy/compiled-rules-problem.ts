// Whether a value is privacy rules ready to apply. A JavaScript caller may pass the rules document
// (`{ presets: ['email'] }`, as privacy.yaml or the server's PUT body hold it) where compiled rules
// go: each use would then fail on a missing field, or answer wrongly. Kept apart from
// privacy-rules.ts, like has-no-rules.ts, so that asking does not load the rules compiler.

import type { PrivacyRules } from './privacy-rules.js';

/** The keys of a rules document (privacyRulesSchema's; a test holds them equal). */
export const RULES_DOCUMENT_KEYS: readonly string[] = ['presets', 'patterns', 'mask_properties', 'block_selectors', 'strip_url_params'];

const isSet = (value: unknown): boolean => value instanceof Set;
const isFunction = (value: unknown): boolean => typeof value === 'function';

/** Whether `value` has the shape of {@link PrivacyRules} (what parsePrivacyRules and compilePrivacyRules return). */
function isCompiledRules(value: unknown): value is PrivacyRules {
  if (typeof value !== 'object' || value === null) return false;
  const rules = value as Record<keyof PrivacyRules, unknown>;
  return (
    isSet(rules.presets) &&
    Array.isArray(rules.patterns) &&
    Array.isArray(rules.maskProperties) &&
    isFunction(rules.isMaskedPath) &&
    isFunction(rules.holdsMaskedPath) &&
    Array.isArray(rules.blockSelectors) &&
    isFunction(rules.isBlockedElement) &&
    isSet(rules.stripUrlParams)
  );
}

/** A value as a message names it: `a string`, `a list`, `an object with keys a, b`. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value !== 'object') return `${typeof value === 'undefined' ? '' : /^[aeiou]/.test(typeof value) ? 'an ' : 'a '}${typeof value}`;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', ...' : ''}`;
}

/**
 * Why `value` is not compiled privacy rules, in words that say what to call instead; undefined
 * when it is.
 */
export function compiledRulesProblem(value: unknown): string | undefined {
  if (isCompiledRules(value)) return undefined;
  const compile = 'compile it with compilePrivacyRules(document), or read privacy.yaml text with parsePrivacyRules(text)';
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).every((key) => RULES_DOCUMENT_KEYS.includes(key))) {
    return `expected compiled privacy rules, got a privacy rules document (${Object.keys(value).length === 0 ? '{}' : `{ ${Object.keys(value).join(', ')} }`}, as privacy.yaml holds it): ${compile}`;
  }
  if (typeof value === 'string') return 'expected compiled privacy rules, got a string: read rules text (YAML or JSON) with parsePrivacyRules(text)';
  return `expected compiled privacy rules (from parsePrivacyRules or compilePrivacyRules), got ${describe(value)}`;
}

/** Throws a TypeError, `<where>: <the problem>`, unless `value` is compiled privacy rules. */
export function assertCompiledRules(value: unknown, where: string): asserts value is PrivacyRules {
  const problem = compiledRulesProblem(value);
  if (problem !== undefined) throw new TypeError(`${where}: ${problem}`);
}
