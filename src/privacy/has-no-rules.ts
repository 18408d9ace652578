// Whether compiled rules hold no rule at all: an empty or commented-out rules file. A command says
// so ("no rules, nothing redacted") rather than "none matched". Kept apart from privacy-rules.ts so
// that a command can ask without loading the rules compiler.

import type { PrivacyRules } from './privacy-rules.js';

/**
 * Whether the rules hold no rule at all (an empty or commented-out file): nothing is redacted.
 *
 * @category Privacy
 */
export function hasNoRules(rules: PrivacyRules): boolean {
  return rules.presets.size === 0 && rules.patterns.length === 0 && rules.maskProperties.length === 0 && rules.blockSelectors.length === 0 && rules.stripUrlParams.size === 0;
}
