// GitHub's runner reads every line a step prints, on stdout and stderr, whose text starts with
// `::` after leading whitespace as a workflow command (`::add-mask::`, `::set-output`, `::error`).
// A report line that quotes a model answer or a recorded page must never be one.

/** Leading whitespace of a line (.NET's TrimStart also trims U+0085), then the `:` of a `::`. */
const COMMAND_START = /^([\s\u0085]*):(?=:)/gm;

/**
 * `text` with the first `:` of each line that would start a workflow command replaced.
 *
 * @param text - a report, many lines.
 * @param colon - what shows the `:` instead: `\u003a` on a terminal, `&#58;` in XML (which reads back as `:`).
 */
export function breakWorkflowCommands(text: string, colon: string): string {
  return text.replace(COMMAND_START, (_match, space: string) => `${space}${colon}`);
}
