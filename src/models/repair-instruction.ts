// The words of the one repair turn, the same for every vendor.

/** What the user turn of a repair retry says; `problems` lists what did not fit the schema, or the claims the session does not support. */
export function repairInstruction(problems: string, reason: 'schema' | 'grounding' = 'schema'): string {
  if (reason === 'grounding') {
    return [
      'Your answer makes claims that the session data does not support:',
      problems,
      'Answer again in the same form, claiming only what the session data shows: cite events by their #index, and leave out anything you cannot cite.',
    ].join('\n');
  }
  return [
    'Your answer did not match the response schema:',
    problems,
    'Answer again with JSON only: one JSON value that fits the response schema, without Markdown fences or explanations.',
  ].join('\n');
}
