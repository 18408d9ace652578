// Where a secret token can start: the fixed beginnings of the tokens the `secret` preset finds
// (a JWT's `eyJ`, `Bearer`, `Basic`, the prefixes of well-known API keys), as one regular
// expression for the detector and as a test of one position that TextFacts runs in its single pass
// over a text, so that a text without any of them costs no regular expression.

import { VENDOR_DASH_ENDS, VENDOR_KEY_START, VENDOR_UNDERSCORE_ENDS } from './vendor-keys.js';

/** The fixed starts of the API key shapes: a text without any holds no API key. */
export const API_KEY_START = /sk-|_live_|_test_|AKIA|ASIA|gh[pousr]_|github_pat_|xox[abposr]-|xapp-|sq0atp-|sq0csp-|AIza|glpat-|pypi-|GOCSPX-|npm_|hf_|shp(?:at|ca)_|whsec_|do[por]_v1_|lin_api_|key-|SG\.[\w-]/;

/** The host of Slack's incoming webhooks, up to its `c`: a text without it holds no Slack webhook URL. */
export const SLACK_WEBHOOK_START = /hooks\.slack\.c/;

/**
 * The pieces of the HTTP schemes before a token, in any case (`Bearer`, `bearer`, `BeArEr`: a
 * scheme's name is not case-sensitive, and the detector matches it in any case).
 */
export const SCHEME_PIECES = { bearer: /earer/i, basic: /asic/i } as const;

/** The end of a PEM private key's first line (`-----BEGIN RSA PRIVATE KEY-----`, `-----BEGIN PGP PRIVATE KEY BLOCK-----`). */
export const PRIVATE_KEY_START = /PRIVATE KEY-|PRIVATE KEY BLOCK-/;

/** What a JWT, a Bearer token or Basic credentials (as the detector looks for them), an API key (see vendor-keys.ts too), a private key or a Slack webhook URL starts with: one test for them all. */
export const TOKEN_START = new RegExp(`eyJ|[eE][aA][rR][eE][rR]|[aA][sS][iI][cC]|${API_KEY_START.source}|${VENDOR_KEY_START.source}|${PRIVATE_KEY_START.source}|${SLACK_WEBHOOK_START.source}`);

const at = (text: string, index: number, piece: string) => index >= 0 && text.startsWith(piece, index);

/** The fixed starts that end in `-` (besides Slack's `xox?-`). */
const DASH_ENDS = ['sk-', 'PRIVATE KEY-', 'PRIVATE KEY BLOCK-', 'glpat-', 'pypi-', 'GOCSPX-', 'key-', 'xapp-', 'sq0atp-', 'sq0csp-', ...VENDOR_DASH_ENDS];
/** The fixed starts that end in `_` (besides GitHub's `gh?_` and DigitalOcean's `do?_v1_`). */
const UNDERSCORE_ENDS = ['_live_', '_test_', 'github_pat_', 'npm_', 'hf_', 'shpat_', 'shpca_', 'whsec_', 'lin_api_', ...VENDOR_UNDERSCORE_ENDS];

/** Whether one of `pieces` ends at `index` of `text` (its last character is `text[index]`). */
function endsWithOneOf(text: string, index: number, pieces: readonly string[]): boolean {
  for (const piece of pieces) if (at(text, index - piece.length + 1, piece)) return true;
  return false;
}

/** Whether `text` holds `piece` (lower-case ASCII letters) at `index`, in any case: `| 0x20` puts a capital in lower case and maps no other character onto a letter. */
function atInAnyCase(text: string, index: number, piece: string): boolean {
  if (index < 0 || index + piece.length > text.length) return false;
  for (let offset = 0; offset < piece.length; offset++) if ((text.charCodeAt(index + offset) | 0x20) !== piece.charCodeAt(offset)) return false;
  return true;
}

/**
 * Whether one of TOKEN_START's pieces ends at `index` of `text` (its last character is
 * `text[index]`), or, for the pieces starting with `A` (Atlassian's `ATATT3` too), starts there, or, for SendGrid's `SG.`
 * and the key's first character, holds its `G` there: true at some index exactly
 * when TOKEN_START matches the text (a property test holds the two equal).
 */
export function tokenStartAt(text: string, index: number): boolean {
  switch (text.charCodeAt(index)) {
    case 74: // J
      return at(text, index - 2, 'eyJ');
    case 114: // r
    case 82: // R
      return (text.charCodeAt(index - 1) | 0x20) === 101 && atInAnyCase(text, index - 4, 'earer');
    case 99: // c
      return ((text.charCodeAt(index - 1) | 0x20) === 105 && atInAnyCase(text, index - 3, 'asic')) || at(text, index - 12, 'hooks.slack.c');
    case 67: // C
      return (text.charCodeAt(index - 1) | 0x20) === 105 && atInAnyCase(text, index - 3, 'asic');
    case 45: // -
      return endsWithOneOf(text, index, DASH_ENDS) || (at(text, index - 4, 'xox') && 'abposr'.includes(text.charAt(index - 1)));
    case 95: // _
      return (
        endsWithOneOf(text, index, UNDERSCORE_ENDS) ||
        (at(text, index - 3, 'gh') && 'pousr'.includes(text.charAt(index - 1))) ||
        (at(text, index - 6, 'do') && 'por'.includes(text.charAt(index - 4)) && at(text, index - 3, '_v1_'))
      );
    case 65: // A
      return at(text, index, 'AKIA') || at(text, index, 'ASIA') || at(text, index, 'AIza') || at(text, index, 'ATATT3');
    case 71: // G, of SendGrid's `SG.` and a key's first character
      return at(text, index - 1, 'SG.') && /[\w-]/.test(text.charAt(index + 2));
    default:
      return false;
  }
}
