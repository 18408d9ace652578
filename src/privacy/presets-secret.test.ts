// The `secret` preset in free text, through findPresetMatches: what it finds and what it leaves.

import { describe, expect, it } from 'vitest';
import { findPresetMatches, type PresetMatch, type PresetName } from './presets.js';

/** The matched substrings of `text` for one preset. */
function found(text: string, preset: PresetName): string[] {
  return findPresetMatches(text, new Set([preset])).map((match) => text.slice(match.start, match.end));
}

function expectOnly(text: string, value: string, preset: PresetName): void {
  const start = text.indexOf(value);
  const expected: PresetMatch[] = [{ start, end: start + value.length, preset }];
  expect(findPresetMatches(text, new Set([preset]))).toEqual(expected);
}

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
    ['a passcode after a colon', 'Your one-time passcode: 665210', '665210'],
    ["a card's security code after a colon", 'security code: 918 rejected', '918'],
    ['a password without a digit, double-quoted after "is"', 'my password is "correcthorse" lol', 'correcthorse'],
    ['a password without a digit, double-quoted after "was"', 'the Password was "Hunter"', 'Hunter'],
    ['a password of several words, quoted after the word', 'login with password "hunter two" failed', 'hunter two'],
    ['a passphrase of several words, quoted after "is"', 'the password is "correct horse battery staple"', 'correct horse battery staple'],
    ['a password of several words in single quotes, in a text with a digit', "tried password 'open sesame 42' at 10:02", 'open sesame 42'],
    ['a verification code said in prose', 'Your verification code is 492817. It expires in 10 minutes.', '492817'],
    ['a one-time code after a colon', 'One-time code: 8f3k2m9x', '8f3k2m9x'],
    ['an OTP in capitals', 'SMS sent: OTP 492817', '492817'],
    ['a backup code with a dash', 'use backup code 8f3k-2m9x instead', '8f3k-2m9x'],
    ['a PIN', 'card blocked after PIN 4821 was entered', '4821'],
    ['a PIN code said to be one', 'your pin code is "0000"', '0000'],
    ["a card's security code", 'Visa ending 4242 exp 04/29 cvc 314', '314'],
    ["a card's security code with its number", 'CVV2: 4821 rejected', '4821'],
    ['an API key said in prose', 'Error: invalid API key 4f3e2d1c0b9a8f7e6d5c provided', '4f3e2d1c0b9a8f7e6d5c'],
    ['a token said to be one', 'my access token is "ya29a0AfH6SMBx1234"', 'ya29a0AfH6SMBx1234'],
    ['a client secret after a colon and a space', 'client secret: Xy12Ab34Cd56Ef78', 'Xy12Ab34Cd56Ef78'],
    ["a Slack webhook's secret", 'POST https://hooks.slack.com/services/T024BE7LD/B01ABCDE2FG/aBcDeFgHiJkLmNoPqRsTuVwX 404', 'aBcDeFgHiJkLmNoPqRsTuVwX'],
    ["a Slack workflow webhook's secret", 'https://hooks.slack.com/workflows/T024BE7LD/A05ABCDEF/4321/aBcDeFgHiJkLmNoPqRsT', 'aBcDeFgHiJkLmNoPqRsT'],
    ["a Discord webhook's token", "fetch('https://discord.com/api/webhooks/1187261231923310622/Xw3kTq_uYbZ-pLm9aQ2rS5tUvW8xY0zA1bC3dE4fG5hI6jK7lM8nO9pQ0rS1tU2vW3x')", 'Xw3kTq_uYbZ-pLm9aQ2rS5tUvW8xY0zA1bC3dE4fG5hI6jK7lM8nO9pQ0rS1tU2vW3x'],
    ["a Telegram bot's token", 'GET https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage 401', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw'],
    ['a SendGrid key', 'mail failed: 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 rejected', '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'],
    ["a Telegram bot's token outside its URL", 'bot token 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1 invalid', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1'],
    ['a Mailgun key', 'auth api:key-3ax6xnjp29jd6fds4gc373sgvjxteol0 failed', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0'],
    ['a Twilio API key', 'twilio SK2a4c6e8f0b1d3f5a7c9e1b3d5f7a9c1e rejected', 'SK2a4c6e8f0b1d3f5a7c9e1b3d5f7a9c1e'],
    ['a Databricks token', 'token dapi1234567890abcdef1234567890abcdef expired', 'dapi1234567890abcdef1234567890abcdef'],
    ["an Azure connection string's key", 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Eby8vdM02xNOcqFlqUwJ/K1SZFPTOtr/KBHBeksoGMGw==;EndpointSuffix=core.windows.net', 'Eby8vdM02xNOcqFlqUwJ/K1SZFPTOtr/KBHBeksoGMGw=='],
    ['a signing key', 'config {"signing_key": "whk-29f81c"}', 'whk-29f81c'],
    ["NextAuth's session cookie, whose name starts with _", 'set __Secure-next-auth.session-token=eyJhbGciOiJkaXIi; Path=/', 'eyJhbGciOiJkaXIi'],
    ["ASP.NET's session cookie", 'ASP.NET_SessionId=abc123def456ghi', 'abc123def456ghi'],
    ["a Rails app's session cookie", 'set _myshop_session=Zm9vYmFy; path=/', 'Zm9vYmFy'],
    ["Laravel's session cookie", 'laravel_session=eyJpdiI6Ik', 'eyJpdiI6Ik'],
    ["WordPress's login cookie", 'wordpress_logged_in_5c016e8f0f95f039102cbe8366c5c7f3=admin%7C1700000000%7Cabc', 'admin%7C1700000000%7Cabc'],
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
    ['words before a dash that are no Mailgun key', 'key-value store, hotkey-hint, key-abcdefghijklmnopqrstuvwxyzabcdef'],
    ['a Slack page that is no webhook', 'https://hooks.slack.com/ and https://app.slack.com/client/T024BE7LD/C01ABCDE2FG'],
    ['a Telegram-like token outside a bot URL, not in the shape BotFather gives', 'id 123456789:ABHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw and 1234567:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1'],
    ['an id and a word after a colon', 'urn:1234567890:abcdefghijklmnopqrstuvwxyzabcdefgh and at 2026-11-27T12:30:45.123Z'],
    ['a key that names nothing secret', 'primary_key=12 publicKey: abc keyboard=us'],
    ['a quoted word said of a password, or one without "is"', 'Password is "required"; password is "too short"; Forgot password "link"; password is \'secret\''],
    ["an analytics session's names", 'session_id=abc123 last_session: 2026-11-01 _ga=GA1.2.3 sessions=4'],
    ['prose about keys and tokens', 'token expired 2026-11-27T10:00:00Z; the primary key 1234abcd5678efgh9012; secret santa 2026; token limit exceeded-by-12345; api key missing'],
    ['prose about codes and PINs', 'security code must be 3 digits; PIN 2 attempts left; zip code 94105; status code 500; enter the 6-digit code; verification code 6-digit; pinned 1234; spinner 5000'],
    ['prose about passwords', 'password must contain 8 characters; password reset sent to 2 devices; password for ada failed 3 times; password (8+ chars)'],
    ['flags under secret names', 'password_reset_requested=true; login_code_sent: false; token: null'],
    ['quoted prose about passwords', 'Password "must be 8 characters"; password is "too weak"; password "required field"; reset your password "today"; the password field "New password" was empty'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'secret')).toEqual([]);
  });
});
