// Where the privacy probe may find a token's start, told from the character and the two before it
// as it counts (see PrivacyProbe): a table of pairs, so that tokenStartAt is asked at few places.

import { VENDOR_DASH_ENDS, VENDOR_UNDERSCORE_ENDS } from './presets/vendor-keys.js';

/**
 * At [code << 7 | previous code], for a character of kind PROBE_TOKEN: 0 where no token's start
 * can end there after that previous character; TOKEN_ANY where it can whatever came before (an
 * `A` begins `AKIA`); else one bit for each letter the character before the previous may be,
 * compared in any case (bit 0 for `a`: `r` after `e` after `r`, of `Bearer`, `BEARER` or `BeArEr`;
 * `_` after `c` after `e` of `whsec_` or `l` of Grafana's `glc_`). Only where both match is
 * tokenStartAt asked: `er` and `ic` are common.
 */
export const TOKEN_PAIRS = new Uint32Array(128 * 128);
export const TOKEN_ANY = 1 << 26;
const tokenEnd = (character: string, previous: string, beforeThat: string | undefined) => {
  const letter = beforeThat === undefined ? -1 : (beforeThat.charCodeAt(0) | 0x20) - 97;
  const at = (character.charCodeAt(0) << 7) | previous.charCodeAt(0);
  TOKEN_PAIRS[at] = (TOKEN_PAIRS[at] as number) | (letter >= 0 && letter < 26 ? 1 << letter : TOKEN_ANY);
};
tokenEnd('J', 'y', 'e'); // eyJ
// Bearer and Basic in any case.
for (const [last, previous, beforeThat] of [['r', 'e', 'r'], ['c', 'i', 's']] as const) {
  for (const character of [last, last.toUpperCase()]) for (const before of [previous, previous.toUpperCase()]) tokenEnd(character, before, beforeThat);
}
tokenEnd('-', 'k', 's'); // sk-
for (const letter of 'abposr') tokenEnd('-', letter, 'x'); // xoxb-
tokenEnd('_', 'e', 'v'); // _live_
tokenEnd('_', 't', undefined); // _test_, github_pat_
for (const letter of 'pousr') tokenEnd('_', letter, 'h'); // ghp_
tokenEnd('-', 'Y', 'e'); // PRIVATE KEY- (compared in any case)
tokenEnd('-', 'K', 'c'); // PRIVATE KEY BLOCK-
tokenEnd('-', 't', 'a'); // glpat-
tokenEnd('-', 'i', 'p'); // pypi-
tokenEnd('-', 'X', 'p'); // GOCSPX- (compared in any case)
tokenEnd('_', 'm', 'p'); // npm_
tokenEnd('_', 'f', 'h'); // hf_
tokenEnd('_', 'a', 'c'); // shpca_ (shpat_ ends as _test_)
tokenEnd('_', 'c', 'e'); // whsec_
tokenEnd('_', '1', 'v'); // dop_v1_
tokenEnd('_', 'i', 'p'); // lin_api_
tokenEnd('-', 'y', 'e'); // key- (Mailgun)
tokenEnd('c', '.', 'k'); // hooks.slack.c
TOKEN_PAIRS[(45 << 7) | 112] = TOKEN_ANY; // xapp-, sq0atp-, sq0csp-: `p-` after an `a`, a `t` or an `s`
for (let before = 0; before < 128; before++) TOKEN_PAIRS[(65 << 7) | before] = TOKEN_ANY; // AKIA, ASIA, AIza, ATATT3
// The vendors' keys of vendor-keys.ts: `glc_`, `sntrys_`, `NRAK-`, `r8_`…
for (const prefix of [...VENDOR_UNDERSCORE_ENDS, ...VENDOR_DASH_ENDS]) tokenEnd(prefix.charAt(prefix.length - 1), prefix.charAt(prefix.length - 2), prefix.charAt(prefix.length - 3));

/**
 * Whether a token's start may end (or, for `A`, begin) at `index` of `text`, whose character there
 * is `code`, of kind PROBE_TOKEN, after `previous` and `beforeThat` (the two characters before it,
 * 0 where there is none or it is not ASCII: the probe keeps them as it counts): true wherever
 * tokenStartAt is (a property test holds it), and at few places besides, so that tokenStartAt is
 * seldom asked.
 */
export function tokenMayStartAt(text: string, index: number, code: number, previous: number, beforeThat: number): boolean {
  // `AKIA`, `ASIA`, `AIza`, Atlassian's `ATATT3`: most capital A's begin a word.
  if (code === 0x41) {
    const next = text.charCodeAt(index + 1);
    return next === 0x4b || next === 0x53 || next === 0x49 || next === 0x54;
  }
  // SendGrid's `SG.`: a `G` after an `S`, before a dot.
  if (code === 0x47) return previous === 0x53 && text.charCodeAt(index + 1) === 0x2e;
  const pair = TOKEN_PAIRS[(code << 7) | previous] as number;
  if (pair === 0) return false;
  // `| 0x20` puts a capital in lower case and maps no other character onto a letter.
  const letter = (beforeThat | 0x20) - 97;
  return (pair & TOKEN_ANY) !== 0 || (letter >= 0 && letter < 26 && ((pair >>> letter) & 1) === 1);
}
