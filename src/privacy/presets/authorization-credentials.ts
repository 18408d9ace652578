// The credentials of an `Authorization` header written with a scheme the `secret` preset does not
// name (`Authorization: SSWS 00Qk…` of Okta, `Negotiate YIIG…`, `AWS4-HMAC-SHA256 Credential=…`):
// part of its reading of `key: value` pairs (see findSecretValues in secret-detector.ts).

import type { Span } from './detector.js';

/** A header whose value is a scheme and credentials: `Authorization`, `Proxy-Authorization`, `HTTP_AUTHORIZATION`, in any case. */
const AUTHORIZATION_NAME = /(?:^|[-_.])authorization$/i;

/** An HTTP authentication scheme's name: a word of letters, digits and dashes (`SSWS`, `Negotiate`, `AWS4-HMAC-SHA256`). */
const SCHEME = /^[A-Za-z][A-Za-z0-9-]{1,31}$/;

/** After the scheme, spaces and the credentials: 8 to 512 characters of a token (base64, `.~+/:=-`). */
const CREDENTIALS = /[ \t]+([\w.~+/:=-]{8,512})(?![\w.~+/:=-])/y;

/** The name of a parameter before its quoted value, as Digest writes its credentials (`username="ada"`): not a token. */
const PARAMETER_NAME = /^[A-Za-z]+=$/;

/**
 * The span of the credentials after an `Authorization` header's scheme when `value`, the bare value
 * found after the name, is that scheme and credentials follow it (`Authorization: SSWS 00Qk…`
 * becomes `Authorization: SSWS [secret]`, as `Bearer` stays before its token); else `span`, the
 * value's own.
 */
export function credentialsAfterScheme(text: string, key: string, value: string | undefined, span: Span): Span {
  if (value === undefined || !AUTHORIZATION_NAME.test(key) || !SCHEME.test(value)) return span;
  CREDENTIALS.lastIndex = span.end;
  const match = CREDENTIALS.exec(text);
  CREDENTIALS.lastIndex = 0;
  const credentials = match?.[1] ?? '';
  if (match === null || PARAMETER_NAME.test(credentials)) return span;
  const end = span.end + match[0].length;
  return { start: end - credentials.length, end };
}
