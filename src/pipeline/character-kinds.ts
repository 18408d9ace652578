// What the text writer looks up for each ASCII character it copies: whether a quoted string must
// escape it, and, with a privacy probe, what the probe counts it as. One table each, made once.

import { PROBE_KINDS } from '../privacy/privacy-probe.js';

/**
 * 1 at the characters a quoted string cannot carry as they are (see quoteString): JSON syntax and
 * control characters, and the angle brackets of the session tag. U+2028/2029 are checked apart.
 */
export const ESCAPED_ASCII = new Uint8Array(0x5d);
for (let code = 0; code < 0x20; code++) ESCAPED_ASCII[code] = 1;
for (const character of '"\\<>') ESCAPED_ASCII[character.charCodeAt(0)] = 1;

/** The kind of a character to escape in PROBED_KINDS. */
export const PROBE_ESCAPED = 0x80;

/** The privacy probe's kinds of ASCII characters (PROBE_KINDS), with PROBE_ESCAPED at those to escape: one look-up says both. */
export const PROBED_KINDS = PROBE_KINDS.slice();
for (let code = 0; code < ESCAPED_ASCII.length; code++) if (ESCAPED_ASCII[code] === 1) PROBED_KINDS[code] = PROBE_ESCAPED;
