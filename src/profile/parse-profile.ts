// Parses profile YAML and reports every problem as file:line:col with its field path.

import { isCollection, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { checkProfile, formatProfilePath, type ProfileDataIssue } from './check-profile.js';
import { ProfileValidationError, type ProfileIssue } from './profile-error.js';
import type { Profile } from './profile-schema.js';

export interface ParseProfileOptions {
  /** The file the text came from, named in error messages. */
  readonly source?: string;
}

export type SafeParseProfileResult =
  | { readonly success: true; readonly profile: Profile; readonly warnings: readonly ProfileIssue[] }
  | { readonly success: false; readonly error: ProfileValidationError };

const start = (node: Node | null | undefined): number | undefined => node?.range?.[0];

// The offset to blame for a path: the value when it is a scalar, the key when the value is a
// collection, missing, or the key itself is the problem; else the nearest ancestor that exists.
function locate(document: Document, path: readonly (string | number)[], atKey: boolean): number {
  let node: unknown = document.contents;
  let offset = start(document.contents as Node | null) ?? 0;
  let keyOffset: number | undefined;
  for (const [depth, key] of path.entries()) {
    const last = depth === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
      if (pair === undefined) return offset;
      keyOffset = start(pair.key as Node) ?? offset;
      offset = keyOffset;
      node = pair.value;
      if (last && atKey) return keyOffset;
    } else if (isSeq(node) && typeof key === 'number' && node.items[key] !== undefined) {
      node = node.items[key];
      keyOffset = undefined;
    } else {
      return offset;
    }
    const nodeStart = start(node as Node | null);
    if (!isCollection(node) && nodeStart !== undefined && !(last && atKey)) offset = nodeStart;
    else if (isCollection(node) && keyOffset === undefined && nodeStart !== undefined) offset = nodeStart;
  }
  return offset;
}

function positioned(issue: ProfileDataIssue, document: Document, lines: LineCounter): ProfileIssue {
  const { line, col } = lines.linePos(locate(document, issue.path, issue.atKey));
  return { path: formatProfilePath(issue.path), message: issue.message, line, column: col };
}

/** Parses and validates profile YAML; never throws. Warnings (likely typos) do not fail it. */
export function safeParseProfile(text: string, options: ParseProfileOptions = {}): SafeParseProfileResult {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    const issues = document.errors.map((error) => {
      const { line, col } = lines.linePos(error.pos[0]);
      return { path: '', message: `YAML syntax: ${error.message.split('\n')[0] ?? error.code}`, line, column: col };
    });
    return { success: false, error: new ProfileValidationError(issues, options.source) };
  }
  const result = checkProfile(document.toJS({ maxAliasCount: 100 }));
  if (!result.success) {
    const issues = result.issues.map((issue) => positioned(issue, document, lines));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    return { success: false, error: new ProfileValidationError(issues, options.source) };
  }
  const warnings = result.warnings.map((issue) => positioned(issue, document, lines));
  return { success: true, profile: result.profile, warnings };
}

/** Parses and validates profile YAML. Throws {@link ProfileValidationError} with every problem. */
export function parseProfile(text: string, options: ParseProfileOptions = {}): Profile {
  const result = safeParseProfile(text, options);
  if (!result.success) throw result.error;
  return result.profile;
}
