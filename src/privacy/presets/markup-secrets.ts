// Secrets in markup a text holds, as a logged form, an error page or a SOAP fault writes them: the
// `value` of an input for a password or of a tag named or keyed for a secret, and the text of an
// XML element named for one. Part of the `secret` preset (see secret-detector.ts).

import { matchesOf, type Span } from './detector.js';
import { isSecretPropertyName } from './secret-property-name.js';

/** A bare value that holds no secret: a flag, nothing, or an HTTP scheme without its credentials (`Authorization: Bearer`). */
export const NO_SECRET_VALUE = /^(?:true|false|null|undefined|none|nil|bearer|basic)$/i;

/** `user%5Bpassword%5D` → `user[password]`: a form field's name as a URL escapes it. */
export function unescapedBrackets(key: string): string {
  return key.includes('%') ? key.replace(/%5B/gi, '[').replace(/%5D/gi, ']') : key;
}

/** An HTML or XML tag (or what a text kept of it, cut short) and the attributes in it. */
const INPUT_TAG = /<[A-Za-z][\w:-]{0,63}(\s[^<>]{0,1024})(?:>|$)/g;
const TAG_ATTRIBUTE = /([\w:-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

/**
 * The `value` of an HTML input for a secret, in a text that holds its markup (a logged form, an
 * error page): `<input type="password" value="…">`, or of any tag whose name, id or key is a
 * secret's (`<input name="api_token" value="…">`, .NET's `<add key="SmtpPassword" value="…"/>`; see isSecretPropertyName).
 */
export function findInputValues(text: string): Span[] {
  const spans: Span[] = [];
  for (const tag of matchesOf(INPUT_TAG, text)) {
    const attributes = tag[1] ?? '';
    const offset = tag.index + tag[0].indexOf(attributes);
    let value: Span | undefined;
    let secret = false;
    for (const attribute of matchesOf(TAG_ATTRIBUTE, attributes)) {
      const name = (attribute[1] ?? '').toLowerCase();
      const content = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      if (name === 'type') secret ||= content.toLowerCase() === 'password';
      else if (name === 'name' || name === 'id' || name === 'key') secret ||= isSecretPropertyName(unescapedBrackets(content));
      else if (name === 'value' && content !== '') {
        const end = offset + attribute.index + attribute[0].length - (attribute[4] === undefined ? 1 : 0);
        value = { start: end - content.length, end };
      }
    }
    if (secret && value !== undefined) spans.push(value);
  }
  return spans;
}

/** An XML element with text alone inside (`<password>Tern6Shoals</password>`, `<ns:apiKey>…</ns:apiKey>`): group 1 its name, 2 its text. */
const XML_ELEMENT = /<([A-Za-z_][\w.:-]{0,63})(?:\s[^<>]{0,512})?>([^<>\n]{1,256})<\/\1>/g;

/** The text of XML elements named for a secret (see isSecretPropertyName), but not a flag. */
export function findXmlValues(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of matchesOf(XML_ELEMENT, text)) {
    const value = match[2] ?? '';
    if (!isSecretPropertyName(match[1] ?? '') || NO_SECRET_VALUE.test(value.trim())) continue;
    const end = match.index + match[0].length - (match[1] ?? '').length - 3;
    spans.push({ start: end - value.length, end });
  }
  return spans;
}
