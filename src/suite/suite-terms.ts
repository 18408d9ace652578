// Model messages speak of `recap run`'s flags; inside a suite the same choice is its `provider:`.

/** `--provider gemini` → `provider: gemini (in the suite)`, so the advice fits where it is read. */
export function inSuiteTerms(message: string): string {
  return message.replace(/--provider (\w+)/g, 'provider: $1 (in the suite)');
}
