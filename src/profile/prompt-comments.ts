// A prompt written unquoted on its line loses what follows ` #` there: YAML reads it as a comment
// (`post_prompt: Cite events as #index.` sends "Cite events as"). Legal YAML, but rarely meant:
// a warning, given by the quick check and the full one alike.

import type { ProfileIssue } from './profile-error.js';
import type { YamlSource } from './yaml-source.js';

/** The prompts, whose text goes to the model as written. */
const PROMPT_PATHS = [
  ['llm', 'pre_prompt'],
  ['llm', 'post_prompt'],
] as const;

/** The warnings of the prompts of `source` that a comment cuts short. */
export function promptCommentWarnings(source: Extract<YamlSource, { success: true }>): ProfileIssue[] {
  return PROMPT_PATHS.flatMap((path) => {
    const at = source.commentAfterPlainValue(path);
    if (at === undefined) return [];
    return [{ path: path.join('.'), ...at, message: 'YAML reads the rest of this line after " #" as a comment, not as part of the prompt: quote the prompt or write it as a block (|)' }];
  });
}
