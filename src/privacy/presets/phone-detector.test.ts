import { describe, expect, it } from 'vitest';
import { findPresetMatches } from '../presets.js';

const PHONE: ReadonlySet<'phone'> = new Set(['phone']);

function phonesIn(text: string): string[] {
  return findPresetMatches(text, PHONE).map((match) => text.slice(match.start, match.end));
}

describe('the phone preset, in the formats of more countries', () => {
  it.each([
    // A country code in brackets, `+` inside, as pages in the UK, the Gulf and India write it.
    ['(+44) 20 7946 0958', '(+44) 20 7946 0958'],
    ['call (+971) 50 123 4567 now', '(+971) 50 123 4567'],
    ['(+91) 98765 43210', '(+91) 98765 43210'],
    ['(+44)2079460958', '(+44)2079460958'],
    ['(+1) 415-555-0100', '(+1) 415-555-0100'],
    // An area code apart from the number by the other of a space and a dash.
    ['415 555-0100', '415 555-0100'],
    ['020-7946 0958', '020-7946 0958'],
    ['010-1234 5678', '010-1234 5678'],
    // Russia's trunk 8 before an area code in brackets; India's trunk 0 before a mobile number.
    ['8 (495) 123-45-67', '8 (495) 123-45-67'],
    ['8(812)123-45-67', '8(812)123-45-67'],
    ['098765 43210', '098765 43210'],
    // A German number with its country code and its area code apart by a slash.
    ['Tel. +49 30/901820', '+49 30/901820'],
    ['+43 (0)1/588011', '+43 (0)1/588011'],
  ])('finds %j', (text, phone) => {
    expect(phonesIn(text)).toEqual([phone]);
  });

  it.each([
    'Order 123 456-789', 'Room 101 555-0100', 'SKU 0123-4567 89', 'ID 098765 4321', 'ID 012345 67890', 'score (+12) 345', 'size (+2) XL',
    'delta (+15%) 2026', '8 (495) 123', 'page 8 (of 12) 345 items', 'rate +12 10/2000', '+2 1/2 cups', '30-11 2026 14:00', '05-12 2026 14',
    'qty 100 250-300', 'build 2026.11.30-1234 567', 'ISBN 978-0-306-40615-7', '55 1234 5678',
  ])('leaves %j', (text) => {
    expect(phonesIn(text)).toEqual([]);
  });
});
