// Locates a JSON syntax error as line and column. JSON.parse on Node 20 often gives no position,
// so the failing text is scanned again with jsonc-parser (strict JSON: no comments, no trailing commas).

import { createRequire } from 'node:module';
import type { ParseError } from 'jsonc-parser';
import type { SessionIssue } from './session-error.js';

type Jsonc = typeof import('jsonc-parser');
let jsonc: Jsonc | undefined;

/** jsonc-parser, required with the first syntax error: its tables cost every command's start-up otherwise. */
const loadJsonc = (): Jsonc => (jsonc ??= createRequire(import.meta.url)('jsonc-parser') as Jsonc);

/** `line L, column C` (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

const WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected text after the end',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unexpected end of comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unexpected end of number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

/**
 * The position and nature of a JSON.parse failure on `text`. With `quotesText: false` the message
 * never repeats any of the text (JSON.parse's own message may quote it).
 */
export function jsonSyntaxIssue(text: string, error: unknown, options: { readonly quotesText?: boolean } = {}): SessionIssue {
  const { parse: parseJsonc, printParseErrorCode } = loadJsonc();
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) {
    if (options.quotesText === false) return { path: '', message: 'not valid JSON' };
    return { path: '', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const { line, column } = lineAndColumn(text, first.offset);
  const code = printParseErrorCode(first.error);
  return { path: '', message: `not valid JSON at line ${line}, column ${column}: ${WORDS[code] ?? code}` };
}
