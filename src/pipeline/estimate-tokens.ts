// A quick token estimate for a prompt, used until (or instead of) a vendor count.

// ASCII punctuation: quotes, brackets, colons, equals signs and the like usually cost a token each.
const PUNCTUATION = new Uint8Array(128);
for (const character of '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~') PUNCTUATION[character.charCodeAt(0)] = 1;

// Long prompts are sampled: 32 evenly spaced windows of 256 characters tell the punctuation
// share within about a percent of a full scan, at a small fixed cost (scanning runs at a few
// nanoseconds per character, which a 50,000-character prompt would already feel).
const FULL_SCAN_LIMIT = 8192;
const WINDOWS = 32;
const WINDOW = 256;

function punctuationIn(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) count += PUNCTUATION[code] as number;
  }
  return count;
}

/**
 * Estimated tokens for `text`: about four characters per token for prose, one token per two
 * punctuation marks, which the session block is dense with. Always labelled as an estimate.
 *
 * @category Pipeline
 */
export function estimateTokens(text: string): number {
  let punctuation: number;
  if (text.length <= FULL_SCAN_LIMIT) {
    punctuation = punctuationIn(text, 0, text.length);
  } else {
    const stride = Math.floor((text.length - WINDOW) / (WINDOWS - 1));
    let sampled = 0;
    for (let window = 0; window < WINDOWS; window++) sampled += punctuationIn(text, window * stride, window * stride + WINDOW);
    punctuation = Math.round((sampled / (WINDOWS * WINDOW)) * text.length);
  }
  return Math.ceil((text.length - punctuation) / 4 + punctuation / 2);
}
