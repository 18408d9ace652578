// Names a case asserts on that can only be typos: a privacy rule no rules document can have, an
// event type that is a near miss of a built-in one and names no custom event of the session. Such
// an assertion would check nothing (`excludes_types: [rage_click]` and `privacy: { emial: 0 }`
// pass whatever the prompt holds), so the suite is refused, naming the line.

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

function privacyProblems(testCase: SuiteCase, index: number, rules: PrivacyRules, rulesFile: string, locate: Locate): string[] {
  const counted = testCase.prompt?.privacy;
  if (counted === undefined) return [];
  const names = ruleNames(rules);
  return Object.keys(counted)
    .filter((rule) => !names.includes(rule))
    .map((rule) => {
      const suggestion = closestName(rule, names);
      const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
      return `${locate(['cases', index, 'prompt', 'privacy', rule])} cases[${index}].prompt.privacy.${rule}: no rule is named "${rule}", so it would count nothing${hint}; the presets, masked, blocked, url_param and the patterns of ${rulesFile} are counted`;
    });
}

function typeProblems(testCase: SuiteCase, index: number, session: Session | undefined, locate: Locate): string[] {
  const problems: string[] = [];
  const customNames = new Set(session?.events.map(eventKey));
  for (const field of ['includes_types', 'excludes_types'] as const) {
    testCase.prompt?.[field]?.forEach((key, position) => {
      if (isBuiltInEventType(key) || customNames.has(key)) return;
      const where = `${locate(['cases', index, 'prompt', field, position])} cases[${index}].prompt.${field}[${position}]`;
      if (key === 'custom') {
        problems.push(`${where}: a custom event is named by its name, not by "custom", which is the key of no event: list the names (e.g. "Coupon Applied")`);
        return;
      }
      const suggestion = closestName(key, BUILT_IN_EVENT_TYPES);
      if (suggestion !== undefined) {
        problems.push(`${where}: "${key}" is not a built-in type and no custom event of ${testCase.session} is named so (did you mean "${suggestion}"?)`);
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
  return cases.flatMap((testCase, index) => [
    ...(privacy === undefined ? [] : privacyProblems(testCase, index, privacy.rules, privacy.file, locate)),
    ...typeProblems(testCase, index, sessions.get(testCase.session), locate),
  ]);
}
