import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from './privacy-rules.js';
import type { PrivacyCounts } from './redact-text.js';
import { redactTextWithUrls } from './redact-text-with-urls.js';

describe('redactTextWithUrls', () => {
  const rules = parsePrivacyRules('presets: [email]\nstrip_url_params: [token, reset_token]\n');

  it('strips the listed parameters from every http(s) URL inside a text, and leaves the words around them as written', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('GET https://api.example/x?token=abc123&page=2 failed (401), retry HTTP://api.example/y?reset_token=r1.', rules, counts)).toBe(
      'GET https://api.example/x?page=2 failed (401), retry HTTP://api.example/y.',
    );
    expect(Object.fromEntries(counts)).toEqual({ url_param: 2 });
  });

  it('strips a listed parameter written as a list or a map entry, and one separated by a semicolon', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('https://a.test/x?token[]=t1&token%5B0%5D=t2&TOKEN[id]=t3&tokens=ok&page=2', rules, counts)).toBe('https://a.test/x?tokens=ok&page=2');
    expect(redactTextWithUrls('https://a.test/x?a=1;token=t4;b=2&c=3', rules, counts)).toBe('https://a.test/x?a=1;b=2&c=3');
    expect(redactTextWithUrls('https://a.test/x?token=t5;b=2', rules, counts)).toBe('https://a.test/x?b=2');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 5 });
    // A name that only starts like one stays (`[token]`, `token]`).
    expect(redactTextWithUrls('https://a.test/x?[token]=1&token]=2', rules, new Map())).toBe('https://a.test/x?[token]=1&token]=2');
  });

  it('reads a text that is one URL as that URL whole, its fragment kept', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('https://shop.test/landing?utm=x&token=abc#top', rules, counts)).toBe('https://shop.test/landing?utm=x#top');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 1 });
  });

  it('ends a URL at a quote or a bracket after it, so a URL inside JSON or Markdown text keeps what follows', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('{"next":"https://a.test/?token=t1","n":1} see [link](https://a.test/b?token=t2)', rules, counts)).toBe(
      '{"next":"https://a.test/","n":1} see [link](https://a.test/b)',
    );
    expect(counts.get('url_param')).toBe(2);
  });

  it('redacts what escapes hide in a URL inside a text, and what the presets match around it, each once', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('mail ada@example.com from https://a.test/u?email=dave%40example.com&token=1', rules, counts)).toBe('mail [email] from https://a.test/u?email=[email]');
    expect(Object.fromEntries(counts)).toEqual({ email: 2, url_param: 1 });
  });

  it('strips the listed parameters from relative URLs with a query or a fragment, as a log or a fetch call writes them', () => {
    const counts: PrivacyCounts = new Map();
    expect(
      redactTextWithUrls("GET /reset?reset_token=r1&step=2 404; fetch('/api/me?token=t1') failed; open //cdn.test/a#token=t2 (/x?token=t3)", rules, counts),
    ).toBe("GET /reset?step=2 404; fetch('/api/me') failed; open //cdn.test/a (/x)");
    expect(Object.fromEntries(counts)).toEqual({ url_param: 4 });
  });

  it('redacts what escapes hide in a relative URL inside a text', () => {
    const phones = parsePrivacyRules('presets: [phone]\n');
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('POST /sms?to=%2B44%2020%207946%200958 sent', phones, counts)).toBe('POST /sms?to=[phone] sent');
    expect(Object.fromEntries(counts)).toEqual({ phone: 1 });
  });

  it('strips the listed parameters from a URL escaped inside another URL\'s parameter, at any depth', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('https://a.test/login?next=%2Fjoin%3Ftoken%3Dt1%26step%3D2', rules, counts)).toBe('https://a.test/login?next=%2Fjoin%3Fstep%3D2');
    expect(redactTextWithUrls('GET /login?return_to=https%3A%2F%2Fa.test%2Fjoin%3Freset_token%3Dr1 302', rules, counts)).toBe('GET /login?return_to=https%3A%2F%2Fa.test%2Fjoin 302');
    expect(redactTextWithUrls('/sso?next=/join?token=t2', rules, counts)).toBe('/sso?next=/join');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 3 });
  });

  it('strips them from a URL written with JSON\'s escapes, and escapes what it keeps as it was', () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('{"redirect":"https:\\/\\/a.test\\/join?token=t1\\u0026step=2","n":1}', rules, counts)).toBe('{"redirect":"https:\\/\\/a.test\\/join?step=2","n":1}');
    expect(redactTextWithUrls('{"next":"https://a.test/join?src=mail\\u0026token=t2"}', rules, counts)).toBe('{"next":"https://a.test/join?src=mail"}');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 2 });
  });

  it("strips them from a page's query or fragment recorded alone, as analytics tools record search and hash", () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('?token=t1&utm_source=mail', rules, counts)).toBe('?utm_source=mail');
    expect(redactTextWithUrls('#/join?reset_token=r1', rules, counts)).toBe('#/join');
    expect(redactTextWithUrls('{"search":"?token=t2"}', rules, counts)).toBe('{"search":""}');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 3 });
    const text = 'Issue #12 fixed? yes #done';
    expect(redactTextWithUrls(text, rules, new Map())).toBe(text);
  });

  it("keeps a stack trace's line and column after a script's URL, and the text of another script after a URL", () => {
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('at https://a.test/static/app.js?token=t1:12:5', rules, counts)).toBe('at https://a.test/static/app.js:12:5');
    expect(redactTextWithUrls('请访问https://a.test/join?token=t2，然后登录您的账户', rules, counts)).toBe('请访问https://a.test/join，然后登录您的账户');
    expect(Object.fromEntries(counts)).toEqual({ url_param: 2 });
  });

  it('redacts what escapes hide in a relative path without a query', () => {
    const phones = parsePrivacyRules('presets: [phone]\n');
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('GET /api/customers/%2B447700900999 404', phones, counts)).toBe('GET /api/customers/[phone] 404');
    expect(Object.fromEntries(counts)).toEqual({ phone: 1 });
  });

  it('reads a `+` in a URL as itself as well as a space, as encodeURI and a browser leave it, so an address or a number it joins is replaced whole', () => {
    const presets = parsePrivacyRules('presets: [email, card, phone]\n');
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('GET https://a.test/signup?email=alice+news@example.com 404', presets, counts)).toBe('GET https://a.test/signup?email=[email] 404');
    expect(redactTextWithUrls('/signup?email=alice.smith+tag%40example.com', presets, counts)).toBe('/signup?email=[email]');
    expect(redactTextWithUrls('https://a.test/u/alice+tag@example.com/settings', presets, counts)).toBe('https://a.test/u/[email]/settings');
    // encodeURI('+44 20 7946 0958'), and a country code's `+` before other `+`s for spaces.
    expect(redactTextWithUrls('https://a.test/verify?phone=+44%2020%207946%200958&step=2', presets, counts)).toBe('https://a.test/verify?phone=[phone]&step=2');
    expect(redactTextWithUrls('/sms?to=+33%206%2012%2034%2056%2078', presets, counts)).toBe('/sms?to=[phone]');
    expect(redactTextWithUrls('/sms?to=+44+20+7946+0958', presets, counts)).toBe('/sms?to=[phone]');
    // A form's `+` for a space still reads as one.
    expect(redactTextWithUrls('/pay?n=4111+1111+1111+1111', presets, counts)).toBe('/pay?n=[card]');
    expect(Object.fromEntries(counts)).toEqual({ email: 3, phone: 3, card: 1 });
    const plain = 'https://a.test/search?q=C%2B%2B+books+2024&t=2026-03-01T10:00:00+01:00&tz=+0530&qty=2+12';
    expect(redactTextWithUrls(plain, presets, new Map())).toBe(plain);
  });

  it("reads a form's body, parameters joined by & as a query's, as a query: what its escapes hide is redacted and its listed parameters stripped", () => {
    const presets = parsePrivacyRules('presets: [card, phone, iban]\nstrip_url_params: [token]\n');
    const counts: PrivacyCounts = new Map();
    expect(redactTextWithUrls('POST /signup failed: name=Ada&phone=%2B44%2020%207946%200958&token=t1&plan=pro', presets, counts)).toBe('POST /signup failed: name=Ada&phone=[phone]&plan=pro');
    expect(redactTextWithUrls('name=Ada&card=4111+1111+1111+1111&iban=DE89+3704+0044+0532+0130+00', presets, counts)).toBe('name=Ada&card=[card]&iban=[iban]');
    expect(redactTextWithUrls('body "to=%2B14155550100&text=hi"', presets, counts)).toBe('body "to=[phone]&text=hi"');
    expect(Object.fromEntries(counts)).toEqual({ phone: 2, url_param: 1, card: 1, iban: 1 });
    // Code and a single pair are no form body; one without escapes stays as written.
    for (const text of ['if (a==1&&b=2) x=3', 'x=1 & y=2', 'token=abc', 'q=C%2B%2B+books&page=2', 'a=1&b=2+3&c=%20x']) expect(redactTextWithUrls(text, presets, new Map())).toBe(text);
  });

  it('returns the text itself when it holds no URL and nothing matches, and leaves other schemes and paths inside words alone', () => {
    const text = 'open ftp://a.test/?token=abc, and/or?token=1, a ratio 3/4?token=2, /plain/path';
    expect(redactTextWithUrls(text, rules, new Map())).toBe(text);
  });
});
