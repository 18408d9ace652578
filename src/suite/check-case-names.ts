// Names a case asserts on that would check nothing: a privacy rule no rules document can have, or
// one the rules never apply counted as 0; a key `excludes_types` lists that no event of the
// session has; a near miss of a built-in type in `includes_types`. Such an assertion passes (or
// fails) whatever the prompt holds (`excludes_types: [rage_click]`, `privacy: { emial: 0 }`), so
// the suite is refused, naming the line.

import { PRESET_NAMES } from '../privacy/presets.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import { closestName } from '../session/closest-name.js';
import { eventKey } from '../session/event-key.js';
import { BUILT_IN_EVENT_TYPES, isBuiltInEventType } from '../session/event-types.js';
import type { Session } from '../session/session-schema.js';
import type { SuiteCase } from './suite-schema.js';

/** `file:line:col` of a path in the suite file. */
export type Locate = (path: readonly (string | number)[]) => string;

/**
 * The names `prompt.privacy` may count: every preset (on or not: a count of a preset the rules
 * turned off is a real check, which fails when the preset goes), the rules' pattern names, and the
 * placeholders of the other rules.
 */
export function ruleNames(rules: PrivacyRules): string[] {
  return [...PRESET_NAMES, ...rules.patterns.map((pattern) => pattern.name), 'masked', 'blocked', 'url_param'];
}

/** Why the rules can replace nothing under `rule`'s name (`has no mask_properties`), or undefined when they can. */
function unapplied(rule: string, rules: PrivacyRules): string | undefined {
  if (rule === 'masked') return rules.maskProperties.length > 0 ? undefined : 'has no mask_properties';
  if (rule === 'blocked') return rules.blockSelectors.length > 0 ? undefined : 'has no block_selectors';
  if (rule === 'url_param') return rules.stripUrlParams.size > 0 ? undefined : 'has no strip_url_params';
  if ((rules.presets as ReadonlySet<string>).has(rule) || rules.patterns.some((pattern) => pattern.name === rule)) return undefined;
  return `does not turn on the ${rule} preset`;
}

function privacyProblems(testCase: SuiteCase, index: number, rules: PrivacyRules, rulesFile: string, locate: Locate): string[] {
  const counted = testCase.prompt?.privacy;
  if (counted === undefined) return [];
  const names = ruleNames(rules);
  return Object.entries(counted).flatMap(([rule, bound]) => {
    const where = `${locate(['cases', index, 'prompt', 'privacy', rule])} cases[${index}].prompt.privacy.${rule}`;
    if (!names.includes(rule)) {
      const suggestion = closestName(rule, names);
      const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
      return [`${where}: no rule is named "${rule}", so it would count nothing${hint}; the presets, masked, blocked, url_param and the patterns of ${rulesFile} are counted`];
    }
    // A rule the rules never apply counts 0 whatever the session holds: a bound that takes 0 cannot fail.
    const min = typeof bound === 'number' ? bound : (bound.min ?? 0);
    const reason = min > 0 ? undefined : unapplied(rule, rules);
    if (reason === undefined) return [];
    return [`${where}: ${rulesFile} ${reason}, so ${rule} counts 0 whatever the session holds and this count cannot fail: turn the rule on, or leave the count out`];
  });
}

/** The event keys of a session, by session: read once per session, not once per case (many cases may share one long session). */
type SessionKeys = (session: Session | undefined) => ReadonlySet<string>;

function sessionKeysOnce(): SessionKeys {
  const none: ReadonlySet<string> = new Set();
  const bySession = new Map<Session, ReadonlySet<string>>();
  return (session) => {
    if (session === undefined) return none;
    let keys = bySession.get(session);
    if (keys === undefined) bySession.set(session, (keys = new Set(session.events.map(eventKey))));
    return keys;
  };
}

function typeProblems(testCase: SuiteCase, index: number, session: Session | undefined, locate: Locate, keysOf: SessionKeys): string[] {
  const problems: string[] = [];
  for (const field of ['includes_types', 'excludes_types'] as const) {
    testCase.prompt?.[field]?.forEach((key, position) => {
      const sessionKeys = keysOf(session);
      if (sessionKeys.has(key)) return;
      const where = `${locate(['cases', index, 'prompt', field, position])} cases[${index}].prompt.${field}[${position}]`;
      if (key === 'custom') {
        problems.push(`${where}: a custom event is named by its name, not by "custom", which is the key of no event: list the names (e.g. "Coupon Applied")`);
        return;
      }
      const nearBuiltIn = isBuiltInEventType(key) ? undefined : closestName(key, BUILT_IN_EVENT_TYPES);
      if (nearBuiltIn !== undefined) {
        problems.push(`${where}: "${key}" is not a built-in type and no custom event of ${testCase.session} is named so (did you mean "${nearBuiltIn}"?)`);
      } else if (field === 'excludes_types') {
        // No profile can keep an event the session does not hold: the check would pass whatever the profile does.
        const suggestion = closestName(key, [...sessionKeys]);
        const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
        problems.push(`${where}: no event of ${testCase.session} has the key "${key}", so no profile can keep one and the check cannot fail${hint}`);
      }
    });
  }
  return problems;
}

/** Every such problem of a suite's cases, as printed. */
export function caseNameProblems(
  cases: readonly SuiteCase[],
  sessions: ReadonlyMap<string, Session>,
  privacy: { readonly rules: PrivacyRules; readonly file: string } | undefined,
  locate: Locate,
): string[] {
  const keysOf = sessionKeysOnce();
  return cases.flatMap((testCase, index) => [
    ...(privacy === undefined ? [] : privacyProblems(testCase, index, privacy.rules, privacy.file, locate)),
    ...typeProblems(testCase, index, sessions.get(testCase.session), locate, keysOf),
  ]);
}
