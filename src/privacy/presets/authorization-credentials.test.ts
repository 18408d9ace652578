import { describe, expect, it } from 'vitest';
import { findPresetMatches } from '../presets.js';

const SECRET: ReadonlySet<'secret'> = new Set(['secret']);

function redacted(text: string): string {
  let out = text;
  for (const match of findPresetMatches(text, SECRET).reverse()) out = `${out.slice(0, match.start)}[secret]${out.slice(match.end)}`;
  return out;
}

describe("an Authorization header's credentials after a scheme the preset does not name", () => {
  it.each([
    ['Authorization: SSWS 00AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd', 'Authorization: SSWS [secret]'],
    ['proxy-authorization: Negotiate YIIGhgYGKwYBBQUCoIIGejCCBnag==', 'proxy-authorization: Negotiate [secret]'],
    ['HTTP_AUTHORIZATION=ApiKey k7Qx9Lm2Vb8Nc3Rt', 'HTTP_AUTHORIZATION=ApiKey [secret]'],
    ['a[title="Authorization: SSWS 00AbCdEfGhIjKlMnOpQr"]', 'a[title="Authorization: SSWS [secret]"]'],
    ['Authorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261201/us-east-1/s3/aws4_request, SignedHeaders=host', 'Authorization: AWS4-HMAC-SHA256 [secret], SignedHeaders=host'],
  ])('redacts %j', (text, expected) => {
    expect(redacted(text)).toBe(expected);
  });

  it.each([
    // As before: the scheme alone, a value too short for credentials, and Digest's parameters.
    ['Authorization: SSWS', 'Authorization: [secret]'],
    ['Authorization: SSWS short', 'Authorization: [secret] short'],
    ['Authorization: Digest username="ada"', 'Authorization: [secret] username="ada"'],
    ['Authorization: Bearer abcdefgh12345678', 'Authorization: Bearer [secret]'],
    ['Authorization status: pending review', 'Authorization status: pending review'],
    ['x-authorization-mode: OAuth2 enabled-for-all', 'x-authorization-mode: [secret] enabled-for-all'],
  ])('reads %j as before', (text, expected) => {
    expect(redacted(text)).toBe(expected);
  });
});
