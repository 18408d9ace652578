// The session a grounding reads beyond the prompt, under the privacy rules the prompt was made with.

import { privacyRulesOf, type PreparedRequest } from '../pipeline/prepare.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import { redactSession } from '../privacy/redact-session.js';
import type { Session } from '../session/session-schema.js';

/** The session redacted under each rules object, for as long as the session lives (its index is built on it once). */
const redactedSessions = new WeakMap<Session, WeakMap<PrivacyRules, Session>>();

/**
 * The session whose events grounding reads: the recorded one, or with privacy rules that session
 * redacted as prepare redacts the kept events (the same events at the same indices). A dropped
 * event is judged by what the rules leave of it, so a report never says that the session holds a
 * protected value (an answer quoting a real email a dropped event held would otherwise be
 * `dropped`, "#3 holds it", and the redacted form `unsupported`).
 */
export function sessionUnderRules(session: Session, prepared: PreparedRequest): Session {
  const rules = privacyRulesOf(prepared);
  if (rules === undefined) return session;
  let byRules = redactedSessions.get(session);
  if (byRules === undefined) redactedSessions.set(session, (byRules = new WeakMap()));
  let redacted = byRules.get(rules);
  if (redacted === undefined) byRules.set(rules, (redacted = redactSession(session, rules).session));
  return redacted;
}
