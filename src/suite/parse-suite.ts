// Parses a suite file and reports every problem as file:line:col with its field path.

import { formatJsonPath } from '../session/json-path.js';
import { describeIssue } from '../session/describe-issue.js';
import { closestName } from '../session/closest-name.js';
import type { ProfileIssue } from '../profile/profile-error.js';
import { parseYamlSource } from '../profile/yaml-source.js';
import { SuiteValidationError } from './suite-error.js';
import { answerAssertionsSchema, promptAssertionsSchema, suiteCaseSchema, suiteSchema, type Suite } from './suite-schema.js';
import { printable } from '../session/printable.js';

/** A suite and where each case is written, for messages that point at it. */
export interface ParsedSuite {
  readonly suite: Suite;
  /** 1-based line of each case, in order. */
  readonly caseLines: readonly number[];
  /** Where the suite names its profile, and each case its session: `file:line:col`. */
  readonly references: { readonly profile: string; readonly provider: string; readonly sessions: readonly string[] };
  /** `file:line:col` of any path in the file (the key itself for a map's entry). */
  readonly locate: (path: readonly (string | number)[]) => string;
}

// Allowed keys by the last named field of a path, for "did you mean" suggestions.
const KNOWN_KEYS: Record<string, readonly string[]> = {
  '': Object.keys(suiteSchema.shape),
  cases: Object.keys(suiteCaseSchema.shape),
  prompt: Object.keys(promptAssertionsSchema.shape),
  expect: Object.keys(answerAssertionsSchema.shape),
  fields: ['path', 'equals', 'one_of', 'contains', 'matches', 'min_length', 'max_length'],
  kept_events: ['min', 'max'],
  context: ['include', 'exclude'],
  grounding: Object.keys(answerAssertionsSchema.shape.grounding.unwrap().shape),
};

function knownKeysAt(path: readonly PropertyKey[]): readonly string[] {
  const named = [...path].reverse().find((key): key is string => typeof key === 'string');
  return KNOWN_KEYS[named ?? ''] ?? [];
}

/** `max_tokens: .inf` and the like: a bound of infinity reads as a check and can never fail. */
function unboundedProblem(issue: { code: string; input?: unknown }, path: readonly (string | number)[]): string | undefined {
  const key = path[path.length - 1];
  if (issue.code !== 'invalid_type' || issue.input !== Infinity || typeof key !== 'string' || !key.startsWith('max')) return undefined;
  return `.inf sets no bound, so the check cannot fail: give a number, or leave ${key} out`;
}

/** Parses suite YAML; throws {@link SuiteValidationError} with every problem. */
export function parseSuite(text: string, file: string): ParsedSuite {
  const source = parseYamlSource(text);
  if (!source.success) throw new SuiteValidationError(source.syntaxErrors.map((error) => ({ path: '', ...error })), file);
  const result = suiteSchema.safeParse(source.data ?? {}, { reportInput: true });
  if (!result.success) {
    const issues: ProfileIssue[] = result.error.issues.flatMap((issue) => {
      const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => {
          const suggestion = closestName(key, knownKeysAt(path));
          // Quoted and escaped as the path beside it: a control character in a key never reaches the terminal raw.
          const message = `unknown field ${printable(JSON.stringify(key))}${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`;
          return { path: formatJsonPath([...path, key]), message, ...source.position([...path, key], true) };
        });
      }
      const message = unboundedProblem(issue as { code: string; input?: unknown }, path) ?? describeIssue(issue);
      return [{ path: formatJsonPath(path), message, ...source.position(path) }];
    });
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new SuiteValidationError(issues, file);
  }
  const caseLines = result.data.cases.map((_, index) => source.position(['cases', index]).line);
  const at = (path: (string | number)[]) => {
    const { line, column } = source.position(path);
    return `${file}:${line}:${column}`;
  };
  const references = {
    profile: at(['profile']),
    provider: at(['provider']),
    sessions: result.data.cases.map((_, index) => at(['cases', index, 'session'])),
  };
  const locate = (path: readonly (string | number)[]) => {
    const { line, column } = source.position([...path], true);
    return `${file}:${line}:${column}`;
  };
  return { suite: result.data, caseLines, references, locate };
}
