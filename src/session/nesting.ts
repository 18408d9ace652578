// How deep a recorded value nests. Rendering and hashing walk values recursively, so a fixture
// that nests thousands of levels deep is refused when it loads, by path, not when it is prepared.

/**
 * Objects and lists may nest this many levels in the value of an event's or a fixture's field:
 * far more than recorded data needs (the server's 512-character property paths allow 256), far
 * less than what would overflow the stack.
 */
export const MAX_NESTING = 512;

/** The path (below `value`) where nesting passes `limit` levels, or undefined. */
export function tooDeepAt(value: unknown, limit = MAX_NESTING): (string | number)[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (limit === 0) return [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const below = tooDeepAt(value[index], limit - 1);
      if (below !== undefined) return [index, ...below];
    }
    return undefined;
  }
  for (const key in value) {
    const below = tooDeepAt((value as Record<string, unknown>)[key], limit - 1);
    if (below !== undefined) return [key, ...below];
  }
  return undefined;
}

export const TOO_DEEP_MESSAGE = `nests more than ${MAX_NESTING} levels deep`;
