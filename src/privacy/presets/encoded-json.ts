// A JSON object written in base64 (`eyJ…`, the encoding of `{"`), as an OAuth `state`, a magic
// link's or an embed's parameter, or a tracking cookie carries one: `state=eyJlbWFpbCI6ImFkYUBl…`
// holds `{"email":"ada@example.com"}`. The presets read it decoded; when they find anything in it,
// the whole token is replaced by the placeholder of the first thing they find, as the token cannot
// be written back with only part of it hidden. A JWT (`eyJ….eyJ….…`) is the `secret` preset's.

/**
 * A base64 or base64url token that starts as the encoding of `{"` does, 12 characters or more: not
 * inside a word or a longer run of base64url's characters, nor a piece of a JWT (a dot before or
 * after it); after a `/` too, as a path's segment (`/embed/eyJ…`). An `=` of padding may be escaped
 * as a URL writes it (`%3D`).
 */
const ENCODED_JSON = /(?<![\w.-])eyJ[\w+/-]{9,}(?:={1,2}|(?:%3D){1,2})?(?![\w+/.=-])/gi;

/** The longest base64 token decoded (here and in encoded-text.ts): a longer one is left to the other presets. */
export const MAX_ENCODED_LENGTH = 65_536;

/** A character no JSON text holds outside its strings' escapes, or the character a malformed byte decodes to. */
const NOT_JSON_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/;

/** A token found, with its JSON text (as encoded-text.ts gives a token's text: see findPresetMatches). */
export interface EncodedJson {
  readonly start: number;
  readonly end: number;
  readonly decoded: string;
}

/**
 * Whether `text` may hold a JSON object in base64: it holds `eyJ` where a secret token may start
 * (the text's facts know it: see tokenStartAt). The privacy probe and findPresetMatches ask the same.
 */
export const mayHoldEncodedJson = (text: string, tokenStart: boolean): boolean => tokenStart && text.includes('eyJ');

/**
 * The base64 tokens of `text` that decode to a JSON object's text: the whole token, or, when it
 * runs on into base64's `+` or `/` and so does not decode (`eyJ…/next`, a path's next segment), the
 * part before them.
 */
export function encodedJsonIn(text: string): EncodedJson[] {
  const found: EncodedJson[] = [];
  ENCODED_JSON.lastIndex = 0;
  for (let match = ENCODED_JSON.exec(text); match !== null; match = ENCODED_JSON.exec(text)) {
    const token = match[0];
    if (token.length > MAX_ENCODED_LENGTH || !token.startsWith('eyJ')) continue;
    const start = match.index;
    let json = jsonOf(token);
    let end = start + token.length;
    const cut = token.search(/[+/]/);
    if (json === undefined && cut > 0) {
      json = jsonOf(token.slice(0, cut));
      end = start + cut;
    }
    if (json !== undefined) found.push({ start, end, decoded: json });
  }
  ENCODED_JSON.lastIndex = 0;
  return found;
}

/** The JSON object's text that `token` encodes; undefined when it decodes to anything else. */
function jsonOf(token: string): string | undefined {
  const decoded = Buffer.from(token.replace(/%3D/gi, '='), 'base64').toString('utf8');
  return decoded.startsWith('{"') && !NOT_JSON_TEXT.test(decoded) ? decoded : undefined;
}
