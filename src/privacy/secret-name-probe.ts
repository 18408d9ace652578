// Whether a text may hold a secret's value after its name, as the `secret` preset reads `key=value`
// pairs: asked by the text writer of each text whose other counts lead to no preset (see
// PrivacyProbe and mayBeChanged), and by a test of the probe. Read by character codes, without a
// string for the name.

/**
 * Whether a `=` or `:` of `text` follows a name that may be a secret's, as the `secret` preset
 * reads `key=value` pairs (see KEY_VALUE): the run of word characters, `.` and `-` before it (and
 * before a quote, a backtick or Markdown's stars, and blanks) holds a piece of a secret name; or a colon may end the user of a
 * command line's `-u user:password`. The preset finds a value only after such a name or user, so
 * a text without one has no secret value.
 */
export function holdsSecretName(text: string): boolean {
  const flag = text.includes('-u');
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) if (nameEndsAt(text, at) || (flag && mayEndFlaggedUser(text, at))) return true;
  for (let at = text.indexOf('='); at !== -1; at = text.indexOf('=', at + 1)) if (nameEndsAt(text, at)) return true;
  return false;
}

// Whether the name before the `=` or `:` at `index` holds a piece of a secret name.
function nameEndsAt(text: string, index: number): boolean {
  let end = index;
  while (end > 0 && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  if (end > 0 && (text.charCodeAt(end - 1) === 0x22 || text.charCodeAt(end - 1) === 0x27 || text.charCodeAt(end - 1) === 0x60)) end--;
  // Markdown's emphasis after the name: `**Password**: …`.
  else for (let stars = 0; stars < 3 && end > 0 && text.charCodeAt(end - 1) === 0x2a; stars++) end--;
  // `\"password\":`, JSON inside a JSON string.
  if (end > 0 && text.charCodeAt(end - 1) === 0x5c) end--;
  let start = end;
  while (start > 0 && isNameCode(text.charCodeAt(start - 1))) start--;
  return holdsSecretNamePiece(text, start, end);
}

/**
 * Whether the colon at `index` may end the user of `-u user:password` or `--user=user:password`
 * (CREDENTIALS_FLAG in secret-detector.ts, whose user is any 64 characters but blanks, colons and
 * quotes): looked for in the 73 characters before it, which hold the longest flag and user.
 */
function mayEndFlaggedUser(text: string, index: number): boolean {
  return FLAGGED_USER_BEFORE.test(text.slice(Math.max(0, index - 73), index));
}

/** What comes before the colon of `-u user:password` (see CREDENTIALS_FLAG), matched at the end of what precedes the colon. */
const FLAGGED_USER_BEFORE = /(?<![\w-])(?:-u|--user)[ =]['"]?[^\s:'"]{1,64}$/;

/** `[A-Za-z0-9_.[\]-]`: what a `key=value` pair's key is made of, with a form field's brackets (`user[password]`). */
function isNameCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2e || code === 0x2d || code === 0x5b || code === 0x5d;
}

/** The pieces of SECRET_NAME_PIECE (secret-detector.ts) by the code of their first letter, in lower case. */
const NAME_PIECES_BY_FIRST: (readonly string[] | undefined)[] = new Array<readonly string[] | undefined>(128).fill(undefined);
for (const [first, pieces] of Object.entries({
  p: ['pass', 'pw', 'pin', 'private'],
  s: ['secret', 'ssn', 'security', 'sessid', 'sessionid', 'sig', 'session', 'senha', 'salasana'],
  t: ['token'],
  a: ['api', 'authorization'],
  c: ['cookie', 'cvv', 'cvc', 'csc', 'credential', 'code', 'contrase'],
  o: ['otp'],
  m: ['mfa'],
  '2': ['2fa'],
  l: ['losenord'],
  f: ['factor'],
  v: ['verification'],
  k: ['key', 'kennwort'],
  w: ['wordpress', 'wachtwoord'],
  '.': ['.sid'],
})) NAME_PIECES_BY_FIRST[first.charCodeAt(0)] = pieces;

/**
 * Whether `text` from `start` to `end` holds a piece of a secret name in any case: the same as
 * SECRET_NAME_PIECE.test on that part of it (a property test holds them equal), without a string
 * for the part. The pieces are ASCII letters after their first character (a letter or `2`): from
 * `A` on, `| 0x20` puts a capital in lower case and maps no other character onto a letter.
 */
export function holdsSecretNamePiece(text: string, start: number, end: number): boolean {
  // The first two characters of each piece, folded, rule out nearly every place at one look-up.
  let next = start < end ? foldedCode(text.charCodeAt(start)) : 0;
  for (let at = start; at + 1 < end; at++) {
    const code = next;
    next = foldedCode(text.charCodeAt(at + 1));
    if (NAME_PIECE_PAIRS[(code << 7) | next] !== 1) continue;
    const pieces = NAME_PIECES_BY_FIRST[code] as readonly string[];
    for (let index = 0; index < pieces.length; index++) {
      const piece = pieces[index] as string;
      if (at + piece.length <= end && foldedAt(text, at, piece)) return true;
    }
  }
  return false;
}

/** An ASCII code in lower case (see holdsSecretNamePiece), 0 for any other character. */
function foldedCode(code: number): number {
  return code >= 0x80 ? 0 : code >= 0x41 ? code | 0x20 : code;
}

/** 1 at [first << 7 | second] for the first two characters of a piece, in lower case. */
const NAME_PIECE_PAIRS = new Uint8Array(128 * 128);
for (const pieces of NAME_PIECES_BY_FIRST) for (const piece of pieces ?? []) NAME_PIECE_PAIRS[(piece.charCodeAt(0) << 7) | piece.charCodeAt(1)] = 1;

function foldedAt(text: string, at: number, piece: string): boolean {
  for (let offset = 1; offset < piece.length; offset++) if ((text.charCodeAt(at + offset) | 0x20) !== piece.charCodeAt(offset)) return false;
  return true;
}
