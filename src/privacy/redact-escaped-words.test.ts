import { describe, expect, it } from 'vitest';
import { parsePrivacyRules } from './privacy-rules.js';
import { redactStringUnder } from './redact-session.js';

const rules = parsePrivacyRules('presets: [email, card, phone, iban, ip, secret]\n');
const redacted = (text: string) => {
  const counts = new Map<string, number>();
  return { text: redactStringUnder('message', text, rules, counts), counts: Object.fromEntries(counts) };
};

describe('escapes outside any URL in a text', () => {
  it.each([
    ['lookup to=%2B44%2020%207946%200958 failed', 'lookup to=[phone] failed', { phone: 1 }],
    ['sms %2B44%2020%207946%200958', 'sms [phone]', { phone: 1 }],
    ['q=%7B%22phone%22%3A%22%2B44%2020%207946%200958%22%7D', 'q=%7B%22phone%22%3A%22[phone]%22%7D', { phone: 1 }],
    ['payload %7B%22email%22%3A%22ada%40example.com%22%2C%22card%22%3A%224111%201111%201111%201111%22%7D', 'payload %7B%22email%22%3A%22[email]%22%2C%22card%22%3A%22[card]%22%7D', { email: 1, card: 1 }],
    ['data:text/plain,call%20%2B44%2020%207946%200958', 'data:text/plain,call%20[phone]', { phone: 1 }],
    ['tel:%2B44%2020%207946%200958', 'tel:[phone]', { phone: 1 }],
    ['from 192%2E168%2E0%2E1', 'from [ip]', { ip: 1 }],
    ['user ada%2540example.com not found', 'user [email] not found', { email: 1 }],
    ['ada%40example%2Ecom failed', '[email] failed', { email: 1 }],
  ])('are read decoded: %j', (text, expected, counts) => {
    expect(redacted(text)).toEqual({ text: expected, counts });
  });

  it('leave a text whose escapes hide nothing as it is', () => {
    for (const text of ['50% off, 100%25 sure', 'q=Paid%20search&x=%E0%A4%A', 'path %2Fhome%2Fada']) expect(redacted(text)).toEqual({ text, counts: {} });
  });
});
