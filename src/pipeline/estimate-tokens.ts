// A quick token estimate for a prompt, used until (or instead of) a vendor count.

/**
 * Estimated tokens for `text`: about four characters per token for English prose and a little
 * denser for the punctuation-heavy session block. Always labelled as an estimate.
 */
export function estimateTokens(text: string): number {
  let punctuation = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Quotes, brackets, colons, equals signs and the like usually cost a token each.
    if ((code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126)) {
      punctuation++;
    }
  }
  return Math.ceil((text.length - punctuation) / 4 + punctuation / 2);
}
