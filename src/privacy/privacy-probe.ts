// Which events of a prompt the privacy presets can change, told while the prompt is written: the
// text writer copies each text as it is and asks the probe about it (PrivacyProbe.copied). The
// probe judges each text once per render: it counts the few characters the presets' pre-checks
// ask about (digits, `@`, `.`, `:`, `=`, where a secret token can start), and redacts the text to
// see only when the counts may lead to a preset. An event the probe passes is written as recorded;
// one it suspects is written again from its redacted copy (see renderPrompt). The probe never
// passes a text a preset could change: it asks exactly the pre-checks that findPresetMatches asks
// before any preset matches. A separate pass redacting every text, as redactSession makes, costs
// about as much as the render.

import type { SessionEvent } from '../session/session-schema.js';
import { CARD_MIN_DIGITS } from './presets/card-detector.js';
import type { Detector } from './presets/detector.js';
import { IBAN_MIN_DIGITS } from './presets/iban-detector.js';
import { mayHoldIpAddress } from './presets/ip-detector.js';
import { mayHoldNamedPhone, PHONE_MIN_DIGITS } from './presets/phone-detector.js';
import { DIGIT_SECRET_MIN_DIGITS, PATH_TOKEN_MIN_DIGITS, SSN_DIGITS } from './presets/secret-detector.js';
import { mayHoldProseSecret } from './presets/prose-secrets.js';
import { isPhonePropertyName } from './presets/phone-property-name.js';
import { isSecretPropertyName } from './presets/secret-property-name.js';
import { TextFacts } from './presets/text-facts.js';
import { holdsCharacterEscapes, isInvisible } from './presets/character-escapes.js';
import { mayHoldEncodedJson } from './presets/encoded-json.js';
import { BASE64_CODES, ENCODED_TEXT_MIN_LENGTH, encodedRunAt } from './presets/encoded-text.js';
import { tokenStartAt } from './presets/token-start.js';
import { tokenMayStartAt } from './token-pairs.js';
import { DETECTORS } from './presets.js';
import type { Echoes } from './echoes.js';
import { CHANGED, textHash, UNKNOWN, VerdictTable } from './verdict-table.js';
import type { PrivacyRules } from './privacy-rules.js';
import { escapedPiecesOf } from './redact-text.js';
import { decodesEscapes, fieldPresetOf, fieldPresetsOf, isRedactedAsUrl, redactStringUnder, type FieldPresets, type SessionRedactor } from './redact-session.js';

import { holdsSecretName } from './secret-name-probe.js';
import { isWideForm } from './presets/text-facts.js';

export { isWideForm } from './presets/text-facts.js';
export { holdsSecretName, holdsSecretNamePiece } from './secret-name-probe.js';
export { tokenMayStartAt } from './token-pairs.js';

/** Kinds of ASCII characters the probe counts in a text (one kind per character). */
export const PROBE_DIGIT = 1;
export const PROBE_AT = 2;
export const PROBE_DOT = 4;
export const PROBE_COLON = 8;
export const PROBE_EQUAL = 16;
/** `%` and `+`: a URL's escaped piece is decoded before it is matched (redactUrl), so it may hide anything. */
export const PROBE_ESCAPE = 32;
/** A character at which a secret token's start can end or begin (see tokenStartAt). */
export const PROBE_TOKEN = 64;
/** `&`, which may start an HTML character reference the presets read decoded (`ada&#64;example.com`, `+44&nbsp;20…`: see character-escapes.ts). */
export const PROBE_AMPERSAND = 128;
/**
 * A full-width form of an ASCII character (`４`, `＠`): the presets read it as that character (see
 * foldWideForms), which the writer does not count; or a character that shows nothing, which they
 * read the text without (`ada\u200b@example.com`, see isInvisible). Not in PROBE_KINDS (it is above ASCII).
 */
export const PROBE_WIDE_FORM = 256;
/**
 * A token of base64 that may encode printable text (`?e=YWRhQGV4YW1wbGUuY29t`), which the presets
 * read decoded (see encoded-text.ts): told by encodedRunAt of each run of base64's characters as the
 * probe counts. Not in PROBE_KINDS.
 */
export const PROBE_ENCODED = 512;

/** The kinds by ASCII code; 0 for characters no pre-check counts. */
export const PROBE_KINDS = new Uint8Array(128);
for (let code = 48; code <= 57; code++) PROBE_KINDS[code] = PROBE_DIGIT;
PROBE_KINDS[64] = PROBE_AT;
PROBE_KINDS[46] = PROBE_DOT;
PROBE_KINDS[58] = PROBE_COLON;
PROBE_KINDS[61] = PROBE_EQUAL;
PROBE_KINDS[37] = PROBE_ESCAPE;
PROBE_KINDS[43] = PROBE_ESCAPE;
PROBE_KINDS[38] = PROBE_AMPERSAND;
for (const character of 'JrRcC_AG-') PROBE_KINDS[character.charCodeAt(0)] = PROBE_TOKEN;

/** Kinds after which the probe judges a text whatever its counts: an email's `@`, escapes a URL decodes, full-width forms, base64 of printable text. */
export const PROBE_SUSPECT_KINDS = PROBE_AT | PROBE_ESCAPE | PROBE_WIDE_FORM | PROBE_ENCODED;
/** The fewest digits a card, a phone number, an IBAN, a Social Security number or a token in a URL's path holds. */
const MIN_NUMBER_DIGITS = Math.min(CARD_MIN_DIGITS, PHONE_MIN_DIGITS, IBAN_MIN_DIGITS, PATH_TOKEN_MIN_DIGITS, SSN_DIGITS, DIGIT_SECRET_MIN_DIGITS);

/**
 * Whether a text the probe counted may be changed by some preset, as far as its counts tell
 * (else the text is not judged): a kind of PROBE_SUSPECT_KINDS, a token's start, enough digits
 * for a card, a phone number or an IBAN, an IP address's digits, dots and colons, a digit and a
 * piece of the word for a password or a code, or a local phone number's digits and a piece of a
 * phone's name. The probe asks besides, of a text with a `:` or `=`, whether a secret's name comes
 * before one (holdsSecretName), only when these say no. Every preset's pre-check
 * (Detector.mayMatch) passes a subset of these texts that the writer copies as they are (a text with a character to
 * escape, a double quote among them, is judged whole: see PrivacyProbe.whole); a test holds the
 * two together.
 */
export function mayBeChanged(digits: number, dots: number, colons: number, kinds: number, tokenStart: boolean, text: string): boolean {
  return (kinds & PROBE_SUSPECT_KINDS) !== 0 || ((kinds & PROBE_AMPERSAND) !== 0 && holdsCharacterEscapes(text)) || tokenStart || digits >= MIN_NUMBER_DIGITS || mayHoldIpAddress(digits, dots, colons) || (digits > 0 && mayHoldProseSecret(text, digits)) || mayHoldNamedPhone(text, digits);
}

/** Keys judged so far per probe: a session uses the same few property names on every event. */
const KNOWN_KEYS_LIMIT = 10_000;
/** Texts judged per render at most (then it starts again). */
const KNOWN_TEXTS_LIMIT = 50_000;

/**
 * The questions the text writer asks while it writes an event (see TextWriter.probe). Made once
 * per set of rules ({@link privacyProbeFor}); only for rules of presets and block selectors, since
 * patterns, masked paths and stripped URL parameters need the whole redaction of every text.
 */
export class PrivacyProbe {
  readonly #detectors: readonly Detector[];
  readonly #secretNames: boolean;
  readonly #phoneNames: boolean;
  readonly #fields: FieldPresets;
  readonly #rules: PrivacyRules;
  readonly #facts = new TextFacts();
  readonly #keys = new Map<string, boolean>();
  // Whether the rules change a text a pre-check passed, judged once per render (see begin).
  readonly #texts = new Map<string, boolean>();
  readonly #urls = new Map<string, boolean>();
  // The verdicts of the texts of this render, under a URL's property or any other (see copied).
  #textVerdicts = new VerdictTable();
  #urlVerdicts = new VerdictTable();
  // Those of selectors while the render has protected values, which a selector is read without (see redactedText).
  #selectorVerdicts = new VerdictTable();
  readonly #scratch = new Map<string, number>();
  // The render's redactor (see begin).
  #redactor: SessionRedactor | undefined;

  constructor(rules: PrivacyRules) {
    this.#rules = rules;
    this.#detectors = [...rules.presets].map((preset) => DETECTORS[preset]);
    this.#secretNames = rules.presets.has('secret');
    this.#phoneNames = rules.presets.has('phone');
    this.#fields = fieldPresetsOf(rules.presets);
  }

  /**
   * Starts a render: what it learns of texts is kept until the next one, so that a render never
   * reuses the work of another (as redactSession, which starts every walk afresh). With the
   * render's redactor, a text is judged by redacting it as the redactor will when it redacts the
   * event, which then reuses that work.
   */
  begin(redactor?: SessionRedactor): void {
    this.#redactor = redactor;
    this.#texts.clear();
    this.#urls.clear();
    this.#textVerdicts = new VerdictTable();
    this.#urlVerdicts = new VerdictTable();
    this.#selectorVerdicts = new VerdictTable();
  }

  /**
   * Whether the rules change `text`, which the writer copied as it is under the property `key`
   * (it holds no character to escape), taking its textHash `hash` as it copied: judged once per
   * render. A session repeats its selectors, labels and URLs: most texts are known here, and cost
   * the look-up only.
   */
  copied(text: string, hash: number, key: string): boolean {
    const verdicts = this.#verdictsUnder(key, text);
    const known = verdicts.get(hash, text);
    return known === UNKNOWN ? verdicts.set(hash, text, this.#countAndJudge(text, key)) : known === CHANGED;
  }

  // Counts the characters of `text` the presets' pre-checks ask about (see PROBE_KINDS), and judges
  // it when they may lead to a preset, or when the render has protected values (see echoesOf).
  #countAndJudge(text: string, key: string): boolean {
    const kinds = PROBE_KINDS;
    let digits = 0;
    let dots = 0;
    let colons = 0;
    let seen = 0;
    let tokenStart = false;
    // The two characters before this one, for a token's start (0: none, or not ASCII).
    let previous = 0;
    let beforeThat = 0;
    // Where the current run of base64's characters started, and whether one may encode printable text.
    let runStart = 0;
    let encoded = false;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code < 0x80) {
        if (BASE64_CODES[code] === 0) {
          if (index - runStart >= ENCODED_TEXT_MIN_LENGTH && !encoded) encoded = encodedRunAt(text, runStart, index);
          runStart = index + 1;
        }
        const kind = kinds[code] as number;
        if (kind !== 0) {
          seen |= kind;
          if (kind === PROBE_DIGIT) digits++;
          else if (kind === PROBE_DOT) dots++;
          else if (kind === PROBE_COLON) colons++;
          else if (kind === PROBE_TOKEN && !tokenStart && tokenMayStartAt(text, index, code, previous, beforeThat)) tokenStart = tokenStartAt(text, index);
        }
        beforeThat = previous;
        previous = code;
      } else {
        if (index - runStart >= ENCODED_TEXT_MIN_LENGTH && !encoded) encoded = encodedRunAt(text, runStart, index);
        runStart = index + 1;
        beforeThat = previous = 0;
        // `４`, `＠`, a no-break space between digits: the presets read them as ASCII.
        if (isWideForm(code) || isInvisible(code)) seen |= PROBE_WIDE_FORM;
      }
    }
    if (encoded || encodedRunAt(text, runStart, text.length)) seen |= PROBE_ENCODED;
    // Most texts have too few digits and none of the characters that lead to a preset. The name
    // before a `:` or `=` is read only when the counts lead to no preset.
    const asked = mayBeChanged(digits, dots, colons, seen, tokenStart, text) || ((seen & (PROBE_COLON | PROBE_EQUAL)) !== 0 && holdsSecretName(text)) || this.echoes !== undefined;
    return asked && this.#judge(text, digits, dots, colons, seen, tokenStart, key);
  }

  // The verdicts of the texts under `key`: a URL's, a selector's while the render has protected values, or any other's.
  #verdictsUnder(key: string, text: string): VerdictTable {
    if (isRedactedAsUrl(key, text)) return this.#urlVerdicts;
    return key === 'selector' && this.#redactor?.echoes !== undefined ? this.#selectorVerdicts : this.#textVerdicts;
  }

  /** The render's protected values, replaced wherever they appear (see echoesOf): the probe judges every text while there are some. */
  get echoes(): Echoes | undefined {
    return this.#redactor?.echoes;
  }

  #judge(text: string, digits: number, dots: number, colons: number, kinds: number, tokenStart: boolean, key: string): boolean {
    if (this.echoes?.test(text) === true) return this.#changes(text, key);
    // A URL's escaped pieces are decoded and matched (redactUrl): `?email=ada%40example.com`; and
    // full-width forms are read as the ASCII they stand for, which the counts do not hold.
    if ((kinds & PROBE_WIDE_FORM) === 0) {
      const decoded = (kinds & PROBE_ESCAPE) !== 0 && decodesEscapes(key, text);
      // A text holding URLs has each decoded apart (redactTextWithUrls): judged by redacting it.
      if (!decoded || isRedactedAsUrl(key, text)) {
        // The colon of a URL's scheme leads to no preset: no IPv6 address touches it, and the key
        // before it (`https`) is no secret's name. Most URLs have no other.
        let seen = kinds;
        let colonCount = colons;
        if (colons > 0 && (text.startsWith('https://') || text.startsWith('http://')) && --colonCount === 0) seen &= ~PROBE_COLON;
        // An email address's `@` may be escaped (`ada%40example.com`) outside a URL the rules decode.
        const ats = (seen & PROBE_AT) !== 0 || ((seen & PROBE_ESCAPE) !== 0 && text.includes('%40')) ? 1 : 0;
        const facts = this.#facts.assign(text, digits, ats, dots, colonCount, (seen & PROBE_EQUAL) === 0 ? 0 : 1, tokenStart);
        // `+44&nbsp;20&nbsp;7946&nbsp;0958`: read decoded too (see findPresetMatches).
        facts.characterEscapes = (seen & PROBE_AMPERSAND) !== 0 && holdsCharacterEscapes(text);
        facts.encodedText = (seen & PROBE_ENCODED) !== 0;
        // A URL's value with escapes (`?drill=Paid%20search`) changes only where a preset may match the URL or a piece decoded.
        if (!this.#mayMatch(facts) && (!decoded || !escapedPiecesOf(text).some((piece) => this.#mayMatch(this.#facts.readAsPresets(piece))))) return false;
      }
    }
    return this.#changes(text, key);
  }

  /** `copied` for a text the writer does not copy as it is (it escapes it): read whole. */
  whole(text: string, key: string): boolean {
    const verdicts = this.#verdictsUnder(key, text);
    const hash = textHash(text);
    const known = verdicts.get(hash, text);
    if (known !== UNKNOWN) return known === CHANGED;
    return verdicts.set(hash, text, (this.#mayChange(text, key) || this.echoes?.test(text) === true) && this.#changes(text, key));
  }

  /**
   * Whether a property name is changed (it is redacted like a text), or its value may be replaced
   * whole (a secret's name; a phone's name, when the value is written as a phone number).
   */
  key(key: string): boolean {
    let changes = this.#keys.get(key);
    if (changes === undefined) {
      changes = (this.#secretNames && isSecretPropertyName(key)) || (this.#phoneNames && isPhonePropertyName(key)) || (this.#mayChange(key, '') && this.#changes(key, ''));
      if (this.#keys.size >= KNOWN_KEYS_LIMIT) this.#keys.clear();
      this.#keys.set(key, changes);
    }
    // A value the render protects may be a property's name too (a value typed into a field for an
    // IBAN that names a property); the protected values are the render's, so this is not kept.
    return changes || (this.echoes?.test(key) === true && this.#changes(key, ''));
  }

  // Whether a pre-check passes a text read whole (its full-width forms read as ASCII), or it hides what escapes a URL decodes.
  #mayChange(text: string, key: string): boolean {
    if ((text.includes('%') || text.includes('+')) && decodesEscapes(key, text)) return true;
    return this.#mayMatch(this.#facts.readAsPresets(text));
  }

  // Whether redacting the text under `key` (as a URL, or as a text) changes it.
  #changes(text: string, key: string): boolean {
    if (this.#redactor !== undefined) return this.#redactor.changes(text, key);
    const known = isRedactedAsUrl(key, text) ? this.#urls : this.#texts;
    let changes = known.get(text);
    if (changes === undefined) {
      const scratch = this.#scratch;
      changes = redactStringUnder(key, text, this.#rules, scratch) !== text;
      scratch.clear();
      if (known.size >= KNOWN_TEXTS_LIMIT) known.clear();
      known.set(text, changes);
    }
    return changes;
  }

  /** Whether a number is changed: a card or phone number recorded as a number (7 digits or more) is redacted as its text. */
  number(value: number): boolean {
    return Number.isSafeInteger(value) && Math.abs(value) >= 1_000_000 && this.#changes(String(value), '');
  }

  /**
   * Whether an event's `value` is replaced whole: anything typed into a field for a secret, an
   * email, a card or an IBAN, a phone number (or part of one) typed into a field for one (asked by
   * the writer as it writes the value, which most events do not have).
   */
  fieldValue(event: SessionEvent, value: unknown): boolean {
    return fieldPresetOf(this.#fields, value, event) !== undefined;
  }

  /** Whether the event is on a blocked element (then its texts become `[blocked]`). */
  blocked(event: SessionEvent): boolean {
    if (this.#rules.blockSelectors.length === 0) return false;
    const selector = event.target?.selector;
    return selector !== undefined && this.#rules.isBlockedElement(selector);
  }

  #mayMatch(facts: TextFacts): boolean {
    for (const detector of this.#detectors) if (detector.mayMatch(facts)) return true;
    // A JSON object or printable text in base64, and a text with characters written by their codes, are read decoded by every preset (see findPresetMatches).
    return mayHoldEncodedJson(facts.text, facts.tokenStart) || facts.characterEscapes || facts.encodedText;
  }
}

const probes = new WeakMap<PrivacyRules, PrivacyProbe | null>();

/**
 * The probe of `rules`, made once; undefined for rules it cannot answer for (patterns, masked
 * property paths, stripped URL parameters), which are applied to every text before the render.
 */
export function privacyProbeFor(rules: PrivacyRules): PrivacyProbe | undefined {
  let probe = probes.get(rules);
  if (probe === undefined) {
    probe = rules.patterns.length === 0 && rules.maskProperties.length === 0 && rules.stripUrlParams.size === 0 ? new PrivacyProbe(rules) : null;
    probes.set(rules, probe);
  }
  return probe ?? undefined;
}
