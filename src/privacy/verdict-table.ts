// The privacy probe's verdicts of the texts of one render, by text: a session repeats its
// selectors, labels and URLs, so most texts were judged before. The text writer hashes each text
// as it copies it (textHash, one multiply-add per character), and the table finds the verdict by
// that hash and the text itself. A Map keyed by the text costs V8's own hash of it on every
// look-up, a second pass over its characters: the full render of 10,000 events with every preset
// spent more on those look-ups than on copying the texts.

/** Not in the table. */
export const UNKNOWN = 0;
/** In the table: the rules change nothing in the text. */
export const PASSES = 1;
/** In the table: the rules change the text. */
export const CHANGED = 2;

/** The hash of a text's code units, as the text writer takes it while it copies them: `hash = hash * 31 + code` in 32 bits. */
export function textHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return hash;
}

const FIRST_CAPACITY = 1 << 10;

/** Verdicts by text (open addressing, grown as needed); made anew for each render, so it holds no text of another. */
export class VerdictTable {
  #texts: (string | undefined)[] = new Array<string | undefined>(FIRST_CAPACITY).fill(undefined);
  #hashes = new Int32Array(FIRST_CAPACITY);
  #verdicts = new Uint8Array(FIRST_CAPACITY);
  #count = 0;

  /** The verdict of `text`, whose textHash is `hash`: UNKNOWN, PASSES or CHANGED. */
  get(hash: number, text: string): number {
    const texts = this.#texts;
    const mask = texts.length - 1;
    for (let slot = spread(hash) & mask; ; slot = (slot + 1) & mask) {
      const known = texts[slot];
      if (known === undefined) return UNKNOWN;
      if (this.#hashes[slot] === hash && known === text) return this.#verdicts[slot] as number;
    }
  }

  /** Notes the verdict of `text` (not in the table yet), whose textHash is `hash`; gives `changed` back. */
  set(hash: number, text: string, changed: boolean): boolean {
    if (2 * (this.#count + 1) > this.#texts.length) this.#grow();
    this.#place(hash, text, changed ? CHANGED : PASSES);
    this.#count++;
    return changed;
  }

  /** Texts in the table. */
  get size(): number {
    return this.#count;
  }

  #place(hash: number, text: string, verdict: number): void {
    const texts = this.#texts;
    const mask = texts.length - 1;
    let slot = spread(hash) & mask;
    while (texts[slot] !== undefined) slot = (slot + 1) & mask;
    texts[slot] = text;
    this.#hashes[slot] = hash;
    this.#verdicts[slot] = verdict;
  }

  #grow(): void {
    const texts = this.#texts;
    const hashes = this.#hashes;
    const verdicts = this.#verdicts;
    const capacity = texts.length * 2;
    this.#texts = new Array<string | undefined>(capacity).fill(undefined);
    this.#hashes = new Int32Array(capacity);
    this.#verdicts = new Uint8Array(capacity);
    for (let slot = 0; slot < texts.length; slot++) {
      const text = texts[slot];
      if (text !== undefined) this.#place(hashes[slot] as number, text, verdicts[slot] as number);
    }
  }
}

// The multiply-add hash of texts that differ in their last characters differs in its low bits
// only by small amounts: mixed so that neighbouring hashes do not take neighbouring slots.
function spread(hash: number): number {
  const mixed = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return mixed ^ (mixed >>> 16);
}
