// A session as privacy rules leave it, redacted once per session and rules: a profile save
// prepares the same session again, and redacting 50,000 events takes a noticeable fraction of
// a second.

import { redactSession, type PrivacyRules, type Session } from '../index.js';

export interface RedactedSession {
  /** The session with the rules applied (the recorded one itself when nothing matched). */
  readonly session: Session;
  /** Replacements by rule, as `prepare` reports them in `privacy` (`{ email: 3 }`). */
  readonly counts: Readonly<Record<string, number>>;
}

// While the recorded session lives (its slot holds it), so does its redacted version.
const redacted = new WeakMap<Session, WeakMap<PrivacyRules, RedactedSession>>();

export function redactedOnce(session: Session, rules: PrivacyRules): RedactedSession {
  let byRules = redacted.get(session);
  if (byRules === undefined) redacted.set(session, (byRules = new WeakMap()));
  let result = byRules.get(rules);
  if (result === undefined) {
    const { session: applied, counts } = redactSession(session, rules);
    byRules.set(rules, (result = { session: applied, counts: Object.fromEntries(counts) }));
  }
  return result;
}
