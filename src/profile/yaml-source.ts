// YAML text kept with its positions, so that problems found in the parsed data can be reported
// at the line and column where they were written. Shared by profiles and suites.

import { isCollection, isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, visit, type Document, type Node } from 'yaml';

/** A position in a source text, 1-based. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

export type YamlSource =
  | {
      readonly success: true;
      readonly data: unknown;
      position(path: readonly (string | number)[], atKey?: boolean): SourcePosition;
      /**
       * Where a comment starts on the line of the value at `path`, when that value is a plain
       * (unquoted) scalar: `pre_prompt: cite events as #index.` is the text `cite events as`.
       */
      commentAfterPlainValue(path: readonly (string | number)[]): SourcePosition | undefined;
    }
  | { readonly success: false; readonly syntaxErrors: readonly (SourcePosition & { readonly message: string })[] };

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

/** Aliases inside the node their anchor names (`a: &a {b: *a}`): as data, a value containing itself. */
function recursiveAliases(document: Document): { readonly offset: number; readonly name: string }[] {
  const found: { offset: number; name: string }[] = [];
  visit(document, {
    Alias(_key, alias) {
      const target = alias.resolve(document);
      const at = alias.range?.[0];
      const range = target?.range;
      if (at !== undefined && range !== undefined && range !== null && at >= range[0] && at < range[2]) found.push({ offset: at, name: alias.source });
    },
  });
  return found;
}

/**
 * The offsets of keys that repeat an earlier key of their mapping: scalars by the key they become
 * in the parsed object (`1` and `"1"` too, which yaml's `uniqueKeys` lets the second overwrite),
 * other keys by identity. One pass over each mapping: yaml's own check compares every key with
 * every other, 15 s for a mapping of 16,000 keys.
 */
function repeatedKeys(document: Document): number[] {
  const found: number[] = [];
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key: unknown = pair.key;
        // As the key of the object the document becomes: `1` and `"1"` are one key there.
        const identity = isScalar(key) ? String(key.value) : key;
        if (!seen.has(identity)) {
          seen.add(identity);
          continue;
        }
        const range = (key as Node | null)?.range;
        if (range !== undefined && range !== null) found.push(range[0]);
      }
    },
  });
  return found;
}

/** Parses YAML (one document, unique keys); never throws. An empty document is null. */
export function parseYamlSource(text: string): YamlSource {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  if (document.errors.length > 0) {
    // A document nested thousands of levels deep overflows the parser's stack, at every level it
    // unwinds through: one problem, in words, at the first place.
    const tooDeep = document.errors.find((error) => /maximum call stack/i.test(error.message));
    const errors = tooDeep === undefined ? document.errors : [tooDeep];
    return {
      success: false,
      syntaxErrors: errors.map((error) => {
        const { line, col } = lines.linePos(error.pos[0]);
        // yaml's own words for this one advise a programmer (use parseAllDocuments).
        const message =
          error === tooDeep
            ? 'the document nests too deeply (about a thousand levels or more); write it flatter'
            : error.code === 'MULTIPLE_DOCS'
              ? 'one document only: remove the --- line that starts a second one'
              : (error.message.split('\n')[0] ?? error.code);
        return { line, column: col, message: `YAML syntax: ${message}` };
      }),
    };
  }
  const repeated = repeatedKeys(document);
  if (repeated.length > 0) {
    return {
      success: false,
      syntaxErrors: repeated.map((offset) => {
        const { line, col } = lines.linePos(offset);
        return { line, column: col, message: 'YAML syntax: Map keys must be unique' };
      }),
    };
  }
  const recursive = recursiveAliases(document);
  if (recursive.length > 0) {
    return {
      success: false,
      syntaxErrors: recursive.map(({ offset, name }) => {
        const { line, col } = lines.linePos(offset);
        return { line, column: col, message: `YAML syntax: the alias *${name} is inside the value it names, which would nest without end; write the value out` };
      }),
    };
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 }) as unknown;
  } catch (error) {
    // Aliases that expand into too much (a "billion laughs" document), or one that points nowhere.
    const reason = /alias count/i.test((error as Error).message)
      ? 'aliases expand into too much data (more than 100 uses); write the values out'
      : /maximum call stack/i.test((error as Error).message)
        ? 'the document nests too deeply (about a thousand levels or more); write it flatter'
        : (error as Error).message;
    return { success: false, syntaxErrors: [{ line: 1, column: 1, message: `YAML syntax: ${reason}` }] };
  }
  return {
    success: true,
    data,
    position(path, atKey = false) {
      const { line, col } = lines.linePos(locate(document, path, atKey));
      return { line, column: col };
    },
    commentAfterPlainValue(path) {
      const node = document.getIn(path, true);
      if (!isScalar(node) || node.type !== Scalar.PLAIN || node.range === undefined || node.range === null) return undefined;
      const end = node.range[1];
      const rest = /^[ \t]+#/.exec(text.slice(end, text.indexOf('\n', end) === -1 ? undefined : text.indexOf('\n', end)));
      if (rest === null) return undefined;
      const { line, col } = lines.linePos(end + rest[0].length - 1);
      return { line, column: col };
    },
  };
}
