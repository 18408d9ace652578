// Validates profile data (already parsed from YAML or JSON) and words each problem for people.

import type { z } from 'zod';
import { formatJsonPath } from '../session/json-path.js';
import { MAX_NESTING, TOO_DEEP_MESSAGE, tooDeepAt } from '../session/nesting.js';
import { profileIssueMessage, unknownKeyMessage } from './profile-issue-message.js';
import { typoWarnings } from './typo-warnings.js';
import {
  contextSchema,
  eventsSchema,
  llmSchema,
  profileSchema,
  sliceSchema,
  type Profile,
} from './profile-schema.js';

/**
 * One problem in profile data, by path: `['slice', 'mode']` and a message.
 *
 * @category Profiles
 */
export interface ProfileDataIssue {
  /** The field path, one key or list index per level. */
  readonly path: readonly (string | number)[];
  /** What is wrong, e.g. `expected FIRST, LAST or TIMESTAMP, got "MIDDLE"`. */
  readonly message: string;
  /** True when the problem is the key itself (an unknown field) rather than its value. */
  readonly atKey: boolean;
}

/**
 * What {@link checkProfile} returns: the profile or its problems, and in both cases the warnings
 * (likely typos in the event type lists).
 *
 * @category Profiles
 */
export type CheckProfileResult =
  | { readonly success: true; readonly profile: Profile; readonly warnings: readonly ProfileDataIssue[] }
  | { readonly success: false; readonly issues: readonly ProfileDataIssue[]; readonly warnings: readonly ProfileDataIssue[] };

const knownKeys: Record<string, readonly string[]> = {
  '': Object.keys(profileSchema.shape),
  llm: Object.keys(llmSchema.shape),
  slice: Object.keys(sliceSchema.shape),
  context: Object.keys(contextSchema.shape),
  events: Object.keys(eventsSchema.shape),
};

function toDataIssues(issue: z.core.$ZodIssue): ProfileDataIssue[] {
  const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys[path.length === 0 ? '' : String(path[0])] ?? [];
    return issue.keys.map((key) => ({ path: [...path, key], message: unknownKeyMessage(path, key, known), atKey: true }));
  }
  return [{ path, message: profileIssueMessage(issue), atKey: false }];
}

// zod passes over a key named __proto__ (it would set a prototype), so a response schema property
// of that name would vanish without a word; such keys are refused wherever they are.
function prototypeKeys(value: unknown, path: readonly (string | number)[] = []): ProfileDataIssue[] {
  if (typeof value !== 'object' || value === null) return [];
  const issues: ProfileDataIssue[] = [];
  if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) {
    issues.push({ path: [...path, '__proto__'], message: 'a field or property cannot be named "__proto__"', atKey: true });
  }
  for (const [key, child] of Object.entries(value)) issues.push(...prototypeKeys(child, [...path, Array.isArray(value) ? Number(key) : key]));
  return issues;
}

/** The type filter lists of profile data that did not pass, as far as they are lists (for warnings). */
function filterLists(data: unknown): Pick<Profile, 'events'> {
  const events: unknown = typeof data === 'object' && data !== null ? (data as { events?: unknown }).events : undefined;
  if (typeof events !== 'object' || events === null) return {};
  const list = (value: unknown): string[] | undefined => (Array.isArray(value) ? (value as string[]) : undefined);
  const { include_types: include, exclude_types: exclude } = events as Record<string, unknown>;
  return { events: { include_types: list(include), exclude_types: list(exclude) } };
}

/**
 * Checks profile data that is already parsed (from YAML, JSON or code) against every rule of a
 * profile (see docs/profiles.md); never throws: data nested more than 512 levels deep is one
 * problem. Unlike {@link safeParseProfile} it has no source text, so its problems carry field
 * paths but no line and column. `null` and `undefined` count as an empty profile.
 *
 * @param data - The profile as plain data, e.g. a `POST /v2/visit_profile` body.
 * @category Profiles
 */
export function checkProfile(data: unknown): CheckProfileResult {
  // The checks below walk the data recursively: a response schema nested past the limit is refused
  // by path, here as by normalizeResponseSchema and the server's body check, not by a stack overflow.
  const tooDeep = tooDeepAt(data, MAX_NESTING);
  if (tooDeep !== undefined) return { success: false, issues: [{ path: tooDeep, message: `the profile ${TOO_DEEP_MESSAGE}`, atKey: false }], warnings: [] };
  const result = profileSchema.safeParse(data ?? {}, { reportInput: true });
  const refused = prototypeKeys(data);
  if (!result.success || refused.length > 0) {
    const issues = [...refused, ...(result.success ? [] : result.error.issues.flatMap(toDataIssues))];
    return { success: false, issues, warnings: typoWarnings(filterLists(data)) };
  }
  return { success: true, profile: result.data, warnings: typoWarnings(result.data) };
}

/** `slice.mode`, `context.include[0]` */
export function formatProfilePath(path: readonly (string | number)[]): string {
  return formatJsonPath(path);
}
