import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from './privacy-rules.js';
import { escapedPiecesOf, redactText, redactUrl } from './redact-text.js';

describe('redactText', () => {
  it('redacts a text holding more matches than a function call takes arguments', () => {
    const cases = [
      { rules: 'patterns:\n  order: "ORD-[0-9]{2}"\n', match: 'ORD-12', placeholder: '[order]' },
      { rules: 'presets: [ip]\n', match: '10.0.0.1', placeholder: '[ip]' },
      { rules: 'presets: [ip]\n', match: '::1', placeholder: '[ip]' },
      { rules: 'presets: [secret]\n', match: 'Bearer abcdefgh1', placeholder: 'Bearer [secret]' },
    ];
    for (const { rules, match, placeholder } of cases) {
      const counts = new Map<string, number>();
      const redacted = redactText(`${match} `.repeat(200_000), parsePrivacyRules(rules), counts);
      expect(redacted).toBe(`${placeholder} `.repeat(200_000));
      expect([...counts.values()]).toEqual([200_000]);
    }
  });

  it('counts no replacement where a match is its placeholder already, as a text redacted before holds it (found by the privacy probe hunt)', () => {
    // The password of a URL's user info, redacted before: the text stays, and the probe, which asks whether a text changes, passes it.
    const counts = new Map<string, number>();
    expect(redactText('s://:[secret]@', parsePrivacyRules('presets: [secret]\n'), counts)).toBe('s://:[secret]@');
    expect(Object.fromEntries(counts)).toEqual({});
    // One still to replace beside it is counted.
    expect(redactText('s://:[secret]@ and postgres://app:s3cret@db', parsePrivacyRules('presets: [secret]\n'), counts)).toBe('s://:[secret]@ and postgres://app:[secret]@db');
    expect(Object.fromEntries(counts)).toEqual({ secret: 1 });
  });
});

describe('redactUrl of a URL escaped inside another', () => {
  const rules = parsePrivacyRules('presets: [email, card, phone, iban, ip, secret]\n');
  // A login's redirect target carries the page asked for, its own query escaped once more.
  const inside = (query: string, times = 1) => {
    let target = `/verify?${query}`;
    for (let time = 0; time < times; time++) target = encodeURIComponent(target);
    return `https://shop.example/login?next=${target}`;
  };

  it('redacts what the inner query holds, escaped twice or more', () => {
    const cases = [
      { query: `phone=${encodeURIComponent('+44 20 7946 0958')}`, rule: 'phone' },
      { query: `card=${encodeURIComponent('4111 1111 1111 1111')}`, rule: 'card' },
      { query: `iban=${encodeURIComponent('DE89 3704 0044 0532 0130 00')}`, rule: 'iban' },
      { query: `auth=${encodeURIComponent('Bearer abcdef123456789')}`, rule: 'secret' },
      { query: 'phone=0044+20+7946+0958', rule: 'phone' },
    ];
    for (const { query, rule } of cases) {
      for (const times of [1, 2, 3]) {
        const counts = new Map<string, number>();
        const redacted = redactUrl(inside(query, times), rules, counts);
        expect(redacted, `${query} escaped ${times + 1} times`).toContain(`[${rule}]`);
        expect(Object.fromEntries(counts)).toEqual({ [rule]: 1 });
      }
    }
  });

  it('keeps the rest of the URL as it was escaped, and a URL with nothing to redact as it is', () => {
    const counts = new Map<string, number>();
    const message = `msg=${encodeURIComponent('call me on +44 20 7946 0958')}&step=${encodeURIComponent('a b')}`;
    const phoneEscapedTwice = encodeURIComponent(encodeURIComponent('+44 20 7946 0958'));
    expect(redactUrl(inside(message), rules, counts)).toBe(inside(message).replace(phoneEscapedTwice, '[phone]'));
    const plain = inside(`q=${encodeURIComponent('a+b=c')}&drill=${encodeURIComponent('Paid search + social')}`, 2);
    expect(redactUrl(plain, rules, counts)).toBe(plain);
  });

  it('redacts a piece holding a lone surrogate, a text cut inside an emoji, with the replacement character escaped in its place (found by the privacy probe hunt)', () => {
    // encodeURIComponent throws on a lone surrogate: the whole prepare did.
    const counts = new Map<string, number>();
    expect(redactUrl('/u?e=ada%40example.com\ud83d', rules, counts)).toBe('/u?e=[email]%EF%BF%BD');
    expect(redactUrl('/u?e=%2B44%2020%207946%200958\udc00&x=1', rules, counts)).toBe('/u?e=[phone]%EF%BF%BD&x=1');
    expect(Object.fromEntries(counts)).toEqual({ email: 1, phone: 1 });
  });

  it('gives the privacy probe the inner pieces, decoded, to judge', () => {
    expect(escapedPiecesOf(inside(`phone=${encodeURIComponent('+44 20 7946 0958')}`))).toContain('+44 20 7946 0958');
  });
});
