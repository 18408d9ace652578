// What is wrong with a value that matches none of a union's forms (`{ session_ids } | { search }`,
// `{ uid } | { id }`), told from the problems each form found: the problems of the one form whose
// fields the value uses, or which fields to give, rather than "matches none of the allowed forms".

import type { z } from 'zod';
import { listAlternatives } from '../../session/describe-issue.js';

type Issue = z.core.$ZodIssue;
type UnionIssue = Extract<Issue, { code: 'invalid_union' }>;

export type UnionExplanation =
  /** The value uses one form's fields: that form's problems, with paths from the body's root. */
  | { readonly issues: readonly Issue[] }
  /** Several forms' fields, or none: which to give. */
  | { readonly message: string };

/** A form's problem with the value's shape: not an object, a field it does not know, a field it needs missing. */
const isShapeProblem = (issue: Issue): boolean =>
  (issue.path.length === 0 && (issue.code === 'unrecognized_keys' || issue.code === 'invalid_type')) ||
  (issue.path.length === 1 && issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function explainUnionIssue(issue: UnionIssue): UnionExplanation | undefined {
  const forms = issue.errors;
  const problemsOf = (problems: readonly Issue[]) => ({ issues: problems.map((problem) => ({ ...problem, path: [...issue.path, ...problem.path] })) });
  const fitting = forms.filter((problems) => !problems.some(isShapeProblem));
  if (fitting.length === 1) return problemsOf(fitting[0] as Issue[]);
  const input = (issue as { input?: unknown }).input;
  if (fitting.length > 1 || !isPlainObject(input)) return undefined;
  // Each form's own fields: those it needs that are missing, and those sent that it knows.
  const sent = Object.keys(input);
  const fieldsOf = forms.map((problems) => {
    const unknown = new Set(problems.flatMap((problem) => (problem.code === 'unrecognized_keys' && problem.path.length === 0 ? problem.keys : [])));
    const missing = problems.filter((problem) => problem.path.length === 1 && problem.code === 'invalid_type' && (problem as { input?: unknown }).input === undefined).map((problem) => String(problem.path[0]));
    return [...new Set([...missing, ...sent.filter((key) => !unknown.has(key))])];
  });
  if (fieldsOf.some((fields) => fields.length === 0)) return undefined;
  const used = forms.filter((_, index) => (fieldsOf[index] as string[]).some((field) => sent.includes(field)));
  if (used.length === 1) return problemsOf(used[0] as Issue[]);
  const choices = listAlternatives(fieldsOf.map((fields) => fields.join(' and ')));
  if (used.length === 0) return { message: `give either ${choices}` };
  return { message: `give either ${choices}, ${forms.length === 2 ? 'not both' : 'only one of them'}` };
}
