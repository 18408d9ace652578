// Strings the stores cannot keep as they are: U+0000 (PostgreSQL's text refuses it, SQLite keeps
// it) and unpaired UTF-16 surrogates (PostgreSQL silently turns them into U+FFFD, SQLite keeps
// them). JSON can carry both, so a request is checked before anything reaches a store: the same
// 400 on every store, never a 500 and never a changed value.

import { formatJsonPath } from '../../session/json-path.js';
import { unstorableTextProblem } from '../store/unstorable-text.js';
import type { ErrorDetail } from './api-error.js';

/** The problem with `text`, or undefined when a store keeps it exactly. */
export const unsafeStringProblem = unstorableTextProblem;

/**
 * Every key and string value of `value` with an unsafe string, as 400 details naming its path
 * (`properties["a\u0000b"]`), in document order. `skip` leaves out the subtree at a path (batch
 * items, checked one by one when processed).
 */
export function unsafeStringDetails(value: unknown, path: readonly (string | number)[] = [], skip?: (path: readonly (string | number)[]) => boolean): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const visit = (current: unknown, at: (string | number)[]): void => {
    if (skip?.(at) === true) return;
    if (typeof current === 'string') {
      const problem = unsafeStringProblem(current);
      if (problem !== undefined) details.push({ path: formatJsonPath(at) || 'body', message: problem });
      return;
    }
    if (typeof current !== 'object' || current === null) return;
    if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, [...at, index]));
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      const problem = unsafeStringProblem(key);
      if (problem !== undefined) details.push({ path: formatJsonPath([...at, key]), message: `the name ${problem.replace('contains', 'holds')}` });
      visit(child, [...at, key]);
    }
  };
  visit(value, [...path]);
  return details;
}
