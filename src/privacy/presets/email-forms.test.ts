import { describe, expect, it } from 'vitest';
import { findPresetMatches } from '../presets.js';
import { findOtherAddressForms } from './email-forms.js';

const EMAIL: ReadonlySet<'email'> = new Set(['email']);

function emailsIn(text: string): string[] {
  return findPresetMatches(text, EMAIL).map((match) => text.slice(match.start, match.end));
}

describe('email addresses written in the other forms mail systems accept', () => {
  it.each([
    ['mail "ada lovelace"@example.com now', '"ada lovelace"@example.com'],
    ['"ada.l"@example.co.uk', '"ada.l"@example.co.uk'],
    ['mail ada@[192.168.0.1] now', 'ada@[192.168.0.1]'],
    ['ada.l@[IPv6:2001:db8::1]', 'ada.l@[IPv6:2001:db8::1]'],
    // An apostrophe inside a local part, as Irish and Italian names have it.
    ["o'connell@example.ie", "o'connell@example.ie"],
    ["contact d'angelo.m@example.it today", "d'angelo.m@example.it"],
    ["repr: 'ada@example.com'", 'ada@example.com'],
  ])('finds %j', (text, address) => {
    expect(emailsIn(text)).toEqual([address]);
  });

  it.each(['"ada"@ said', 'a "quoted" @ mention', 'rock@[night]', "o'clock@noon", "it's@home", 'ada@[999.1.1.1]', 'ada@[IPv6:192.168.0.1]', 'ada@[2001:db8::1]', '"a@b"@example.com x'])('leaves %j', (text) => {
    expect(findOtherAddressForms(text)).toEqual([]);
  });
});
