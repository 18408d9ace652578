// Reading a structured answer: its strings, numbers and booleans in document order, each with its JSON path
// (`friction[0].detail`), and the JSON blocks of a text answer (```json … ```).

/** JSON paths as the suites write them: `evidence[1]`, `friction[0].detail`. */
export const childPath = (parent: string, key: string | number): string => (typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`);

/** The words of a key, in lower case: `errorCount`, `error_count` and `error-count` are `error count`. */
export const keyWords = (key: string): string => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();

/**
 * The objects of `value` at any depth, each with its JSON path and its entries, with a stack of
 * its own (an answer may nest deeper than calls can).
 */
export function* objectsOf(value: unknown): Generator<{ readonly path: string; readonly entries: [string, unknown][] }> {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const { value: current, path } = place;
    if (Array.isArray(current)) current.forEach((inner, index) => stack.push({ value: inner, path: childPath(path, index) }));
    if (current === null || typeof current !== 'object' || Array.isArray(current)) continue;
    const entries = Object.entries(current);
    for (const [key, inner] of entries) stack.push({ value: inner, path: childPath(path, key) });
    yield { path, entries };
  }
}

/** A value of a structured answer, where it is: under which key (or index) of which parent. */
interface Place {
  readonly value: unknown;
  readonly parent: Place | undefined;
  readonly step: string | number;
  /** The key that names its numbers: its own, or its list's. */
  readonly key: string;
  /** Whether it is in an item of a list (`friction[0].dead_clicks`): its counts are of that item. */
  readonly inItem: boolean;
}

/** `evidence[1]`, `outcome`: the JSON path of a place, made only for the values that have a claim. */
function pathOf(place: Place): string {
  const steps: (string | number)[] = [];
  for (let at: Place | undefined = place; at?.parent !== undefined; at = at.parent) steps.push(at.step);
  return steps.reverse().reduce<string>((path, step) => childPath(path, step), '');
}

/**
 * Visits the strings, numbers and booleans of `value` in document order, with a stack of its own rather than
 * the call stack: an answer may nest deeper than calls can.
 */
export function walk(
  value: unknown,
  visit: (text: string, path: () => string) => void,
  visitNumber: (key: string, value: number, path: () => string, listed: boolean, inItem: boolean) => void,
  visitBoolean: (key: string, value: boolean, path: () => string, inItem: boolean) => void = () => undefined,
): void {
  const stack: Place[] = [{ value, parent: undefined, step: '', key: '', inItem: false }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const current = place;
    const item = current.value;
    if (typeof item === 'string') visit(item, () => pathOf(current));
    else if (typeof item === 'number') visitNumber(current.key, item, () => pathOf(current), typeof current.step === 'number', current.inItem);
    else if (typeof item === 'boolean') visitBoolean(current.key, item, () => pathOf(current), current.inItem);
    else if (Array.isArray(item)) for (let index = item.length - 1; index >= 0; index--) stack.push({ value: item[index], parent: current, step: index, key: current.key, inItem: true });
    else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [child, inner] = entries[index] as [string, unknown];
        stack.push({ value: inner, parent: current, step: child, key: child, inItem: current.inItem });
      }
    }
  }
}

/** The fenced blocks of a text that hold a JSON object or array, with where each is; or the whole text, when it is a JSON object or array without a fence. */
export function jsonBlocks(text: string): { readonly start: number; readonly end: number; readonly value: unknown }[] {
  if (!text.includes('```')) {
    // An answer that is JSON and nothing else, without a fence.
    const start = text.search(/\S/);
    if (start === -1 || (text.charCodeAt(start) !== 0x7b && text.charCodeAt(start) !== 0x5b)) return [];
    try {
      return [{ start, end: text.trimEnd().length, value: JSON.parse(text) as unknown }];
    } catch {
      return [];
    }
  }
  const blocks: { start: number; end: number; value: unknown }[] = [];
  for (const match of text.matchAll(/```[a-z]*[ \t]*\n([\s\S]*?)\n[ \t]*```/gi)) {
    const body = (match[1] ?? '').trim();
    if (!/^[[{]/.test(body)) continue;
    try {
      blocks.push({ start: match.index, end: match.index + match[0].length, value: JSON.parse(body) as unknown });
    } catch {
      // Not JSON: its claims are read as text.
    }
  }
  return blocks;
}
