// The words of the one repair turn, the same for every vendor.

/** What the user turn of a repair retry says; `problems` lists what did not fit the schema. */
export function repairInstruction(problems: string): string {
  return [
    'Your answer did not match the response schema:',
    problems,
    'Answer again with JSON only: one JSON value that fits the response schema, without Markdown fences or explanations.',
  ].join('\n');
}
