// Protected values that echo elsewhere in a session. What the user typed into a blocked field or a
// field a preset protects (a secret's, a phone number's, an email's, a card's, an IBAN's), a blocked
// element's text, and a value at a masked property path are replaced where they were recorded; an app
// that logs its form's values repeats them in a console message, a request's URL or a custom
// event's property (`Validation failed: dateOfBirth "14/7/1988" does not match DD/MM/YYYY`). Each
// such value is replaced there too, by the same placeholder, wherever it appears in the session:
// kept or dropped by the profile, before or after the event it was typed in.

import type { Session, SessionEvent } from '../session/session-schema.js';
import { typedValueOf, valuedEventsOf } from '../session/valued-events.js';
import { fieldPresetOf, fieldPresetsOf, typedFieldOf, typedPresetOf, type FieldPresets } from './field-values.js';
import { maskedValuesOf } from './masked-values.js';
import type { PrivacyRules } from './privacy-rules.js';
import type { PrivacyCounts } from './redact-text.js';

/**
 * The protected values of a session (see {@link echoesOf}), found in its texts and replaced.
 *
 * @category Privacy
 */
export interface Echoes {
  /** Whether `text` holds a protected value. */
  test(text: string): boolean;
  /** `text` with each protected value in it replaced by its placeholder, each replacement counted under its rule. */
  replace(text: string, counts: PrivacyCounts): string;
}

/** The shortest value looked for elsewhere: shorter ones (`M`, `Yes`, `12`) are as often other words and numbers. */
export const ECHO_MIN_LENGTH = 4;

const count = (counts: PrivacyCounts, rule: string) => counts.set(rule, (counts.get(rule) ?? 0) + 1);

/** A placeholder already there (`[blocked]`): never a value to look for. */
const PLACEHOLDER = /^\[[a-z0-9_-]+\]$/;

const echoesBySession = new WeakMap<Session, WeakMap<PrivacyRules, Echoes | null>>();

/**
 * The protected values of `session` under `rules`, found once per session and rules: the text,
 * value and name of every event on a blocked element (`[blocked]`), every value at a path of
 * `mask_properties` (`[masked]`), and what was typed into a field whose value a preset replaces
 * whole (see fieldPresetOf): a secret's field (`[secret]`), and an email's, a card's, an IBAN's
 * or a phone number's, where the value is not written as one (`ada@exa`, `4155550100`, which the
 * presets do not find in free text); each of ECHO_MIN_LENGTH characters or more, as recorded and
 * as a URL escapes it (`14%2F7%2F1988`). Undefined when there is none.
 * {@link redactSession} replaces them wherever else they appear; pass those of the whole session
 * when redacting part of it.
 *
 * @category Privacy
 */
export function echoesOf(session: Session, rules: PrivacyRules): Echoes | undefined {
  if (!protectsValues(rules)) return undefined;
  let byRules = echoesBySession.get(session);
  if (byRules === undefined) echoesBySession.set(session, (byRules = new WeakMap()));
  let echoes = byRules.get(rules);
  if (echoes === undefined) byRules.set(rules, (echoes = echoesFrom(protectedValuesOf(session, rules)) ?? null));
  return echoes ?? undefined;
}

/** Whether `rules` protect any value where it was recorded: block selectors, masked paths, or a preset that replaces what is typed into its fields. */
function protectsValues(rules: PrivacyRules): boolean {
  return rules.blockSelectors.length > 0 || rules.maskProperties.length > 0 || hasFieldPresets(fieldPresetsOf(rules.presets));
}

const hasFieldPresets = (fields: FieldPresets) => fields.secret || fields.phone || fields.data.length > 0;

/** The protected values of `session` under `rules` (see echoesOf), added to `placeholders`. */
export function protectedValuesOf(session: Session, rules: PrivacyRules, placeholders: ProtectedValues = new Map()): ProtectedValues {
  if (rules.maskProperties.length > 0) for (const value of maskedValuesOf(session, rules)) protect(placeholders, value, 'masked');
  const blocks = rules.blockSelectors.length > 0;
  const fields = fieldPresetsOf(rules.presets);
  if (!blocks && !hasFieldPresets(fields)) return placeholders;
  // Without block selectors, only what was typed into a field of a preset: each field noted when
  // the session was loaded is judged once, and only the values of such a field are read.
  const byField = blocks ? undefined : valuedEventsOf(session.events);
  if (byField !== undefined) {
    for (const [selector, byText] of byField) {
      for (const [text, typed] of byText) {
        const field = typedFieldOf(fields, selector, text);
        if (field === undefined) continue;
        for (const value of typed) {
          const preset = typedPresetOf(field, value);
          if (preset !== undefined) protect(placeholders, value, preset);
        }
      }
    }
    return placeholders;
  }
  const events = session.events;
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent;
    const typed = typedValueOf(event);
    if (!blocks && typed === undefined) continue;
    const selector = event.target?.selector;
    if (blocks && selector !== undefined && rules.isBlockedElement(selector)) {
      protect(placeholders, event.value, 'blocked');
      protect(placeholders, event.text, 'blocked');
      protect(placeholders, event.target?.text, 'blocked');
      protect(placeholders, event.name, 'blocked');
    } else if (typed !== undefined) protectTyped(placeholders, fields, event, typed);
  }
  return placeholders;
}

/** Adds what `event` typed (its value, or the text it pasted) when a preset of `fields` replaces it whole where it was typed. */
function protectTyped(placeholders: ProtectedValues, fields: FieldPresets, event: SessionEvent, typed: string): void {
  const preset = fieldPresetOf(fields, typed, event);
  if (preset !== undefined) protect(placeholders, typed, preset);
}

/** The rules whose placeholders replace a protected value, the strictest first: a value protected by two is named by the first. */
const PROTECTING_RULES = ['blocked', 'masked', 'secret', 'card', 'iban', 'phone', 'email'] as const;

/** A rule whose placeholder replaces a protected value. */
export type ProtectingRule = (typeof PROTECTING_RULES)[number];

/** Protected values and the rule whose placeholder replaces each (as recorded, and as a URL escapes it). */
export type ProtectedValues = Map<string, ProtectingRule>;

/**
 * Adds `value` to `placeholders` under `rule` (a number as the text it is written as, and as a URL
 * writes it: see writtenForms) when it is ECHO_MIN_LENGTH characters or more without the spaces
 * around it, and not a placeholder already; of two rules, the stricter names it (see
 * PROTECTING_RULES).
 */
export function protect(placeholders: ProtectedValues, value: unknown, rule: ProtectingRule): void {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return;
  // As typed, less the spaces around it (`Eleanor Whitfield ` is repeated as `Eleanor Whitfield`).
  const trimmed = text.trim();
  if (trimmed.length < ECHO_MIN_LENGTH || PLACEHOLDER.test(trimmed)) return;
  for (const form of writtenForms(trimmed)) protectAs(placeholders, form, rule);
  // A number typed with its groups (`(202) 555-0173`, `4242 4242 4242 4243`, `0711/2345601`) is as often used without them.
  if (rule === 'phone' || rule === 'card' || rule === 'iban') {
    const compact = trimmed.replace(/[\s()./-]+/g, '');
    if (compact !== trimmed && compact.length >= ECHO_MIN_LENGTH) for (const form of writtenForms(compact)) protectAs(placeholders, form, rule);
  }
}

/**
 * The ways a URL or a form writes `value`: as it is; escaped as encodeURIComponent does
 * (`14%2F7%2F1988`), or as forms and PHP's rawurlencode do, which escape `!'()*~` too
 * (`O%27Connell`), or as a browser writes a URL built from it and encodeURI does, which escape its
 * spaces and leave `,/:@+` and the like (`221B%20Baker%20St,%20London`); each with its escapes in lower case (`14%2f7%2f1988`, as .NET writes them), with
 * `+` for its spaces as forms and URLSearchParams do (`17+Larkspur+Close`), or both; and each of
 * those escaped again (`14%252F7%252F1988`, `Flat%2B3%252C…`). A lone surrogate (a text cut inside
 * an emoji) is escaped as the replacement character a URL holds in its place.
 */
function writtenForms(value: string): Set<string> {
  const forms = new Set([value]);
  const wellFormed = value.toWellFormed();
  const escaped = encodeURIComponent(wellFormed);
  for (const base of [escaped, escaped.replace(/[!'()*~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`), encodeURI(wellFormed)]) {
    const lower = base.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    for (const form of [base, lower, base.replace(/%20/g, '+'), lower.replace(/%20/g, '+')]) {
      forms.add(form);
      forms.add(encodeURIComponent(form));
    }
  }
  return forms;
}

function protectAs(placeholders: ProtectedValues, value: string, rule: ProtectingRule): void {
  const known = placeholders.get(value);
  if (known === undefined || PROTECTING_RULES.indexOf(rule) < PROTECTING_RULES.indexOf(known)) placeholders.set(value, rule);
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * The source of a pattern that finds `value` where it stands whole: not inside a longer word or
 * number (`hunter2` in `hunter22`; a half-typed address in the whole one, which the presets then
 * find as it is), but right after a URL's escape (`next=%2Fconfirm%3Fstreet%3DFlat%2B3…`).
 */
function asWhole(value: string): string {
  const source = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // After an escape's hex digits, as inside a URL escaped again (`%3DFlat%2B3…`), a value starts all the same.
  const before = WORD.test(value.charAt(0)) ? '(?:(?<=%[0-9A-Fa-f]{2})|(?<![\\p{L}\\p{N}_]))' : '';
  const after = WORD.test(value.charAt(value.length - 1)) ? '(?![\\p{L}\\p{N}_])' : '';
  return `${before}${source}${after}`;
}

/** The echoes of `placeholders`: undefined when there is none. */
export function echoesFrom(placeholders: ProtectedValues): Echoes | undefined {
  if (placeholders.size === 0) return undefined;
  // The longest first: a value that holds another is replaced whole.
  const values = [...placeholders.keys()].sort((left, right) => right.length - left.length);
  const pattern = new RegExp(values.map(asWhole).join('|'), 'gu');
  return {
    test: (text) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found;
    },
    replace: (text, counts) =>
      text.replace(pattern, (value) => {
        const rule = placeholders.get(value) as string;
        count(counts, rule);
        return `[${rule}]`;
      }),
  };
}
