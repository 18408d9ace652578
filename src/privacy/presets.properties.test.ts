// Properties of the presets over generated texts: what each finds inside a sentence, and what no
// preset takes for personal data.

import fc from 'fast-check';
import { countrySpecs } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, findPresetMatches, type PresetName } from './presets.js';

const ALL: ReadonlySet<PresetName> = new Set(PRESET_NAMES);

const plainWord = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const words = fc.array(plainWord, { maxLength: 6 });
const trailingPunctuation = fc.constantFrom('', '.', ',', '!');

/** `value` between random plain words, followed by punctuation. */
function sentenceAround(value: fc.Arbitrary<string>): fc.Arbitrary<{ text: string; value: string }> {
  return fc.tuple(words, value, trailingPunctuation, words).map(([before, inner, punctuation, after]) => ({
    text: [...before, inner + punctuation, ...after].join(' '),
    value: inner,
  }));
}

function expectFoundInSentence(value: fc.Arbitrary<string>, preset: PresetName): void {
  fc.assert(
    fc.property(sentenceAround(value), ({ text, value: inner }) => {
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

const cardNumber = fc
  .tuple(fc.integer({ min: 13, max: 19 }), fc.constantFrom('', ' ', '-', '.'))
  .chain(([length, separator]) =>
    fc
      .tuple(fc.stringMatching(/^[2-9]$/), fc.stringMatching(new RegExp(`^[0-9]{${length - 2}}$`)))
      .map(([first, rest]) => groupedBy4(withLuhnCheckDigit(first + rest), separator)),
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

const iban = fc
  .tuple(fc.stringMatching(/^[A-Z]{2}$/), fc.stringMatching(/^[A-Z]{0,4}[0-9]{10,26}$/), fc.constantFrom('', ' ', '-'))
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
    expectFoundInSentence(iban, 'iban');
  });

  it('finds generated IBANs typed in lower or mixed case, with their exact span', () => {
    expectFoundInSentence(typedIban, 'iban');
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
