// The outcome of one assertion, as reporters show it.

export interface AssertionResult {
  /** Where it is written in the suite, e.g. `prompt.contains[0]` or `expect.fields[1].one_of`. */
  readonly id: string;
  readonly passed: boolean;
  /** What was checked and, on failure, what was found. */
  readonly message: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** A readable line diff (snapshots). */
  readonly diff?: string;
}

export function passed(id: string, message: string): AssertionResult {
  return { id, passed: true, message };
}

export function failed(id: string, message: string, details: Partial<Pick<AssertionResult, 'expected' | 'actual' | 'diff'>> = {}): AssertionResult {
  return { id, passed: false, message, ...details };
}
