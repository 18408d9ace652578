// Reads a value from a structured answer by a dotted path with [n] indices: `friction[0].kind`.

export type PathLookup = { readonly found: true; readonly value: unknown } | { readonly found: false; readonly missing: string };

const SEGMENT = /([^.[\]]+)|\[(\d+)\]/g;

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
