// Which events of a prompt the privacy presets can change, told while the prompt is written: the
// text writer counts the few characters the presets' pre-checks ask about as it copies each text
// (digits, `@`, `.`, `:`, `=`, where a secret token can start), and asks the probe only about a text
// that has some. An event the probe passes is written as recorded; one it suspects is written
// again from its redacted copy (see renderPrompt). The probe never passes a text a preset could
// change: it asks exactly the pre-checks that findPresetMatches asks before any preset matches.
// A separate pass over every text, as redactSession makes, costs about as much as the render.

import type { SessionEvent } from '../session/session-schema.js';
import type { Detector } from './presets/detector.js';
import { isSecretPropertyName } from './presets/secret-property-name.js';
import { TextFacts } from './presets/text-facts.js';
import { tokenStartAt } from './presets/token-start.js';
import { DETECTORS } from './presets.js';
import type { PrivacyRules } from './privacy-rules.js';
import { decodesEscapes, isRedactedAsUrl, redactStringUnder } from './redact-session.js';

/** Kinds of ASCII characters the writer tells the probe about (one kind per character). */
export const PROBE_DIGIT = 1;
export const PROBE_AT = 2;
export const PROBE_DOT = 4;
export const PROBE_COLON = 8;
export const PROBE_EQUAL = 16;
/** `%` and `+`: a URL's escaped piece is decoded before it is matched (redactUrl), so it may hide anything. */
export const PROBE_ESCAPE = 32;
/** A character at which a secret token's start can end or begin (see tokenStartAt). */
export const PROBE_TOKEN = 64;

/** The kinds by ASCII code; 0 for characters no pre-check counts. */
export const PROBE_KINDS = new Uint8Array(128);
for (let code = 48; code <= 57; code++) PROBE_KINDS[code] = PROBE_DIGIT;
PROBE_KINDS[64] = PROBE_AT;
PROBE_KINDS[46] = PROBE_DOT;
PROBE_KINDS[58] = PROBE_COLON;
PROBE_KINDS[61] = PROBE_EQUAL;
PROBE_KINDS[37] = PROBE_ESCAPE;
PROBE_KINDS[43] = PROBE_ESCAPE;
for (const character of 'JrRcC_A-') PROBE_KINDS[character.charCodeAt(0)] = PROBE_TOKEN;

/**
 * 1 at [code << 7 | previous code] where a character of kind PROBE_TOKEN can end a token's start
 * after that previous character (`r` after `e` of `Bearer`, `_` after `e` of `_live_`...): only
 * there is tokenStartAt asked. An `A` begins a start (`AKIA`): it is asked after any character.
 */
export const TOKEN_PAIRS = new Uint8Array(128 * 128);
for (const [character, previous] of [['J', 'y'], ['r', 'e'], ['R', 'E'], ['c', 'i'], ['C', 'I'], ['-', 'kabposr'], ['_', 'etpousr']] as const) {
  for (const before of previous) TOKEN_PAIRS[(character.charCodeAt(0) << 7) | before.charCodeAt(0)] = 1;
}
for (let before = 0; before < 128; before++) TOKEN_PAIRS[(65 << 7) | before] = 1;

/** Kinds that may lead a text to a preset besides its digits and a token's start. */
export const PROBE_SUSPECT_KINDS = PROBE_AT | PROBE_COLON | PROBE_EQUAL | PROBE_ESCAPE;
/** Fewer digits than any preset needs without `@`, `:`, `=` or a token (an IPv4 address has 4; the writer asks nothing below it). */
export const FEW_DIGITS = 4;


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
  /** The character kinds, by ASCII code (see PROBE_KINDS). */
  readonly kinds = PROBE_KINDS;
  /** Where a token's start can end (see TOKEN_PAIRS). */
  readonly tokenPairs = TOKEN_PAIRS;
  readonly #detectors: readonly Detector[];
  readonly #secretNames: boolean;
  readonly #rules: PrivacyRules;
  readonly #facts = new TextFacts();
  readonly #keys = new Map<string, boolean>();
  // Whether the rules change a text a pre-check passed, judged once per render (see begin).
  readonly #texts = new Map<string, boolean>();
  readonly #urls = new Map<string, boolean>();
  readonly #scratch = new Map<string, number>();

  constructor(rules: PrivacyRules) {
    this.#rules = rules;
    this.#detectors = [...rules.presets].map((preset) => DETECTORS[preset]);
    this.#secretNames = rules.presets.has('secret');
  }

  /** Whether a character of `text` at `index`, of kind PROBE_TOKEN, ends or begins a secret token's start. */
  tokenStartAt(text: string, index: number): boolean {
    return tokenStartAt(text, index);
  }

  /**
   * Starts a render: what it learns of texts is kept until the next one, so that a render never
   * reuses the work of another (as redactSession, which starts every walk afresh).
   */
  begin(): void {
    this.#texts.clear();
    this.#urls.clear();
  }

  /**
   * Whether the rules change `text`, written under the property `key`, from the counts the writer
   * took of it: its digits, dots and colons, the kinds of character it holds (OR-ed), and whether
   * a token starts in it. Only a text some preset's pre-check passes is redacted to see.
   */
  text(text: string, digits: number, dots: number, colons: number, kinds: number, tokenStart: boolean, key: string): boolean {
    // A URL's escaped pieces are decoded and matched (redactUrl): `?email=ada%40example.com`.
    if (!((kinds & PROBE_ESCAPE) !== 0 && decodesEscapes(key, text))) {
      if (digits < FEW_DIGITS && (kinds & PROBE_SUSPECT_KINDS) === 0 && !tokenStart) return false;
      const facts = this.#facts.assign(text, digits, (kinds & PROBE_AT) === 0 ? 0 : 1, dots, colons, (kinds & PROBE_EQUAL) === 0 ? 0 : 1, tokenStart);
      if (!this.#mayMatch(facts)) return false;
    }
    return this.#changes(text, key);
  }

  /** `text` for a text the writer does not copy itself: read whole. */
  whole(text: string, key: string): boolean {
    if (!this.#mayChange(text, key)) return false;
    return this.#changes(text, key);
  }

  /** Whether a property name is changed (it is redacted like a text), or its value replaced whole (a secret's name). */
  key(key: string): boolean {
    let changes = this.#keys.get(key);
    if (changes === undefined) {
      changes = (this.#secretNames && isSecretPropertyName(key)) || (this.#mayChange(key, '') && this.#changes(key, ''));
      if (this.#keys.size >= KNOWN_KEYS_LIMIT) this.#keys.clear();
      this.#keys.set(key, changes);
    }
    return changes;
  }

  // Whether a pre-check passes a text read whole, or it hides what escapes a URL decodes.
  #mayChange(text: string, key: string): boolean {
    return ((text.includes('%') || text.includes('+')) && decodesEscapes(key, text)) || this.#mayMatch(this.#facts.read(text));
  }

  // Whether redacting the text under `key` (as a URL, or as a text) changes it.
  #changes(text: string, key: string): boolean {
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

  /** Whether the event is on a blocked element (then its texts become `[blocked]`). */
  blocked(event: SessionEvent): boolean {
    if (this.#rules.blockSelectors.length === 0) return false;
    const selector = event.target?.selector;
    return selector !== undefined && this.#rules.isBlockedElement(selector);
  }

  #mayMatch(facts: TextFacts): boolean {
    for (const detector of this.#detectors) if (detector.mayMatch(facts)) return true;
    return false;
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
