// The built-in privacy presets: pure detectors of personal data in free text (email addresses,
// payment card numbers, phone numbers, IBANs, IP addresses and secrets), used to redact session
// text before it is sent to a language model. Each preset (one module each, in presets/) runs
// only when a cheap pre-check on the text passes, and every regular expression is written so that
// it cannot backtrack catastrophically: quantified pieces are separated by characters they cannot
// both match, or are bounded. Candidates are then validated in code (Luhn, mod-97, octet ranges,
// `isIP`).

import { cardDetector } from './presets/card-detector.js';
import { decodedText } from './presets/character-escapes.js';
import type { Detector } from './presets/detector.js';
import { emailDetector } from './presets/email-detector.js';
import { encodedJsonIn, mayHoldEncodedJson } from './presets/encoded-json.js';
import { encodedTextIn } from './presets/encoded-text.js';
import { ibanDetector } from './presets/iban-detector.js';
import { ipDetector } from './presets/ip-detector.js';
import { phoneDetector } from './presets/phone-detector.js';
import { secretDetector } from './presets/secret-detector.js';
import { TextFacts } from './presets/text-facts.js';

export { isPhonePropertyName } from './presets/phone-property-name.js';
export { isSecretPropertyName } from './presets/secret-property-name.js';

/**
 * The names of the built-in presets. Their order breaks ties between matches with the same span.
 *
 * @category Privacy
 */
export const PRESET_NAMES = ['email', 'card', 'phone', 'iban', 'ip', 'secret'] as const;

/**
 * One of {@link PRESET_NAMES}.
 *
 * @category Privacy
 */
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * A span of `text` [start, end) that a preset matched.
 *
 * @category Privacy
 */
export interface PresetMatch {
  readonly start: number;
  readonly end: number;
  readonly preset: PresetName;
}

/** The detector of each preset. */
export const DETECTORS: Readonly<Record<PresetName, Detector>> = {
  email: emailDetector,
  card: cardDetector,
  phone: phoneDetector,
  iban: ibanDetector,
  ip: ipDetector,
  secret: secretDetector,
};

/**
 * The facts of the text being matched: one object for every text (the matching is synchronous and
 * no detector matches another text meanwhile), so that a text no preset can match allocates nothing.
 */
const FACTS = new TextFacts();

/**
 * Every match of the given presets in `text`, sorted by start, never overlapping: when two
 * matches overlap, the one that starts first wins, then the longer one, then the preset that
 * comes first in {@link PRESET_NAMES}.
 *
 * Presets match as follows (see the tests for examples):
 * - `email`: `local@domain.tld`, with a dot in the domain and a TLD of 2+ letters (or `xn--…`), in
 *   any script (`josé@example.com`, `ada@münchen.de`).
 * - `card`: 13–19 digits starting with 2–9, whole or grouped by single spaces, dashes or dots, passing
 *   the Luhn check (a leading 1 is left alone: that is what epoch timestamps look like).
 * - `phone`: `+<country> ...` numbers (9–15 digits, the whole run of digit groups after the `+`),
 *   and national numbers with separators in the shapes `(415) 555-0100`, `415-555-0100`, `1-415-555-0100` or `020 7946 0958` (trunk prefix 0).
 *   (Redacting a session also replaces plain digits under a phone's property name, see
 *   {@link isPhonePropertyName}, and in a field for a phone number.)
 * - `iban`: compact or grouped by 4 with spaces, with a valid mod-97 checksum; in upper case, or in
 *   lower or mixed case for a country of the IBAN registry at its IBAN's length.
 * - `ip`: IPv4 dotted quads and IPv6 (compressed forms included) containing at least one digit.
 * - `secret`: JWTs, API keys of well-known shapes, the token after `Bearer` and the credentials
 *   after `Basic` (the word, in any case, is not part of the match), the password of a URL's user
 *   info (`postgres://app:[secret]@db`), the body of a PEM private key, and the value of
 *   `key=value` / `key: value` pairs whose key is a secret name (see {@link isSecretPropertyName}).
 * - Any of them in a JSON object written in base64 (`state=eyJlbWFpbCI6…`), or in printable text
 *   written in base64 (`?e=YWRhQGV4YW1wbGUuY29t`): the whole token, as the match of the first preset
 *   found in its decoded text.
 * - Any of them in the text read with its character references and escapes decoded, and without
 *   its invisible characters (`ada\u0040example.com`, `+44&nbsp;20&nbsp;7946&nbsp;0958`): where
 *   they are written.
 *
 * @param text - Any text of a session.
 * @param presets - The presets to run; the others are skipped.
 * @category Privacy
 */
export function findPresetMatches(text: string, presets: ReadonlySet<PresetName>): PresetMatch[] {
  if (text.length === 0 || presets.size === 0) return [];
  // `４１１１ １１１１ …`, `ａｄａ＠…`: read as the ASCII they stand for, at the same places.
  const facts = FACTS.readAsPresets(text);
  let matches: PresetMatch[] | undefined;
  for (const preset of PRESET_NAMES) {
    if (!presets.has(preset)) continue;
    const detector = DETECTORS[preset];
    if (!detector.mayMatch(facts)) continue;
    for (const span of detector.find(facts)) (matches ??= []).push({ start: span.start, end: span.end, preset });
  }
  // Last: reading a token or the text decoded reads their facts over those of this one.
  const characterEscapes = facts.characterEscapes;
  const encodedText = facts.encodedText;
  if (mayHoldEncodedJson(text, facts.tokenStart)) for (const match of encodedTokenMatches(encodedJsonIn(text), presets)) (matches ??= []).push(match);
  if (encodedText) for (const match of encodedTokenMatches(encodedTextIn(text), presets)) (matches ??= []).push(match);
  if (characterEscapes) for (const match of decodedMatches(text, presets)) (matches ??= []).push(match);
  return matches === undefined ? [] : withoutOverlaps(matches);
}

/**
 * The base64 tokens found in a text (a JSON object, `state=eyJlbWFpbCI6…`, see encoded-json.ts; or
 * printable text, `?e=YWRhQGV4YW1wbGUuY29t`, see encoded-text.ts) in which the presets find
 * anything when they read it decoded, each as a match of the first preset found in it: the token
 * cannot be written back with only part of it hidden.
 */
function encodedTokenMatches(tokens: readonly { readonly start: number; readonly end: number; readonly decoded: string }[], presets: ReadonlySet<PresetName>): PresetMatch[] {
  const matches: PresetMatch[] = [];
  for (const { start, end, decoded } of tokens) {
    const inside = findPresetMatches(decoded, presets)[0];
    if (inside !== undefined) matches.push({ start, end, preset: inside.preset });
  }
  return matches;
}

/**
 * What the presets find in `text` read with its character references and escapes decoded and its
 * invisible characters left out (`ada\u0040example.com`, `+44&nbsp;20&nbsp;7946&nbsp;0958`,
 * `ada\u200b@example.com`: see character-escapes.ts), each at the place of its writing in `text`.
 */
function decodedMatches(text: string, presets: ReadonlySet<PresetName>): PresetMatch[] {
  const decoded = decodedText(text);
  if (decoded === undefined) return [];
  return findPresetMatches(decoded.text, presets).map(({ start, end, preset }) => ({ start: decoded.starts[start] as number, end: decoded.ends[end - 1] as number, preset }));
}

/** Sorts matches by start, longer first, then by preset order, and drops those that overlap a kept one. */
function withoutOverlaps(matches: PresetMatch[]): PresetMatch[] {
  if (matches.length <= 1) return matches;
  matches.sort(compareMatches);
  const kept: PresetMatch[] = [];
  let keptEnd = 0;
  for (const match of matches) {
    if (match.start < keptEnd) continue;
    kept.push(match);
    keptEnd = match.end;
  }
  return kept;
}

function compareMatches(a: PresetMatch, b: PresetMatch): number {
  return a.start - b.start || b.end - a.end || PRESET_NAMES.indexOf(a.preset) - PRESET_NAMES.indexOf(b.preset);
}
