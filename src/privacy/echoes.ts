// Protected values that echo elsewhere in a session. What the user typed into a blocked field or a
// field for a secret, and a blocked element's text, are replaced where they were recorded; an app
// that logs its form's values repeats them in a console message, a request's URL or a custom
// event's property (`Validation failed: dateOfBirth "14/7/1988" does not match DD/MM/YYYY`). Each
// such value is replaced there too, by the same placeholder, wherever it appears in the session:
// kept or dropped by the profile, before or after the event it was typed in.

import type { Session, SessionEvent } from '../session/session-schema.js';
import { valuedEventsOf } from '../session/valued-events.js';
import { isSecretFieldValue, isSecretTarget } from './field-values.js';
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
 * value and name of every event on a blocked element (`[blocked]`), and, with the `secret` preset,
 * what was typed into a field for a secret (`[secret]`); each of ECHO_MIN_LENGTH characters or
 * more, as recorded and as a URL escapes it (`14%2F7%2F1988`). Undefined when there is none.
 * {@link redactSession} replaces them wherever else they appear; pass those of the whole session
 * when redacting part of it.
 *
 * @category Privacy
 */
export function echoesOf(session: Session, rules: PrivacyRules): Echoes | undefined {
  const blocks = rules.blockSelectors.length > 0;
  const secrets = rules.presets.has('secret');
  if (!blocks && !secrets) return undefined;
  let byRules = echoesBySession.get(session);
  if (byRules === undefined) echoesBySession.set(session, (byRules = new WeakMap()));
  let echoes = byRules.get(rules);
  if (echoes === undefined) byRules.set(rules, (echoes = echoesFrom(protectedValuesOf(session, rules)) ?? null));
  return echoes ?? undefined;
}

/** The protected values of `session` under `rules` (see echoesOf), added to `placeholders`. */
export function protectedValuesOf(session: Session, rules: PrivacyRules, placeholders: ProtectedValues = new Map()): ProtectedValues {
  const blocks = rules.blockSelectors.length > 0;
  const secrets = rules.presets.has('secret');
  if (!blocks && !secrets) return placeholders;
  // Without block selectors, only what was typed into a field for a secret: each field noted when
  // the session was loaded is judged once, and only the values of a secret one are read.
  const byField = blocks ? undefined : valuedEventsOf(session.events);
  if (byField !== undefined) {
    for (const [selector, byText] of byField) {
      for (const [text, typed] of byText) if (isSecretTarget(selector, text)) for (const event of typed) protect(placeholders, event.value, 'secret');
    }
    return placeholders;
  }
  const events = session.events;
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as SessionEvent;
    const value = event.value;
    if (!blocks && typeof value !== 'string') continue;
    const selector = event.target?.selector;
    if (blocks && selector !== undefined && rules.isBlockedElement(selector)) {
      protect(placeholders, value, 'blocked');
      protect(placeholders, event.target?.text, 'blocked');
      protect(placeholders, event.name, 'blocked');
    } else if (secrets && typeof value === 'string' && isSecretFieldValue(value, event)) protect(placeholders, value, 'secret');
  }
  return placeholders;
}

/** Protected values and the rule whose placeholder replaces each (as recorded, and as a URL escapes it). */
export type ProtectedValues = Map<string, 'blocked' | 'secret'>;

/**
 * Adds `value` to `placeholders` under `rule` when it is a string of ECHO_MIN_LENGTH characters or
 * more, and not a placeholder already; blocked wins over secret (the stricter rule names it).
 */
export function protect(placeholders: ProtectedValues, value: unknown, rule: 'blocked' | 'secret'): void {
  if (typeof value !== 'string' || value.trim().length < ECHO_MIN_LENGTH || PLACEHOLDER.test(value)) return;
  if (placeholders.get(value) !== 'blocked') placeholders.set(value, rule);
  const escaped = encodeURIComponent(value);
  if (escaped !== value && placeholders.get(escaped) !== 'blocked') placeholders.set(escaped, rule);
}

/** The echoes of `placeholders`: undefined when there is none. */
export function echoesFrom(placeholders: ProtectedValues): Echoes | undefined {
  if (placeholders.size === 0) return undefined;
  // The longest first: a value that holds another is replaced whole.
  const values = [...placeholders.keys()].sort((left, right) => right.length - left.length);
  const pattern = new RegExp(values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
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
