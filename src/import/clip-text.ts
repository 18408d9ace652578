// Cutting long texts of an import, and, in an import with privacy rules, redacting a text before
// it is cut: a cut through an email or a card number would leave a part of it that no preset
// recognises (`ada@exa…`, 15 digits of 16), so the whole text is redacted first.

/** What redacts a text before it is cut, while an import with rules derives its events. */
export interface ClipRedaction {
  /** The text with the rules applied (counted where the import counts its replacements). */
  readonly redact: (text: string) => string;
  /** Notes `whole`, the text as read, of a text that was cut to `cut`: what an element's blocking protects elsewhere. */
  readonly noteCut: (cut: string, whole: string) => void;
}

let active: ClipRedaction | undefined;

/**
 * Runs `derive` (synchronous: the deriver's handling of one rrweb event, or its last flush) with
 * `redaction` applied to every text cut while it runs. The deriver's functions that cut texts are
 * many and deep; one import derives in one synchronous step at a time, so a scope is enough.
 */
export function withClipRedaction<T>(redaction: ClipRedaction | undefined, derive: () => T): T {
  if (redaction === undefined) return derive();
  const outer = active;
  active = redaction;
  try {
    return derive();
  } finally {
    active = outer;
  }
}

/**
 * `text` cut at `limit` characters (the last one an ellipsis; with `trimEnd`, white space before
 * it left out), redacted first when it is cut in an import with rules.
 */
export function cutText(text: string, limit: number, trimEnd = false): string {
  if (text.length <= limit) return text;
  const redacted = active === undefined ? text : active.redact(text);
  const kept = redacted.slice(0, limit - 1);
  const cut = redacted.length > limit ? `${trimEnd ? kept.trimEnd() : kept}…` : redacted;
  active?.noteCut(cut, text);
  if (redacted !== text) active?.noteCut(cut, redacted);
  return cut;
}
