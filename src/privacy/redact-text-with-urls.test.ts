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

  it('returns the text itself when it holds no URL and nothing matches, and leaves other schemes and paths inside words alone', () => {
    const text = 'open ftp://a.test/?token=abc, and/or?token=1, a ratio 3/4?token=2, /plain/path';
    expect(redactTextWithUrls(text, rules, new Map())).toBe(text);
  });
});
