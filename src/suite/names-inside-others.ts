// Which case names of a suite stand inside another of its names (`coupon` inside `coupon retry`),
// found for all names in one pass (Aho–Corasick): asked name by name against every other name,
// the question costs the square of the number of cases, which a suite of thousands feels.

/**
 * The names of `names` that occur inside another, different name of `names` (as
 * `other.includes(name)` tells, code unit by code unit). Time and memory linear in the total
 * length of the names.
 */
export function namesInsideOthers(names: readonly string[]): ReadonlySet<string> {
  // A trie of every name; `ends[node]` is the name that ends at a node.
  const children: Map<string, number>[] = [new Map()];
  const ends: (string | undefined)[] = [undefined];
  for (const name of names) {
    let node = 0;
    for (let index = 0; index < name.length; index++) {
      const character = name[index] as string;
      let next = (children[node] as Map<string, number>).get(character);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        ends.push(undefined);
        (children[node] as Map<string, number>).set(character, next);
      }
      node = next;
    }
    ends[node] = name;
  }
  // `fallback[node]`: the node of the longest proper suffix of the node's text in the trie;
  // `shorter[node]`: the nearest node on that chain that ends a name (-1 when none).
  const fallback = new Array<number>(children.length).fill(0);
  const shorter = new Array<number>(children.length).fill(-1);
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number;
    for (const [character, child] of children[node] as Map<string, number>) {
      let suffix = fallback[node] as number;
      let target = node === 0 ? 0 : undefined;
      while (target === undefined) {
        target = (children[suffix] as Map<string, number>).get(character);
        if (target === undefined && suffix === 0) target = 0;
        suffix = fallback[suffix] as number;
      }
      fallback[child] = target;
      shorter[child] = ends[target] !== undefined ? target : (shorter[target] as number);
      queue.push(child);
    }
  }
  const inside = new Set<string>();
  // A node marked once has its whole chain of shorter names marked: a walk stops at the first marked one.
  const marked = new Uint8Array(children.length);
  for (const name of names) {
    let node = 0;
    for (let index = 0; index < name.length; index++) {
      const character = name[index] as string;
      while (node !== 0 && !(children[node] as Map<string, number>).has(character)) node = fallback[node] as number;
      node = (children[node] as Map<string, number>).get(character) ?? 0;
      // The name itself, met at its own end, is not inside another.
      let found = ends[node] !== undefined && ends[node] !== name ? node : (shorter[node] as number);
      while (found !== -1 && marked[found] === 0) {
        marked[found] = 1;
        inside.add(ends[found] as string);
        found = shorter[found] as number;
      }
    }
  }
  // The empty name stands inside every other name.
  if (names.includes('') && names.some((name) => name !== '')) inside.add('');
  return inside;
}
