// Redacted text as one flat string. A string built of pieces (`before + '[email]' + after`) is a
// rope in V8 (a cons string), and `slice` of a long one a view of another. When such a string
// reaches the prompt writer's character loops (TextWriter), V8 optimises those loops for ropes
// too, and every later render slows down, those without privacy rules included: a process that
// prepared with rules and without ran prepare without rules at 1.3-2.1 times its speed alone
// (docs/benchmarks.md). Strings parsed from a session are flat; redacted ones are made flat
// before they take a place in an event.

/** `text` as a flat (sequential) string: the same characters, copied when it was built of pieces. */
export function flatString(text: string): string {
  // V8 copies the short strings it concatenates, and `join` of two or more non-empty pieces writes
  // one flat string; `text` whole, or `join` of one piece, could be the rope itself.
  return text.length < 2 ? text : [text.slice(0, 1), text.slice(1)].join('');
}
