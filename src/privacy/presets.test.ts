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
    // Text that runs on after the address in another script, or after a dash.
    ['yuki.tanaka@example.jpは既に登録されています', 'yuki.tanaka@example.jp'],
    ['account priya.shah@example.com-suspended', 'priya.shah@example.com'],
    // Scripts written with combining marks, and an accent written apart (NFD).
    ['from सुरेश@उदाहरण.भारत today', 'सुरेश@उदाहरण.भारत'],
    ['สมชาย@ตัวอย่าง.ไทย ส่ง', 'สมชาย@ตัวอย่าง.ไทย'],
    ['to ' + 'josé.martínez@example.es'.normalize('NFD'), 'josé.martínez@example.es'.normalize('NFD')],
    ['ada@mail.example-corp.com', 'ada@mail.example-corp.com'],
    ['пишите на почта@пример.рф', 'почта@пример.рф'],
    ['ADA@EXAMPLE.COM', 'ADA@EXAMPLE.COM'],
    // Escaped as in a URL, in a relative one that no URL reading decodes.
    ['GET /api/users?email=ada%40example.com 404', 'ada%40example.com'],
    ["fetch('/reset?e=Ada.Ng%40mail.example.org&x=1')", 'Ada.Ng%40mail.example.org'],
    // Written with an HTML character reference for its @, as a page's source hides it, in markup a log holds.
    ['render failed: <a href="mailto:ada&#64;example.com">', 'ada&#64;example.com'],
    ['Contact: ada&#x40;example.com', 'ada&#x40;example.com'],
    ['Contact: ada&#X0040;example.com', 'ada&#X0040;example.com'],
    ['Contact: ada&commat;example.com', 'ada&commat;example.com'],
  ])('finds the address in %j', (text, address) => {
    expectOnly(text, address, 'email');
  });

  it.each(['a@b', 'user@localhost', 'no at sign here.com', 'a@b.c', '@example.com', 'x@example.c0m', 'name@-', 'josé@localhost', 'x@example.xn--', '100%40 ok', 'a%40b', 'x%40localhost', 'a&#64;b', 'x&#64;localhost', 'ada&#65;example.com', 'ada&#64example.com'])(
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
    ['4929  1234  5678  9015', '4929  1234  5678  9015'],
    ['visa 4222222222222 (13 digits)', '4222222222222'],
    ['card=visa-4012888888881881', '4012888888881881'],
    ['card 4111 1111 1111 1111 1225 123 (expiry and code after it)', '4111 1111 1111 1111'],
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
    ['an EAN-13 barcode that passes Luhn (13 digits, not a Visa)', 'SKU 5901234123457'],
    ['15 digits passing Luhn that no network issues', 'ref 512345678901232'],
    ["a USPS tracking number whose first or inner groups pass Luhn", 'USPS 9261 2956 3212 2330 7924 40 and 9400 1199 3518 1909 3786 52'],
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
    // Plain digits after a phone's name, as a property of that name holds them.
    ['lookup phone=4155550100 failed', '4155550100'],
    ['{"mobile_number":"4155550100","name":"ada"}', '4155550100'],
    ['tel: 555 0100 ok', '555 0100'],
    ["{'cell': '5550100'}", '5550100'],
    ['GET /api/users?x=1&whatsapp=447946095800 404', '447946095800'],
    // A phone link's number, in an attribute, a selector or a JSON value; a bracket around it stays.
    ['a[href="tel:2025550111"]', '2025550111'],
    ['{"href":"sms:2025550133"}', '2025550133'],
    ['call us (tel:2025550166) any time', '2025550166'],
    ['(phone=4155550100)', '4155550100'],
    // National forms of China, Brazil and Germany, and an international number before a status.
    ['客服 138 0013 8000', '138 0013 8000'],
    ['Atendimento (11) 91234-5678', '(11) 91234-5678'],
    ['Telefonzentrale 030/9018204', '030/9018204'],
    ['GET /api/customers/+14155550100 404', '+14155550100'],
    ['from abroad 0044 20 7946 0958', '0044 20 7946 0958'],
    ['<a href="tel:%2B14155550145">', '%2B14155550145'],
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
    ['plain digits after a name that is no phone\'s or describes one', 'hotel=12345678 phone_count=12345678 phone_verified_at: 1764000000 phone=12345'],
    ["a parcel's tracking number", 'Tracking USPS 9400 1000 0000 0000 0000 00, ETA 2026-03-18'],
    ['slashed numbers in a path and a date', '/files/0301/9018204 and 0301/9018204/2 on 28/11/2026'],
    ['a 3-4-4 run not starting with 13 to 19', '120 1234 5678'],
    ["the end of a UPS tracking number, after a group of letters and digits", 'Tracking 1Z 999 AA1 01 2345 6784 shipped'],
    ['the groups of an IBAN with a wrong checksum', 'IBAN DE00 3704 0044 0532 0130 00 invalid; GB00-WEST-0044-2079-4609-58'],
    ['groups of longer numbers (USPS, a payment reference, an account)', 'USPS 9400 1161 3186 0913 9099 60; QR-Referenz 21 00000 00003 13947 14300 09017; Kundenkonto 0012 3456 7890 1234 5678'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'phone')).toEqual([]);
  });
});

describe('numbers written one after another', () => {
  it('finds each phone or card of a list that a page joins with spaces, though the run is longer than any one', () => {
    expect(found('020 7946 0958 020 7946 0959', 'phone')).toEqual(['020 7946 0958', '020 7946 0959']);
    expect(found('4111 1111 1111 1111 5555 5555 5555 4444', 'card')).toEqual(['4111 1111 1111 1111', '5555 5555 5555 4444']);
    // A run the numbers do not cover whole is one longer number.
    expect(found('USPS 9400 1161 3186 0913 9099 60', 'phone')).toEqual([]);
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
    // Two spaces as one, as a page or a PDF may space the groups; an amount after it stays.
    ['IBAN DE89  3704  0044  0532  0130  00  1200 EUR', 'DE89  3704  0044  0532  0130  00'],
    ['gb82  west  1234  5698  7654  32', 'gb82  west  1234  5698  7654  32'],
    // Registry countries of every length, typed.
    ['om81 0180 0000 0129 9123 456', 'om81 0180 0000 0129 9123 456'],
    ['ru0204452560040702810412345678901', 'ru0204452560040702810412345678901'],
  ])('finds the IBAN in %j', (text, iban) => {
    expectOnly(text, iban, 'iban');
  });

  it.each([
    ['a wrong checksum', 'DE88 3704 0044 0532 0130 00'],
    ['a wrong compact checksum', 'GB83WEST12345698765432'],
    // Each passes the checksum: in upper case, those of a country are IBANs.
    ['lower case of a country not in the IBAN registry', 'zz33west12345698765432'],
    ['lower case at another length than its country\'s', 'gb88west1234569876543'],
    ['lower case in another format than its country\'s', 'gb25123456789012345678'],
    ['inside a longer token', 'XGB82WEST12345698765432'],
    ['too short', 'DE89 3704 00'],
    ['plain words and digits', 'AB12 order 123456789'],
    ['an ISO 11649 creditor reference (RF is no country)', 'Gläubiger-Referenz RF18 5390 0754 7034'],
  ])('finds nothing with %s', (_, text) => {
    expect(found(text, 'iban')).toEqual([]);
    // In upper case, a checksum and a country that issues IBANs are enough (ZZ is none).
    expect(found(text.toUpperCase(), 'iban').length).toBe(/^(?:gb88|gb25)/.test(text) ? 1 : 0);
  });
});

describe('ip', () => {
  it.each([
    ['from 192.168.0.1 at noon', '192.168.0.1'],
    ['0.0.0.1', '0.0.0.1'],
    ['route 10.0.0.0/8 via 10.0.0.1', '10.0.0.1'],
    ['255.255.255.255.', '255.255.255.255'],
    ['host=10.0.0.1:8080', '10.0.0.1'],
    ['zero-padded 192.168.001.010 and', '192.168.001.010'],
    ['010.000.000.001', '010.000.000.001'],
    ['v6 2001:db8::1 here', '2001:db8::1'],
    ['loopback ::1.', '::1'],
    ['fe80::1ff:fe23:4567:890a%eth0', 'fe80::1ff:fe23:4567:890a'],
    ['[2001:0db8:85a3:0000:0000:8a2e:0370:7334]:443', '2001:0db8:85a3:0000:0000:8a2e:0370:7334'],
    ['mapped ::ffff:192.168.0.1', '::ffff:192.168.0.1'],
    ['client_ip:2001:db8:7::c1', '2001:db8:7::c1'],
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
    ["a slice of a list, in code", 'print(arr[1::2]) and rows[::2], m[0, 1::3]'],
    ['hex words', 'deadbeef cafe dead::beef'],
    ['a C++ scope', 'std::string'],
    ['a price', '1299.00'],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
    // N.0.0.0 is a network's address, no host's: as a browser's reduced user agent writes its version.
    ['a user agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0'],
    ['a listening address', 'listening on 0.0.0.0:8080'],
  ])('finds nothing in %s', (_, text) => {
    expect(found(text, 'ip')).toEqual([]);
  });
});

describe('findPresetMatches', () => {
  it('reads full-width forms as the ASCII they stand for, as an input method in Japanese, Chinese or Korean types them', () => {
    const presets = (text: string) => findPresetMatches(text, ALL).map((match) => [match.preset, text.slice(match.start, match.end)]);
    expect(presets('電話 ０９０－１２３４－５６７８')).toEqual([['phone', '０９０－１２３４－５６７８']]);
    expect(presets('カード ４１１１ １１１１ １１１１ １１１１ です')).toEqual([['card', '４１１１ １１１１ １１１１ １１１１']]);
    expect(presets('ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toEqual([['email', 'ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ']]);
    // The ideographic space between ASCII digits and words, where it is the only wide character.
    expect(presets('カード 4929\u30001234\u30005678\u30009015 で支払い')).toEqual([['card', '4929\u30001234\u30005678\u30009015']]);
    expect(presets('Authorization: Bearer\u30009f2c7a1b5e8d4c3a')).toEqual([['secret', '9f2c7a1b5e8d4c3a']]);
    expect(presets('口座 DE89\u30003704\u30000044\u30000532\u30000130\u300000 へ返金')).toEqual([['iban', 'DE89\u30003704\u30000044\u30000532\u30000130\u300000']]);
    expect(presets('＋８１　９０　１２３４　５６７８')).toEqual([['phone', '＋８１　９０　１２３４　５６７８']]);
    expect(presets('普通の文章（テスト）です！ 注文番号 １２３４５')).toEqual([]);
  });

  it('reads the spaces pages put between groups of digits (no-break, narrow no-break, figure, thin) as spaces', () => {
    const presets = (text: string) => findPresetMatches(text, ALL).map((match) => [match.preset, text.slice(match.start, match.end)]);
    expect(presets('Tél. +33\u00a06\u00a012\u00a034\u00a056\u00a078')).toEqual([['phone', '+33\u00a06\u00a012\u00a034\u00a056\u00a078']]);
    expect(presets('Visa 4929\u00a01234\u00a05678\u00a09015 ok')).toEqual([['card', '4929\u00a01234\u00a05678\u00a09015']]);
    expect(presets('IBAN FR76\u202f3000\u202f6000\u202f0112\u202f3456\u202f7890\u202f189')).toEqual([['iban', 'FR76\u202f3000\u202f6000\u202f0112\u202f3456\u202f7890\u202f189']]);
    expect(presets('Total\u00a0: 1\u00a0299,00\u00a0€ (commande 2026\u2009118)')).toEqual([]);
  });

  it('reads the other fixed-width spaces as spaces, and the dashes that keep a number whole (hyphen, non-breaking hyphen, figure dash, minus) as `-`', () => {
    const presets = (text: string) => findPresetMatches(text, ALL).map((match) => [match.preset, text.slice(match.start, match.end)]);
    expect(presets('Tel. 415\u2011555\u20110100 (Mo–Fr)')).toEqual([['phone', '415\u2011555\u20110100']]);
    expect(presets('call +44\u201220\u20127946\u20120958')).toEqual([['phone', '+44\u201220\u20127946\u20120958']]);
    expect(presets('SSN 219\u201009\u20109999')).toEqual([['secret', '219\u201009\u20109999']]);
    expect(presets('card 4111\u22121111\u22121111\u22121111')).toEqual([['card', '4111\u22121111\u22121111\u22121111']]);
    expect(presets('card 4929\u200a1234\u200a5678\u200a9015, tel +33\u20036\u200312\u200334\u200356\u200378')).toEqual([
      ['card', '4929\u200a1234\u200a5678\u200a9015'],
      ['phone', '+33\u20036\u200312\u200334\u200356\u200378'],
    ]);
    // Ranges, prices, dates and versions written with them stay.
    expect(presets('2019\u20112024, pages 10\u201220, \u221212.50\u2009€, 2026\u201003\u201001, v1\u20112\u20113')).toEqual([]);
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
    // Its groups are no phone number (`0044 …` reads as one in the UK): the IBAN is found whole, or not at all.
    expect(found(text, 'phone')).toEqual([]);
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
