// Reads a value from a structured answer by a dotted path with [n] indices: `friction[0].kind`.

export type PathLookup = { readonly found: true; readonly value: unknown } | { readonly found: false; readonly missing: string };

const SEGMENT = /([^.[\]]+)|\[(\d+)\]/g;

// The whole grammar: a name, then `.name` or `[n]` any number of times.
const WELL_FORMED = /^[^.[\]]+(\.[^.[\]]+|\[\d+\])*$/;

/** Why `path` is no field path (`a..b`, `a[x]`, `a[0`), or undefined when it is one. */
export function fieldPathProblem(path: string): string | undefined {
  if (WELL_FORMED.test(path)) return undefined;
  return `"${path}" is not a field path: names joined by dots, with [n] for list items (e.g. friction[0].kind)`;
}

/** Splits `a.b[2].c` into `['a', 'b', 2, 'c']`. */
export function parseFieldPath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const match of path.matchAll(SEGMENT)) segments.push(match[2] !== undefined ? Number(match[2]) : (match[1] as string));
  return segments;
}

/** The value at `path`, or which part of it is missing. Own properties only. */
export function valueAtPath(value: unknown, path: string): PathLookup {
  let current = value;
  let walked = '';
  for (const segment of parseFieldPath(path)) {
    walked += typeof segment === 'number' ? `[${segment}]` : walked === '' ? segment : `.${segment}`;
    if (typeof segment === 'number' ? !Array.isArray(current) : current === null || typeof current !== 'object' || Array.isArray(current)) {
      return { found: false, missing: walked };
    }
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return { found: false, missing: walked };
    current = (current as Record<string | number, unknown>)[segment];
  }
  return { found: true, value: current };
}
