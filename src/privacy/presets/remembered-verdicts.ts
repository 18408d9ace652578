// A judgement of a string remembered per string: a session repeats the same few property names,
// selector paths and labels on every event, and each is judged once.

/** How many strings one judgement remembers before it starts again. */
const REMEMBERED_LIMIT = 10_000;

/** `judge`, asked once per distinct string (up to REMEMBERED_LIMIT of them, then afresh). */
export function rememberedVerdicts(judge: (text: string) => boolean): (text: string) => boolean {
  const known = new Map<string, boolean>();
  return (text) => {
    let verdict = known.get(text);
    if (verdict === undefined) {
      verdict = judge(text);
      if (known.size >= REMEMBERED_LIMIT) known.clear();
      known.set(text, verdict);
    }
    return verdict;
  };
}
