// Strings that share no memory with the string they came from.
//
// A slice or a concatenation in V8 points into its source: a prompt line from `split` keeps its
// whole prompt of megabytes alive. Anything that outlives a frame must hold its own copy, above
// all Ink, whose text measuring and wrapping caches remember every text ever drawn, for good.

/** A copy of `text` as a new flat string (decoding makes a new one). */
export const ownCopy = (text: string): string => Buffer.from(text, 'utf16le').toString('utf16le');
