// Whether compiled rules hold no rule at all: an empty or commented-out rules file. A command says
// so ("no rules, nothing redacted") rather than "none matched". Kept apart from privacy-rules.ts so
// that a command can ask without loading the rules compiler.

import { assertCompiledRules } from './compiled-rules-problem.js';
import type { PrivacyRules } from './privacy-rules.js';

/**
 * Whether the rules hold no rule at all (an empty or commented-out file): nothing is redacted.
 *
 * @param rules - Compiled rules ({@link parsePrivacyRules}, {@link compilePrivacyRules}).
 * @throws TypeError for a rules document as written (`{ presets: ['email'] }`) or any other value
 *   that is not compiled rules, saying what to call.
 * @category Privacy
 */
export function hasNoRules(rules: PrivacyRules): boolean {
  assertCompiledRules(rules, 'hasNoRules');
  return rules.presets.size === 0 && rules.patterns.length === 0 && rules.maskProperties.length === 0 && rules.blockSelectors.length === 0 && rules.stripUrlParams.size === 0;
}
