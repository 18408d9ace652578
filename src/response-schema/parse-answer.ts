// Reads a model's text as JSON, tolerating the Markdown code fence some models wrap it in.

import { jsonSyntaxIssue } from '../session/json-syntax-issue.js';

/**
 * What {@link parseAnswer} returns: the parsed value, or why the text is not JSON.
 *
 * @category Response schemas
 */
export type ParseAnswerResult =
  | { readonly success: true; readonly value: unknown }
  | { readonly success: false; readonly message: string };

const FENCE = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?\s*```\s*$/;

/**
 * Parses an answer as JSON; a single ```json fenced block is unwrapped first. A failure says where
 * and why, never quoting the answer: the message may reach a client that must not see raw text.
 *
 * @param text - The model's answer, verbatim.
 * @category Response schemas
 */
export function parseAnswer(text: string): ParseAnswerResult {
  const body = FENCE.exec(text)?.[1] ?? text;
  try {
    return { success: true, value: JSON.parse(body) };
  } catch (error) {
    return { success: false, message: `the answer is ${jsonSyntaxIssue(body, error, { quotesText: false }).message}` };
  }
}
