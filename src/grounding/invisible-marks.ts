// Marks that order right-to-left text or join words without showing (U+200E and U+200F, the
// embeddings and isolates, zero-width spaces, the byte-order mark): models writing Hebrew or
// Arabic put them around numbers and Latin words (`pipeline \u200f#48224`, `(\u200e38.4 MB\u200e)`).
// An answer is read with each as a space, at the same length, so that claims keep their places.

const INVISIBLE_MARK = /[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** `text` with each invisible mark a space. */
export function blankedMarks(text: string): string {
  return text.replace(INVISIBLE_MARK, ' ');
}
