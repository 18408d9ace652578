// The privacy probe's shortcuts never hide what the presets' pre-checks would see: a token's start
// found by tokenStartAt is never skipped by the cheaper test the text writer asks first.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, findPresetMatches } from './presets.js';
import { SECRET_NAME_PIECE } from './presets/secret-detector.js';
import { tokenStartAt, TOKEN_START } from './presets/token-start.js';
import { isInvisible } from './presets/character-escapes.js';
import { mayHoldEncodedText } from './presets/encoded-text.js';
import { holdsSecretName, holdsSecretNamePiece, isWideForm, mayBeChanged, PROBE_AT, PROBE_COLON, PROBE_DIGIT, PROBE_DOT, PROBE_ENCODED, PROBE_EQUAL, PROBE_ESCAPE, PROBE_KINDS, PROBE_TOKEN, PROBE_WIDE_FORM, tokenMayStartAt } from './privacy-probe.js';

const starts = ['eyJ', 'Bearer', 'bearer', 'BEARER', 'BeArEr', 'bEaReR', 'beaRer', 'Basic', 'BASIC', 'basic', 'BaSiC', 'bAsIc', 'basIc', '-----BEGIN PRIVATE KEY-----', 'PRIVATE KEY BLOCK-', 'private key-', 'sk-', '_live_', '_test_', 'AKIA', 'ASIA', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'xoxa-', 'xoxb-', 'xoxp-', 'xoxo-', 'xoxs-', 'xoxr-', 'AIza', 'GOCSPX-', 'gocspx-', 'glpat-', 'pypi-', 'npm_', 'hf_', 'shpat_', 'shpca_', 'whsec_', 'dop_v1_', 'doo_v1_', 'dor_v1_', 'lin_api_', 'key-', 'KEY-', 'xapp-', 'sq0atp-', 'sq0csp-', 'pp-', 'tp-', 'hooks.slack.c', 'hooks.slack.com/', 'slack.c', 'k.c', 'SG.x', 'SG.-', 'SG.', 'SG', 'G.', 'G',
  // The vendors' prefixes of vendor-keys.ts, and pieces of them.
  'glc_', 'glsa_', 'ATATT3', 'AT', 'sb_secret_', 'secret_', 'sntrys_', 'sntryu_', 'sk.eyJ', 'ntn_', 'figd_', 'nfp_', 'NRAK-', 'NRII-', 'AGE-SECRET-KEY-', 'shpss_', 'shppa_', 'pscale_tkn_', 'pscale_pw_', 'pscale_oauth_',
  'PMAK-', 'pul-', 'lin_oauth_', 'glrt-', 'gldt-', 'glptt-', 'glft-', 'glsoat-', 'glimt-', 'glcbt-', 'gloas-', 'glagent-', 'r8_', 'gsk_', 'HRKU-', 'vcp_', 'vci_', 'vck_', 'vca_', 'vcr_', 'c_', 's_', 'n_', 'p_', 'K-', 't-', 'U-'];

/** The ASCII character at `index` of `text`, else 0: what the writer keeps of the characters before. */
const asciiAt = (text: string, index: number) => (index >= 0 && text.charCodeAt(index) < 128 ? text.charCodeAt(index) : 0);
const mayStartAt = (text: string, index: number, code: number) => tokenMayStartAt(text, index, code, asciiAt(text, index - 1), asciiAt(text, index - 2));

describe('tokenMayStartAt', () => {
  it('is true wherever tokenStartAt is, at every character of kind PROBE_TOKEN', () => {
    const piece = fc.oneof(fc.constantFrom(...starts), fc.string({ maxLength: 4 }), fc.constantFrom('er', 'ic', 'ar', 'Er', 'eR', 'iC', 'Ic', 'A', 'J', 'r', 'R', 'c', 'C', '_', '-', 'é', 'KEY-', 'Y-', 'K-', 'EY'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')), (text) => {
        let found = false;
        for (let index = 0; index < text.length; index++) {
          const code = text.charCodeAt(index);
          if (code >= 128 || PROBE_KINDS[code] !== PROBE_TOKEN || !tokenStartAt(text, index)) continue;
          found = true;
          expect(mayStartAt(text, index, code), `${JSON.stringify(text)} at ${index}`).toBe(true);
        }
        expect(found).toBe(TOKEN_START.test(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('asks tokenStartAt seldom in ordinary words', () => {
    const asked = (text: string) => [...text].filter((character, index) => PROBE_KINDS[character.charCodeAt(0)] === PROBE_TOKEN && mayStartAt(text, index, character.charCodeAt(0))).length;
    // Every `er` and `ic` would be asked by a test of pairs: here, none.
    expect(asked('the filter header of the user picture list, the carrier rc-2 and a quick dashboard')).toBe(0);
    // `music` ends as `Basic` does.
    expect(asked('a music service')).toBe(1);
  });
});

describe('holdsSecretNamePiece', () => {
  it('is SECRET_NAME_PIECE.test of the part, in any case', () => {
    const piece = fc.oneof(
      fc.constantFrom('passw', 'PASS', 'PWD', 'Pin', 'private', 'secret', 'SSN', 'token', 'Api', 'authorization', 'cookie', 'cvv', 'cvc', 'CSC', 'otp', 'pas', 'tok', 'coo', 'ap', 'Credential', 'mfa', '2FA', '\u0012fa', 'fa', 'Factor', 'verification', 'Security', 'secur', 'cred', 'SESSID', 'sessionId', 'sess', 'SIG', 'si', 'Code', 'cod', 'Key', 'KEY', 'ke', 'Session', 'sessio', '.sid', '.SID', 'sid', 'WordPress', 'wordpres', 'pw', 'PW', 'Pw'),
      fc.string({ maxLength: 3 }),
      fc.constantFrom('@', '_', '-', '.', '0', '[', '{', 'ſ', 'K', 'é'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('')), fc.nat(), fc.nat(), (text, a, b) => {
        const start = text.length === 0 ? 0 : a % (text.length + 1);
        const end = start + (text.length === 0 ? 0 : b % (text.length - start + 1));
        expect(holdsSecretNamePiece(text, start, end), JSON.stringify(text.slice(start, end))).toBe(SECRET_NAME_PIECE.test(text.slice(start, end)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('mayBeChanged', () => {
  // The counts the probe takes of a text the writer copied (see PrivacyProbe.copied). A text with a
  // character to escape it does not copy so: it asks PrivacyProbe.whole, which runs the presets'
  // own pre-checks.
  function counted(text: string): boolean {
    if (/["\\<>\u0000-\u001f\u2028\u2029]/.test(text)) return true;
    let digits = 0;
    let dots = 0;
    let colons = 0;
    let kinds = 0;
    let tokenStart = false;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const kind = code < 128 ? (PROBE_KINDS[code] as number) : isWideForm(code) || isInvisible(code) ? PROBE_WIDE_FORM : 0;
      kinds |= kind;
      if (kind === PROBE_DIGIT) digits++;
      if (kind === PROBE_DOT) dots++;
      if (kind === PROBE_COLON) colons++;
      if (kind === PROBE_TOKEN && mayStartAt(text, index, code) && tokenStartAt(text, index)) tokenStart = true;
    }
    // As the probe scans each run of base64's characters as it counts (see encodedRunAt).
    if (mayHoldEncodedText(text)) kinds |= PROBE_ENCODED;
    // As the probe asks, once the counts lead to no preset: the name before a `:` or `=`.
    return mayBeChanged(digits, dots, colons, kinds, tokenStart, text) || ((kinds & (PROBE_COLON | PROBE_EQUAL)) !== 0 && holdsSecretName(text));
  }
  const presets = new Set(PRESET_NAMES);

  it('is true of every text a preset matches in', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'ada@example.com', '4111 1111 1111 1111', '+44 20 7946 0958', '(415) 555-0100', '020 7946 0958', 'DE89370400440532013000', '192.168.0.1', 'fd00::5', '::1',
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', 'Bearer abcdefgh12345678', 'Basic dXNlcjpwYXNz', 'sk-abcdefghijklmnop1234', 'AKIAABCDEFGHIJKLMNOP', 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8', 'dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
        'password=hunter2', 'Authorization: Bearer abc', 'PASSWORD = "a b"', "my_token\t=\t'x'", 'x.api-key:1', 'pin:1234', 'Secret:yes', 'data-widget-id=', 'https://', ' ', '=', ':',
        'PHPSESSID=9f2e1c0b', ';jsessionid=A1B2', '/reset/9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'x.example/verify-email/u1/a1b2c3d4e5f6a7b8c9d0', 'ssn 123456789', '123-45-6789', 'DE89-3704-0044-0532-0130-00', '010.000.000.001',
        'X-Amz-Signature=4c0b', '&sig=AbC', 'oobCode=kH3J', '/auth/callback?code=4/0A', '?code=x', 'invite_code:', 'Signature',
        'with password Tr0ub4dor&3', 'Password is hunter2', 'my password is "correcthorse"', 'password "a b"', "Pwd 'c d'", 'PASSCODE 4821', 'Passcode: 4417', 'security code: 918', 'pwd s3cr3t', 'Passwd ', ' abcd1',
        'verification code 492817', 'One-Time Code is ', 'OTP 4928', 'PIN 4821', 'pin-code ', 'CVC 314', 'cvv2 ', 'backup code 8f3k-2m9x', 'phone=', '"Mobile": "', 'tel: ', 'href="tel:', 'sms:', '5550100', 'API key ', 'token is ', 'secret ', '4f3e2d1c0b9a8f7e6d5c', 'aB3dE5fG7hJ9kL1m', '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',
        'user[password]=p4ss', 'user%5Bpassword%5D=', '"password"=>"x1"', "'pw' => 'a'", 'pw := "a1"', "<input type='password' value='x'>", '<input name=api_token value=a1', 'curl -u ops:pw1 x', "--user='a:b'", ' -u ',
        'xapp-1-A0123456789-1234567890123-abcdef', 'sq0atp-Q7k2Lm9Xp4Rt8Vw1Yz3Ab6', 'ya29.a0AfH6SMBxQ7wZ2kLm9Xp4Rt8', '138 0013 8000', '(11) 91234-5678', '030/9018204', '4929  1234  5678  9015',
        '４１１１ １１１１ １１１１ １１１１', '０９０－１２３４－５６７８', 'ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ', '１', '．', '　', '4929\u00a01234\u00a05678\u00a09015', '+33\u202f6\u202f12', '\u00a0', '\u2009', '415\u2011555\u20110100', '4929\u200a1234\u200a5678\u200a9015', '\u2212', '\u2003',
        // Characters written by their codes, or split by invisible ones (see character-escapes.ts).
        'ada\\u0040example.com', 'jos\\u00e9@example.com', '\\u002b44 20 7946 0958', 'ada\\x40example.com', '+44&nbsp;20&nbsp;7946&nbsp;0958', '4111&#32;1111&#32;1111&#32;1111', '&#43;44 20 7946 0958', 'example&#46;com', '&nbsp;', '&#x2b;', 'ada\u200b@example.com', 'ada\u00ad@exam\u00adple.com', '\u2060', '\ufeff', '&shy;', 'ada&ZeroWidthSpace;@example.com',
        // Printable text in base64 (see encoded-text.ts), also glued to what another piece leaves.
        'YWRhQGV4YW1wbGUuY29t', 'Ym9iLnNtaXRoK25ld3NAZXhhbXBsZS5jby51aw==', 'YWRhQGV4YW1wbGUuY29tPz8/', 'KzQ0IDIwIDc5NDYgMDk1OA', 'Y2FyZD00MTExIDExMTEgMTExMSAxMTExO2V4cD0xMi8yOQ%3D%3D', '?e=', '/u/',
        // Red team 7: phones with a bracketed country code or two separators, vendors' keys, other forms of addresses, an Authorization header's other schemes.
        '(+44) 20 7946 0958', '(+971) 50 123 4567', '(+44)2079460958', '415 555-0100', '020-7946 0958', '8 (495) 123-45-67', '098765 43210', '+49 30/901820', '(+',
        'glc_eyJvIjoiMTIzNDU2IiwibiI6InRlc3QiLCJrIjoiYWJjZGVmIiwibSI6eyJyIjoidXMifX0=', 'ATATT3xFfGF0T4JNjZMb_1lRaQ5hXQzR9oPq8_Wd0x7l3n9A5rD2kGvM6wYcE1tU0iZs8pLqN3oJf4hKb7Vx2m', 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
        'NRAK-ABCDEFGHIJKLMNOPQRSTUVWXYZ0', 'gsk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOp', 'sk.eyJ1IjoiYWRhIiwiYSI6ImNrZzEyMzQ1NjAwMDAwMDB4eXoifQ.AbCdEfGhIjKlMnOpQrStUv', 'HRKU-AAdGhjkLmNoPqRsTuVwXyZ0123456789_abcdefghijklmnop',
        'secret_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfG', 'r8_AbCdEfGhIjKlMnOpQrStUvWxYz01234567890', 'glrt-AbCdEfGhIjKlMnOpQrSt',
        '"ada lovelace"@example.com', 'ada@[192.168.0.1]', 'ada@[IPv6:2001:db8::1]', "o'connell@example.ie", 'Authorization: SSWS 00AbCdEfGhIjKlMnOpQr', 'dd_app_key=0123456789abcdef', 'X-Auth-Key: ',
        // Generated shapes of the privacy probe hunt (see prepare-probe.property.test.ts).
        'sessionid:U-1:s-8', '0041.44.668.18.00', 'eyJBY2NvdW50S2V5IjoiYS5jb250YWN0In0=', 'PIN 0.0.0.1', '&#53;55\u2212010&#48;', 'code=10.0.0.0&cvc=1', 's://:[secret]@',
      ),
      fc.string({ maxLength: 4 }),
      fc.stringMatching(/^[0-9 .:=-]{1,6}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }).map((parts) => parts.join('')), (text) => {
        if (findPresetMatches(text, presets).length > 0) expect(counted(text), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('is true of every text with a secret value after its name, however the pair is written', () => {
    const name = fc.oneof(
      fc.constantFrom('password', 'user_password', 'newPassword', 'X-API-Key', 'api key', 'access.token', 'pin', 'Cookie', 'privateKey', 'SSN', 'authorization', 'sessionid', 'JSESSIONID', 'X-Amz-Signature', 'sig', 'oobCode', 'backup_codes', 'pw', 'user[password]', 'a[b][pin]'),
      fc.stringMatching(/^[A-Za-z][\w.-]{0,8}$/),
    );
    const pair = fc
      .tuple(fc.constantFrom('', 'see ', 'a.', '(', '-', '"', '**', '- **', '`', '*'), name, fc.constantFrom('', '"', "'", '`', '*', '**', '***'), fc.stringMatching(/^[ \t]{0,4}$/), fc.constantFrom('=', ':', '=>', ':=', ':**', ':__', ':*'), fc.stringMatching(/^[ \t]{0,4}$/), fc.constantFrom('hunter2', '"a b"', "'x'", '`a b`', '**x1**', 'Bearer abcdefgh', 'Token abcdefgh', 's3cr3t;', 's3cr3t;x&y'))
      .map((parts) => parts.join(''));
    let secrets = 0;
    fc.assert(
      fc.property(pair, fc.constantFrom('', ' and more', '&next=1'), (text, after) => {
        const whole = text + after;
        if (findPresetMatches(whole, new Set(['secret'] as const)).length === 0) return;
        secrets++;
        expect(counted(whole), JSON.stringify(whole)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    // A quarter of them or more hold one: the property is not met by finding none.
    expect(secrets).toBeGreaterThan(800);
  });

  it("is true of every text with a command line's credentials, whatever the user is made of", () => {
    // CREDENTIALS_FLAG's user is any characters but blanks, colons and quotes: `ops/deploy`, `a=b`.
    const line = fc
      .tuple(
        fc.constantFrom('', 'curl ', 'run: wget ', '$ http '),
        fc.constantFrom('-u ', '-u=', '--user ', '--user=', "-u '", '--user="'),
        fc.oneof(fc.constantFrom('ops/deploy', 'a=b', 'ci.bot+1', 'corp%5Cops', 'x'), fc.stringMatching(/^[^\s:'"]{1,12}$/)),
        fc.constantFrom(':Hunter2pw', ':pw', ':s3cr3t x'),
        fc.constantFrom('', ' https://api.example/v1', "'"),
      )
      .map((parts) => parts.join(''));
    let credentials = 0;
    fc.assert(
      fc.property(line, (text) => {
        if (findPresetMatches(text, new Set(['secret'] as const)).length === 0) return;
        credentials++;
        expect(counted(text), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(credentials).toBeGreaterThan(1000);
  });

  it('is true of every text with a local phone number after its name', () => {
    const pair = fc
      .tuple(
        fc.constantFrom('', 'lookup ', '{"', '?x=1&'),
        fc.constantFrom('phone', 'Mobile', 'tel', 'cell_phone', 'WhatsApp', 'fax', 'hotel', 'phone_count'),
        fc.constantFrom('=', ': ', '":"', "': '"),
        fc.constantFrom('5550100', '555 0100', '55501001', '(0)555-010', '5550'),
        fc.constantFrom('', '"', ' ok', '&y=2'),
      )
      .map((parts) => parts.join(''));
    let phones = 0;
    fc.assert(
      fc.property(pair, (text) => {
        if (findPresetMatches(text, new Set(['phone'] as const)).length === 0) return;
        phones++;
        expect(counted(text), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(phones).toBeGreaterThan(400);
  });

  it('passes selectors, URLs and labels that hold nothing', () => {
    for (const text of ["div.widget[data-widget-id='w_rev01_3']", 'https://app.metricly.example/brightline/home', 'drill=Week 6&range=last', '€183,819', '2026-02-01', 'Checkout at 14:00']) {
      expect(counted(text), text).toBe(false);
    }
    // The kinds that ask whatever the counts: an `@`, a URL's escape.
    expect(mayBeChanged(0, 0, 0, PROBE_AT, false, '')).toBe(true);
    expect(mayBeChanged(0, 0, 0, PROBE_ESCAPE, false, '')).toBe(true);
    expect(mayBeChanged(0, 0, 0, PROBE_WIDE_FORM, false, '')).toBe(true);
    expect(mayBeChanged(0, 0, 0, PROBE_ENCODED, false, '')).toBe(true);
  });
});
