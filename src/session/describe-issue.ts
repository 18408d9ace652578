// Turns zod issues into short messages a person can act on: `expected a number, got "abc"`.

import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  null: 'null',
};

/**
 * A value as it appears in a message: strings quoted and shortened, containers by kind. Without
 * `quote` (a session read under privacy rules, whose values the rules may protect), strings and
 * numbers by kind too.
 */
export function describeValue(value: unknown, quote = true): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (!quote && (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')) return typeof value === 'string' ? 'a string' : 'a number';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return JSON.stringify(shown);
  }
  return String(value);
}

/** `a, b or c` */
export function listAlternatives(values: readonly unknown[]): string {
  const words = values.map((value) => String(value));
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** The message for one zod issue, without its path. Issues must be parsed with `reportInput`; `quote` as {@link describeValue}. */
export function describeIssue(issue: Issue, quote = true): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return 'is required';
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return `expected ${expected}, got ${describeValue(input, quote)}`;
    }
    case 'invalid_value':
      return `expected ${listAlternatives(issue.values)}, got ${describeValue(input, quote)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'array') return `needs at least ${String(issue.minimum)} item(s)`;
      return issue.inclusive === false
        ? `must be more than ${String(issue.minimum)}, got ${describeValue(input, quote)}`
        : `must be ${String(issue.minimum)} or more, got ${describeValue(input, quote)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `allows at most ${String(issue.maximum)} item(s)`;
      return issue.inclusive === false
        ? `must be less than ${String(issue.maximum)}, got ${describeValue(input, quote)}`
        : `must be ${String(issue.maximum)} or less, got ${describeValue(input, quote)}`;
    case 'invalid_union':
      return `got ${describeValue(input, quote)}, which matches none of the allowed forms`;
    default:
      return issue.message;
  }
}
