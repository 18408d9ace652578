// Properties of the presets over generated texts: what each finds inside a sentence, and what no
// preset takes for personal data.

import fc from 'fast-check';
import { countrySpecs } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { isWholeCard } from './presets/card-detector.js';
import { isWholeIban } from './presets/iban-detector.js';
import { PRESET_NAMES, findPresetMatches, type PresetName } from './presets.js';

const ALL: ReadonlySet<PresetName> = new Set(PRESET_NAMES);

const plainWord = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const words = fc.array(plainWord, { maxLength: 6 });
const trailingPunctuation = fc.constantFrom('', '.', ',', '!');

/** `value` between random plain words (those after it of `after`), followed by punctuation. */
function sentenceAround(value: fc.Arbitrary<string>, after = words): fc.Arbitrary<{ text: string; value: string }> {
  return fc.tuple(words, value, trailingPunctuation, after).map(([before, inner, punctuation, following]) => ({
    text: [...before, inner + punctuation, ...following].join(' '),
    value: inner,
  }));
}

/**
 * Plain words after an IBAN: none of 1 to 4 characters, which would read as one more block of it
 * (`DE89 3704 0044 0532 0130 00 KZX` is a longer IBAN when its checksum passes, one time in 97).
 */
const wordsAfterIban = fc.array(fc.stringMatching(/^[A-Za-z]{5,12}$/), { maxLength: 6 });

function expectFoundInSentence(value: fc.Arbitrary<string>, preset: PresetName, after = words): void {
  fc.assert(
    fc.property(sentenceAround(value, after), ({ text, value: inner }) => {
      const start = text.indexOf(inner);
      const expected = [{ start, end: start + inner.length, preset }];
      expect(findPresetMatches(text, new Set([preset]))).toEqual(expected);
      expect(findPresetMatches(text, ALL)).toEqual(expected);
    }),
  );
}

const emailAddress = fc
  .tuple(
    fc.oneof(fc.stringMatching(/^[a-z0-9_][a-z0-9._%+-]{0,15}$/), fc.constantFrom('josé', 'ĳsbrand', 'почта', '用户', 'Zoë.Ng')),
    fc.array(fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,9}$/), fc.constantFrom('münchen', 'пример', 'bücher-shop')), { minLength: 1, maxLength: 3 }),
    fc.oneof(fc.stringMatching(/^[a-z]{2,6}$/), fc.constantFrom('рф', 'xn--p1ai', 'DE')),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);

/** Appends the Luhn check digit to `payload`. */
function withLuhnCheckDigit(payload: string): string {
  let sum = 0;
  for (let index = 0; index < payload.length; index++) {
    let digit = Number(payload[payload.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return payload + String((10 - (sum % 10)) % 10);
}

function groupedBy4(value: string, separator: string): string {
  return (value.match(/.{1,4}/g) ?? []).join(separator);
}

/** The first digits a card of each length may start with (13: Visa; 14: Diners Club; 15: American Express, Diners Club, JCB; 16 to 19: any of 2 to 9). */
const CARD_STARTS: Readonly<Record<number, RegExp>> = { 13: /^4$/, 14: /^3$/, 15: /^(?:3|2131)$/ };

const cardNumber = fc
  .tuple(fc.integer({ min: 13, max: 19 }), fc.constantFrom('', ' ', '  ', '-', '.'))
  .chain(([length, separator]) =>
    fc
      .stringMatching(CARD_STARTS[length] ?? /^[2-9]$/)
      .chain((first) => fc.stringMatching(new RegExp(`^[0-9]{${length - 1 - first.length}}$`)).map((rest) => groupedBy4(withLuhnCheckDigit(first + rest), separator))),
  );

/** `country + check digits + bban`, with the check digits computed per ISO 13616. */
function ibanOf(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`;
  let remainder = 0;
  for (const character of rearranged) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  const check = String(98 - remainder).padStart(2, '0');
  return country + check + bban;
}

/** The countries that issue IBANs (not `RF`, a creditor reference's prefix). */
const ibanCountries = Object.entries(countrySpecs).flatMap(([country, spec]) => (spec.chars === undefined ? [] : [country]));

const iban = fc
  .tuple(fc.constantFrom(...ibanCountries), fc.stringMatching(/^[A-Z]{0,4}[0-9]{10,26}$/), fc.constantFrom('', ' ', '-'))
  .filter(([, bban]) => bban.length >= 11 && bban.length <= 30)
  .map(([country, bban, separator]) => groupedBy4(ibanOf(country, bban), separator));

/**
 * The account part's format of each country in SWIFT's IBAN registry, for those without national
 * check digits (a random account part would rarely pass them). Where a format allows letters or
 * digits, accounts hold digits (the preset needs 9 digits in an IBAN; see docs/privacy.md).
 */
const registryFormats = Object.entries(countrySpecs).flatMap(([country, spec]) =>
  spec.IBANRegistry && spec.bban_regexp !== undefined && spec.bban_validation_func === undefined
    ? [[country, `^(?:${spec.bban_regexp.replace(/^\^|\$$/g, '').replace(/\[(?:A-Z0-9|0-9A-Z)\]/g, '[0-9]')})$`] as const]
    : [],
);

/** IBANs of any registry country, in its format, as someone may type them: lower or mixed case. */
const typedIban = fc
  .tuple(fc.constantFrom(...registryFormats), fc.constantFrom('', ' ', '-'), fc.boolean())
  .chain(([[country, format], separator, mixed]) =>
    fc.stringMatching(new RegExp(format)).map((bban) => {
      const compact = ibanOf(country, bban);
      const typed = mixed ? compact.charAt(0) + compact.slice(1).toLowerCase() : compact.toLowerCase();
      return groupedBy4(typed, separator);
    }),
  );

/** Dotted quads, some octets zero-padded to 3 digits as routers print them. */
const ipv4 = fc
  .array(fc.tuple(fc.nat(255), fc.boolean()), { minLength: 4, maxLength: 4 })
  .map((octets) => octets.map(([octet, padded]) => (padded ? String(octet).padStart(3, '0') : String(octet))).join('.'));

const jwtToken = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{4,30}$/), fc.stringMatching(/^[A-Za-z0-9_-]{4,60}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/))
  .map(([header, payload, signature]) => `eyJ${header}.${payload}.${signature}`);

describe('properties', () => {
  it('finds generated email addresses with their exact span', () => {
    expectFoundInSentence(emailAddress, 'email');
  });

  it('finds generated Luhn-valid card numbers, grouped or not, with their exact span', () => {
    expectFoundInSentence(cardNumber, 'card');
  });

  it('finds generated IBANs with valid check digits, compact or grouped, with their exact span', () => {
    expectFoundInSentence(iban, 'iban', wordsAfterIban);
  });

  it('finds generated IBANs typed in lower or mixed case, with their exact span', () => {
    expectFoundInSentence(typedIban, 'iban', wordsAfterIban);
  });

  it('finds generated IPv4 addresses with their exact span', () => {
    expectFoundInSentence(ipv4, 'ip');
  });

  it('finds generated JWT-shaped tokens with their exact span', () => {
    expectFoundInSentence(jwtToken, 'secret');
  });

  it('finds nothing in sentences of plain words', () => {
    fc.assert(
      fc.property(words, trailingPunctuation, (sentence, punctuation) => {
        expect(findPresetMatches(sentence.join(' ') + punctuation, ALL)).toEqual([]);
      }),
    );
  });

  it('finds nothing in integers below 10^8, alone or in a sentence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), words, (integer, sentence) => {
        expect(findPresetMatches(String(integer), ALL)).toEqual([]);
        expect(findPresetMatches([...sentence, String(integer)].join(' '), ALL)).toEqual([]);
      }),
    );
  });

  it('never returns overlapping or unsorted matches', () => {
    const piece = fc.oneof(plainWord, emailAddress, cardNumber, iban, ipv4, jwtToken, fc.constantFrom('+44 20 7946 0958', 'token=', ':', '.', '-', ' '));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom('', ' '), (pieces, glue) => {
        const matches = findPresetMatches(pieces.join(glue), ALL);
        for (let index = 1; index < matches.length; index++) {
          expect(matches[index]!.start).toBeGreaterThanOrEqual(matches[index - 1]!.end);
        }
      }),
    );
  });
});

describe('the quick answers for a value typed into a card or IBAN field', () => {
  const wholeBy = (text: string, preset: PresetName) => {
    const matches = findPresetMatches(text, new Set([preset]));
    return matches.length === 1 && matches[0]?.start === 0 && matches[0]?.end === text.length;
  };
  const digits = fc.stringMatching(/^[0-9]{1,20}$/);
  const grouped = fc.tuple(fc.array(fc.stringMatching(/^[0-9]{1,6}$/), { minLength: 1, maxLength: 5 }), fc.constantFrom(' ', '-', '.', '')).map(([groups, separator]) => groups.join(separator));

  it('say a card is whole only where the card preset finds all of it', () => {
    fc.assert(
      fc.property(fc.oneof(digits, grouped), (text) => {
        if (isWholeCard(text)) expect(wholeBy(text, 'card'), text).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(['4111 1111 1111 1111', '4111-1111-1111-1111', '4111111111111111', '5555.5555.5555.4444'].every(isWholeCard)).toBe(true);
    expect(['4111 1111 1111 1112', '1111 1111 1111 1117', '4111 1111-1111 1111', '411 11111 1111 1111'].some(isWholeCard)).toBe(false);
  });

  it('say an IBAN is whole only where the iban preset finds all of it', () => {
    const iban = fc.tuple(fc.constantFrom('DE', 'GB', 'FR', 'NL'), fc.stringMatching(/^[0-9]{2}$/), fc.stringMatching(/^[A-Z0-9]{11,30}$/), fc.boolean()).map(([country, check, rest, spaced]) => {
      const compact = `${country}${check}${rest}`;
      return spaced ? compact.replace(/(.{4})(?=.)/g, '$1 ') : compact;
    });
    fc.assert(
      fc.property(iban, (text) => {
        if (isWholeIban(text)) expect(wholeBy(text, 'iban'), text).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(isWholeIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isWholeIban('DE89 3704 0044 0532 0130 01')).toBe(false);
  });
});
