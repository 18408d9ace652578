import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, findPresetMatches, type PresetMatch, type PresetName } from './presets.js';

const ALL: ReadonlySet<PresetName> = new Set(PRESET_NAMES);

/** The matched substrings of `text` for one preset. */
function found(text: string, preset: PresetName): string[] {
  return findPresetMatches(text, new Set([preset])).map((match) => text.slice(match.start, match.end));
}

/** The single match expected for `value` embedded in `text`. */
function expectedMatch(text: string, value: string, preset: PresetName): PresetMatch[] {
  const start = text.indexOf(value);
  return [{ start, end: start + value.length, preset }];
}

function expectOnly(text: string, value: string, preset: PresetName): void {
  expect(findPresetMatches(text, new Set([preset]))).toEqual(expectedMatch(text, value, preset));
}

describe('email', () => {
  it.each([
    ['write to alice@example.com today', 'alice@example.com'],
    ['<john.smith+news@mail.example.co.uk>', 'john.smith+news@mail.example.co.uk'],
    ['mailto:a_b%c-d@sub-domain.io.', 'a_b%c-d@sub-domain.io'],
    ['"x1@y2.org",', 'x1@y2.org'],
    ['from _ada@example.com', '_ada@example.com'],
    ['José wrote from josé@example.com', 'josé@example.com'],
    ['ada@münchen.de', 'ada@münchen.de'],
    ['ada@example.xn--p1ai', 'ada@example.xn--p1ai'],
    ['пишите на почта@пример.рф', 'почта@пример.рф'],
    ['ADA@EXAMPLE.COM', 'ADA@EXAMPLE.COM'],
    // Escaped as in a URL, in a relative one that no URL reading decodes.
    ['GET /api/users?email=ada%40example.com 404', 'ada%40example.com'],
    ["fetch('/reset?e=Ada.Ng%40mail.example.org&x=1')", 'Ada.Ng%40mail.example.org'],
  ])('finds the address in %j', (text, address) => {
    expectOnly(text, address, 'email');
  });

  it.each(['a@b', 'user@localhost', 'no at sign here.com', 'a@b.c', '@example.com', 'x@example.c0m', 'name@-', 'josé@localhost', 'x@example.xn--', '100%40 ok', 'a%40b', 'x%40localhost'])(
    'finds nothing in %j',
    (text) => {
      expect(found(text, 'email')).toEqual([]);
    },
  );

  it('finds two addresses in one text', () => {
    expect(found('a@x.com, b@y.org', 'email')).toEqual(['a@x.com', 'b@y.org']);
  });
});

describe('card', () => {
  it.each([
    ['card 4111 1111 1111 1111 exp 12/29', '4111 1111 1111 1111'],
    ['4111-1111-1111-1111', '4111-1111-1111-1111'],
    ['paid with 4111111111111111.', '4111111111111111'],
    ['amex 3782 822463 10005', '3782 822463 10005'],
    ['(5500 0000 0000 0004)', '5500 0000 0000 0004'],
    ['order 12 4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['card 4111.1111.1111.1111.', '4111.1111.1111.1111'],
  ])('finds the card in %j', (text, card) => {
    expectOnly(text, card, 'card');
  });

  it.each([
    ['an order number failing Luhn', 'order 1234567812345678 shipped'],
    ['a grouped number failing Luhn', '1234 5678 1234 5678'],
    ['a Luhn-valid number inside a longer run of digits', '94111111111111111'],
    ['a Luhn-valid number followed by more digits', '41111111111111110000'],
    ['a Luhn-valid number glued to letters', 'id4111111111111111 and 4111111111111111abc'],
    ['the decimals of a number', 'ratio 0.4111111111111111'],
    ['mixed separators', '4111 1111-1111 1111'],
    ['a dotted number failing Luhn', 'build 4111.1111.1111.1112'],
    ['an IPv4 address and more', '192.168.100.200.4111'],
    ['a 12-digit number', '411111111111'],
    ['a timestamp in milliseconds (Luhn-valid)', 'at 1764000000000'],
    ['a timestamp in microseconds (Luhn-valid)', 'at 1764000000000004'],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'card')).toEqual([]);
  });
});

describe('phone', () => {
  it.each([
    ['call +1 415 555 0100 now', '+1 415 555 0100'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['tel:+33612345678', '+33612345678'],
    ['+1 (415) 555-0100.', '+1 (415) 555-0100'],
    ['+44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['office (415) 555-0100', '(415) 555-0100'],
    ['office (415)555-0100', '(415)555-0100'],
    ['415-555-0100', '415-555-0100'],
    ['cell: 415.555.0100,', '415.555.0100'],
    ['415 555 0100', '415 555 0100'],
    ['1-800-555-0100', '1-800-555-0100'],
    ['London 020 7946 0958', '020 7946 0958'],
    ['Paris 06 12 34 56 78', '06 12 34 56 78'],
    ['Berlin 030-1234567', '030-1234567'],
  ])('finds the number in %j', (text, phone) => {
    expectOnly(text, phone, 'phone');
  });

  it.each([
    ['a plain run of digits', 'user 4155550100'],
    ['a timestamp', '1764000000'],
    ['a price', 'total 1299.00 EUR'],
    ['an ISO date and time', '2026-11-24 10:00:00'],
    ['an ISO timestamp with an offset', '2026-11-24T10:00:00+01:00'],
    ['a time', '10:00:00'],
    ['a card number', '4111 1111 1111 1111'],
    ['a dashed card number', '4111-1111-1111-1'],
    ['an IPv4 address', '192.168.100.200'],
    ['an IPv4 address starting with 0', '0.12.123.123'],
    ['a version', 'v1.22.333.4444'],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
    ['a dotted number', 'x 415.555.0100.5'],
    ['a short number', '555-0100'],
    ['a French date', 'le 05.06.2026 à 10:00'],
    ['digits glued to letters', '415-555-0100x'],
    ['a + run with more than 15 digits', '+1 4111 1111 1111 1111'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'phone')).toEqual([]);
  });
});

describe('iban', () => {
  it.each([
    ['IBAN DE89 3704 0044 0532 0130 00, thanks', 'DE89 3704 0044 0532 0130 00'],
    ['GB82WEST12345698765432', 'GB82WEST12345698765432'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32'],
    ['NO93 8601 1117 947.', 'NO93 8601 1117 947'],
    ['FR1420041010050500013M02606', 'FR1420041010050500013M02606'],
    ['to DE89 3704 0044 0532 0130 00 EUR 1200', 'DE89 3704 0044 0532 0130 00'],
    ['typed as de89 3704 0044 0532 0130 00', 'de89 3704 0044 0532 0130 00'],
    ['gb82west12345698765432', 'gb82west12345698765432'],
    ['Fr1420041010050500013m02606', 'Fr1420041010050500013m02606'],
    // Grouped by dashes, as some banks print them and forms take them.
    ['IBAN DE89-3704-0044-0532-0130-00, thanks', 'DE89-3704-0044-0532-0130-00'],
    ['to de89-3704-0044-0532-0130-00-1200', 'de89-3704-0044-0532-0130-00'],
    ['DE89 3704-0044 0532-0130 00', 'DE89 3704-0044 0532-0130 00'],
    // Registry countries of every length, typed.
    ['om81 0180 0000 0129 9123 456', 'om81 0180 0000 0129 9123 456'],
    ['ru0204452560040702810412345678901', 'ru0204452560040702810412345678901'],
  ])('finds the IBAN in %j', (text, iban) => {
    expectOnly(text, iban, 'iban');
  });

  it.each([
    ['a wrong checksum', 'DE88 3704 0044 0532 0130 00'],
    ['a wrong compact checksum', 'GB83WEST12345698765432'],
    // Both pass the checksum: in upper case, each is an IBAN.
    ['lower case of a country not in the IBAN registry', 'zz33west12345698765432'],
    ['lower case at another length than its country\'s', 'gb88west1234569876543'],
    ['lower case in another format than its country\'s', 'gb25123456789012345678'],
    ['inside a longer token', 'XGB82WEST12345698765432'],
    ['too short', 'DE89 3704 00'],
    ['plain words and digits', 'AB12 order 123456789'],
  ])('finds nothing with %s', (_, text) => {
    expect(found(text, 'iban')).toEqual([]);
    expect(found(text.toUpperCase(), 'iban').length).toBe(/^(?:zz33|gb88|gb25)/.test(text) ? 1 : 0);
  });
});

describe('ip', () => {
  it.each([
    ['from 192.168.0.1 at noon', '192.168.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255.', '255.255.255.255'],
    ['host=10.0.0.1:8080', '10.0.0.1'],
    ['zero-padded 192.168.001.010 and', '192.168.001.010'],
    ['010.000.000.001', '010.000.000.001'],
    ['v6 2001:db8::1 here', '2001:db8::1'],
    ['loopback ::1.', '::1'],
    ['fe80::1ff:fe23:4567:890a%eth0', 'fe80::1ff:fe23:4567:890a'],
    ['[2001:0db8:85a3:0000:0000:8a2e:0370:7334]:443', '2001:0db8:85a3:0000:0000:8a2e:0370:7334'],
    ['mapped ::ffff:192.168.0.1', '::ffff:192.168.0.1'],
  ])('finds the address in %j', (text, address) => {
    expectOnly(text, address, 'ip');
  });

  it.each([
    ['a version with five parts', 'version 1.2.3.4.5'],
    ['an octet above 255', '256.1.1.1 and 1.1.1.256'],
    ['a version with a v', 'v1.2.3.4'],
    ['a time', '10:00:00'],
    ['a time with milliseconds', '12:34:56.789'],
    ['a MAC address', '00:1a:2b:3c:4d:5e'],
    ['hex words', 'deadbeef cafe dead::beef'],
    ['a C++ scope', 'std::string'],
    ['a price', '1299.00'],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'ip')).toEqual([]);
  });
});

describe('secret', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

  it.each([
    ['a JWT', `token ${jwt} expired`, jwt],
    ['an unsigned JWT', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
    ['the token after Bearer', 'Authorization header was Bearer abc123DEF456ghi.', 'abc123DEF456ghi.'],
    ['the token after Bearer in any case', 'sent BeArEr abc123DEF456ghi', 'abc123DEF456ghi'],
    ['the credentials after Basic in any case', 'auth bAsIc dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['an OpenAI key', 'key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12', 'sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12'],
    ['a Stripe key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['a Stripe publishable key', 'pk_live_TYooMQauvdEDq54NiTphI7jx', 'pk_live_TYooMQauvdEDq54NiTphI7jx'],
    ['an AWS key id', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
    ['a GitHub token', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['a GitHub fine-grained token', 'github_pat_11ABCDEFG0123456789_abcdefghijkl', 'github_pat_11ABCDEFG0123456789_abcdefghijkl'],
    ['a Slack token', 'xoxb-1234567890-abcdefABCDEF', 'xoxb-1234567890-abcdefABCDEF'],
    ['a Google key', 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q', 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'],
    ['a Google OAuth client secret', 'failed with 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 (401)', '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'],
    ['a GitLab token', 'failed with glpat-xY12zW34vU56tS78rQ90 (401)', 'glpat-xY12zW34vU56tS78rQ90'],
    ['a PyPI token', 'failed with pypi-AgEIcHlwaS5vcmcCJDEyMzQ1Njc4LTkwYWItY2RlZi0xMjM0LTU2Nzg5MGFiY2RlZgAC (401)', 'pypi-AgEIcHlwaS5vcmcCJDEyMzQ1Njc4LTkwYWItY2RlZi0xMjM0LTU2Nzg5MGFiY2RlZgAC'],
    ['an npm token', 'failed with npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 (401)', 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'],
    ['a Hugging Face token', 'failed with hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 (401)', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567'],
    ['a Shopify access token', 'failed with shpat_0123456789abcdef0123456789abcdef (401)', 'shpat_0123456789abcdef0123456789abcdef'],
    ['a Stripe webhook secret', 'failed with whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw (401)', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['a DigitalOcean token', 'failed with dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef (401)', 'dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
    ['a Linear key', 'failed with lin_api_A1b2C3d4E5A1b2C3d4E5A1b2C3d4E5A1b2C3d4E5 (401)', 'lin_api_A1b2C3d4E5A1b2C3d4E5A1b2C3d4E5A1b2C3d4E5'],
    ['a password in a query', '/login?user=bob&password=hunter2&next=/', 'hunter2'],
    ['a token in prose', 'the token: abc.def-123 was sent', 'abc.def-123'],
    ['a quoted value in JSON', '{"newPassword": "correct horse"}', 'correct horse'],
    ['a secret key after a non-secret one', 'user: bob token=abc123', 'abc123'],
    ['a single-quoted value', "api_key='k-123'", 'k-123'],
    ['an Authorization header', 'Authorization: Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['an Authorization header of the Token scheme', 'Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b', '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b'],
    ['a token after the Token scheme in any case', 'authorization=TOKEN abc123', 'abc123'],
    ['a dotted key', 'user.pin=1234', '1234'],
    ['a token in the query of a URL', 'https://x.com/u/bob?token=abc123', 'abc123'],
    ['the password of a database URL', 'connect postgres://app:s3cretPw@db.internal:5432/app failed', 's3cretPw'],
    ['the password of a URL with no user', 'cache at redis://:p4ss-w0rd@cache:6379', 'p4ss-w0rd'],
    ['the password of a web URL', 'GET https://admin:hunter2@db.example.com/ 401', 'hunter2'],
    ['a private key', 'pasted -----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3V\nS5JJcds3xfn\n-----END RSA PRIVATE KEY----- into SSO', '\nMIIEowIBAAKCAQEA0Z3V\nS5JJcds3xfn\n'],
    ['a private key cut short', '-----BEGIN OPENSSH PRIVATE KEY-----b3BlbnNzaC1rZXktdjEAAAAA', 'b3BlbnNzaC1rZXktdjEAAAAA'],
    ['a PGP private key', '-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF0\n-----END PGP PRIVATE KEY BLOCK-----', '\nlQOYBF0\n'],
    ['a value up to a call', 'const token = getToken();', 'getToken'],
    ['a Django session cookie', 'Cookie header: sessionid=k3v9q2x7m1z8w4', 'k3v9q2x7m1z8w4'],
    ['a PHP session id in a query', '/cart?PHPSESSID=9f2e1c0b7a6d5e4f&step=2', '9f2e1c0b7a6d5e4f'],
    ['a Java session id in a path', 'GET /shop/cart;jsessionid=A1B2C3D4E5F6 404', 'A1B2C3D4E5F6'],
    ['a reset token in a path', 'GET https://shop.example/reset-password/9f8e7d6c5b4a39281706f5e4d3c2b1a0 200', '9f8e7d6c5b4a39281706f5e4d3c2b1a0'],
    ['a Django reset link', 'open /accounts/reset/MQ/bv5zqu-8f1e9c0d2b3a4f5e6d7c8b9a0f1e2d3c/ now', 'bv5zqu-8f1e9c0d2b3a4f5e6d7c8b9a0f1e2d3c'],
    ['a verification link', 'https://app.example/verify-email/u-12/a1b2c3d4e5f6a7b8c9d0', 'a1b2c3d4e5f6a7b8c9d0'],
    ['a Social Security number', 'my social is 123-45-6789, thanks', '123-45-6789'],
    ['a Social Security number after SSN', 'SSN 123 45 6789', '123 45 6789'],
    ['a Social Security number in one run after its name', 'Social Security number: 123456789.', '123456789'],
    ['the signature of a presigned S3 URL', 'GET https://b.s3.amazonaws.com/a.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-SignedHeaders=host&X-Amz-Signature=4c0ba0c3e5a2b6c6 200', '4c0ba0c3e5a2b6c6'],
    ['the signature of an Azure SAS', 'https://acct.blob.core.windows.net/c/f.png?sv=2022-11-02&sig=AbCdEfGh%2BIjKl%3D&se=2026', 'AbCdEfGh%2BIjKl%3D'],
    ['the signature of a CloudFront URL', 'https://cdn.example/img.jpg?Expires=1798761600&Signature=Zx9Y~abc-Q_&Key-Pair-Id=K2JCJMDEHXQW5F', 'Zx9Y~abc-Q_'],
    ["a Firebase action link's code", 'https://app.example/__/auth/action?mode=resetPassword&oobCode=kH3JxQ_pLmZ8aVbRtYwNcEd2fGh&lang=en', 'kH3JxQ_pLmZ8aVbRtYwNcEd2fGh'],
    ['an OAuth callback\'s code', 'navigated to https://app.example/auth/callback?code=4/0AeanS0bX7yQk&state=xyz', '4/0AeanS0bX7yQk'],
    ['an authorization code sent for tokens', 'POST /oauth/token?grant_type=authorization_code&code=SplxlOBeZQQYbYS6WxSbIA 400', 'SplxlOBeZQQYbYS6WxSbIA'],
    ['an invitation code', 'https://app.example/join?invite_code=Hq7Lr2PzWk', 'Hq7Lr2PzWk'],
    ['a backup code', '{"backupCode":"8f3k-2m9x"}', '8f3k-2m9x'],
    ['a password said in prose', 'Login failed for ada with password Tr0ub4dor&3', 'Tr0ub4dor&3'],
    ['a password said to be one', 'my Password is "hunter2!" now', 'hunter2!'],
    ['a passcode in capitals', 'PASSCODE 4821 ACCEPTED', '4821'],
  ])('finds %s', (_, text, secret) => {
    expectOnly(text, secret, 'secret');
  });

  it('matches an Authorization header with a Bearer token once, leaving the word Bearer', () => {
    const text = 'Authorization: Bearer abc123DEF456ghi';
    expect(found(text, 'secret')).toEqual(['abc123DEF456ghi']);
  });

  it.each([
    ['prose about Bearer', 'Bearer authentication is simple'],
    ['a short Bearer token', 'Bearer ab1'],
    ['a library name', 'install sk-learn-preprocessing-pipeline'],
    ['a short Stripe-like prefix', 'sk_live_short'],
    ['a non-secret key', 'user=bob&page=2 description: hello'],
    ['a key describing a secret', 'token_count=1234 password_length: 12'],
    ['a tokenizer setting', 'tokenizer_version=2'],
    ['an AWS-like prefix inside a word', 'XAKIAIOSFODNN7EXAMPLE'],
    ['a JWT-like word without parts', 'eyJhbGciOiJIUzI1NiJ9'],
    ['a URL with a user and no password', 'open https://ada@example.com/inbox'],
    ['an address after a mailto scheme', 'mailto:ada@example.com'],
    ['a colon in a URL\'s path', 'see https://example.com/a:b@c'],
    ['a public key', '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----'],
    ['a certificate', '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----'],
    ['a slug after a password page', '/docs/password-policy/section-2-overview-and-more'],
    ['a date after a confirmation page', '/orders/confirm/2026-11-27-0001234'],
    ['a page of tokens', '/api/v1/tokens/list-all-tokens-2026'],
    ['a long id after a page that names no secret', '/products/9f8e7d6c5b4a39281706f5e4d3c2b1a0'],
    ['numbers the SSA does not issue', '000-12-3456 666-12-3456 912-34-5678 123-00-4567 123-45-0000'],
    ['a run of 9 digits without SSN before it', 'order 123456789 shipped'],
    ['a longer dashed number', 'ref 123-45-67890 and 2026-11-27'],
    ['a coupon code in a URL', 'https://shop.example/cart?code=SPRING24'],
    ['a code after the name of a code', 'coupon code: SPRING24 status code: 500 zip_code=94103'],
    ['the names of a signature', 'X-Amz-SignedHeaders=host oauth_signature_method=HMAC-SHA1 signup: yes'],
    ['a code in a URL whose path only holds auth in a word', 'https://example.com/authors?code=abc'],
    ['prose about passwords', 'password must contain 8 characters; password reset sent to 2 devices; password for ada failed 3 times; password (8+ chars)'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'secret')).toEqual([]);
  });
});

describe('findPresetMatches', () => {
  it('reads full-width forms as the ASCII they stand for, as an input method in Japanese, Chinese or Korean types them', () => {
    const presets = (text: string) => findPresetMatches(text, ALL).map((match) => [match.preset, text.slice(match.start, match.end)]);
    expect(presets('電話 ０９０－１２３４－５６７８')).toEqual([['phone', '０９０－１２３４－５６７８']]);
    expect(presets('カード ４１１１ １１１１ １１１１ １１１１ です')).toEqual([['card', '４１１１ １１１１ １１１１ １１１１']]);
    expect(presets('ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toEqual([['email', 'ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ']]);
    expect(presets('＋８１　９０　１２３４　５６７８')).toEqual([['phone', '＋８１　９０　１２３４　５６７８']]);
    expect(presets('普通の文章（テスト）です！ 注文番号 １２３４５')).toEqual([]);
  });

  it('runs only the presets asked for', () => {
    const text = 'alice@example.com from 10.0.0.1';
    expect(findPresetMatches(text, new Set(['ip']))).toEqual(expectedMatch(text, '10.0.0.1', 'ip'));
    expect(findPresetMatches(text, new Set())).toEqual([]);
  });

  it('returns matches of several presets sorted by start', () => {
    const text = 'ip 10.0.0.1, mail bob@example.org, card 4111 1111 1111 1111, call +44 20 7946 0958';
    expect(findPresetMatches(text, ALL).map((match) => [match.preset, text.slice(match.start, match.end)])).toEqual([
      ['ip', '10.0.0.1'],
      ['email', 'bob@example.org'],
      ['card', '4111 1111 1111 1111'],
      ['phone', '+44 20 7946 0958'],
    ]);
  });

  it('keeps the longer match when two start at the same place', () => {
    // The IPv4 address is the local part of the email address.
    const text = 'to 192.168.0.1@example.com';
    expect(findPresetMatches(text, new Set(['ip']))).toEqual(expectedMatch(text, '192.168.0.1', 'ip'));
    expect(findPresetMatches(text, ALL)).toEqual(expectedMatch(text, '192.168.0.1@example.com', 'email'));
  });

  it('replaces the password of a URL, not the address its host makes with it', () => {
    const text = 'GET https://admin:hunter2@db.example.com/ 401';
    expect(findPresetMatches(text, ALL)).toEqual(expectedMatch(text, 'hunter2', 'secret'));
    // An address after any other colon is one.
    const mail = 'mailto:ada@example.com';
    expect(findPresetMatches(mail, ALL)).toEqual(expectedMatch(mail, 'ada@example.com', 'email'));
  });

  it('keeps the match that starts first even when a later one is longer', () => {
    // The secret value stops at the space; the phone number starts inside it and goes on.
    const text = 'token=abc/415 555 0100';
    expect(findPresetMatches(text, new Set(['phone']))).toEqual(expectedMatch(text, '415 555 0100', 'phone'));
    expect(findPresetMatches(text, new Set(['phone', 'secret']))).toEqual(expectedMatch(text, 'abc/415', 'secret'));
  });

  it('leaves a card after a country code to the card preset', () => {
    const text = '+1 4111 1111 1111 1111';
    expect(findPresetMatches(text, ALL)).toEqual(expectedMatch(text, '4111 1111 1111 1111', 'card'));
  });

  it('finds the national part of a + number followed by more digit groups', () => {
    const text = '+1 415 555 0100 2026-11-24';
    expect(found(text, 'phone')).toEqual(['415 555 0100']);
  });

  it('breaks a tie on the same span by preset order', () => {
    const text = 'password=alice@example.com';
    expect(findPresetMatches(text, new Set(['secret']))).toEqual(expectedMatch(text, 'alice@example.com', 'secret'));
    expect(findPresetMatches(text, new Set(['secret', 'email']))).toEqual(expectedMatch(text, 'alice@example.com', 'email'));
  });

  it('keeps an IBAN whole although a phone-like group starts inside it', () => {
    const text = 'IBAN DE89 3704 0044 0532 0130 00';
    expect(found(text, 'phone')).toEqual(['0044 0532 0130 00']);
    expect(findPresetMatches(text, ALL)).toEqual(expectedMatch(text, 'DE89 3704 0044 0532 0130 00', 'iban'));
  });

  it('finds nothing in an empty text', () => {
    expect(findPresetMatches('', ALL)).toEqual([]);
  });

  // Backtracking regular expressions would take minutes on these (the test's time-out); the
  // figures of speed are in the benchmarks, not here.
  it('finishes long adversarial texts with sorted, non-overlapping matches', () => {
    const texts = [
      'a'.repeat(200_000) + '@',
      `${'a.'.repeat(100_000)}@x`,
      '1 '.repeat(100_000),
      '1-'.repeat(100_000),
      '1.'.repeat(100_000),
      '9'.repeat(200_000),
      ':'.repeat(200_000) + '1',
      'a:'.repeat(100_000) + '1',
      `password=${'x'.repeat(200_000)}`,
      'eyJ' + 'a'.repeat(200_000),
      'Bearer '.repeat(30_000) + '1',
      'AB12 '.repeat(40_000),
      'sk-' + '-'.repeat(200_000),
      `${'a.'.repeat(100_000)}:@`,
      `${'a://'.repeat(50_000)}:x@`,
      `x://${'u'.repeat(200_000)}:@`,
      `${'a:'.repeat(100_000)}@`,
      `${'é'.repeat(200_000)}@x.de`,
      `${'é.'.repeat(100_000)}@`,
      `-----BEGIN PRIVATE KEY-----${'-----BEGIN X PRIVATE KEY-----'.repeat(10_000)}`,
      `${'-----BEGIN '.repeat(20_000)}PRIVATE KEY-----`,
    ];
    for (const text of texts) {
      const matches = findPresetMatches(text, ALL);
      for (const [index, match] of matches.entries()) {
        expect(match.end).toBeGreaterThan(match.start);
        if (index > 0) expect(match.start).toBeGreaterThanOrEqual((matches[index - 1] as { end: number }).end);
      }
    }
  });
});
