// Reading new text into a profile or session slot: a valid text replaces the last good value, an
// invalid one records its problems and keeps the last good value.

import { formatProfileIssue, parseFixtureText, safeParseProfile, type Profile, type Session } from '../index.js';
import type { FileSlot, PrivacySlot, ProfileSlot, SessionSlot } from './studio-state.js';

export function loadingSlot<T>(path: string): FileSlot<T> {
  return { path, status: 'loading', text: undefined, value: undefined, problems: [], warnings: [] };
}

/** The slot after `text` was read; the same slot when the text did not change. */
export function profileSlotWithText(slot: ProfileSlot, text: string): ProfileSlot {
  if (slot.text === text && slot.status !== 'loading') return slot;
  const result = safeParseProfile(text, { source: slot.path });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => formatProfileIssue(issue, slot.path));
    return { ...slot, status: 'invalid', text, problems, warnings: [] };
  }
  const warnings = result.warnings.map((issue) => formatProfileIssue({ ...issue, message: `warning: ${issue.message}` }, slot.path));
  return { path: slot.path, status: 'valid', text, value: result.profile satisfies Profile, problems: [], warnings };
}

/**
 * Whether a session's problems may quote the values they find wrong (`got "abc"`). Only when no
 * privacy rules apply: a value may be one the rules protect, and rules that failed to load, or
 * are still being read, protect as much. `recap run` says `got a string` then; so does the studio.
 */
export function quotesValues(privacy: PrivacySlot | undefined): boolean {
  return privacy === undefined || privacy.status === 'absent';
}

/**
 * The slot after `text` was read; the same slot when neither the text nor, for an invalid text,
 * the quoting of its problems changed (the privacy rules turned up or went away meanwhile).
 */
export function sessionSlotWithText(slot: SessionSlot, text: string, options: { readonly quoteValues?: boolean } = {}): SessionSlot {
  const quoteValues = options.quoteValues !== false;
  if (slot.text === text && slot.status !== 'loading' && (slot.status === 'valid' || slot.quotedValues === quoteValues)) return slot;
  // By difference from the last valid version: a save of a 50,000-event file parses what changed.
  const result = parseFixtureText(text, slot.parsed, { source: slot.path, quoteValues });
  if (!result.success) return { ...slot, status: 'invalid', text, problems: result.error.message.split('\n'), warnings: [], quotedValues: quoteValues };
  const session: Session = result.fixture.session;
  return { path: slot.path, status: 'valid', text, value: session, parsed: result.fixture, problems: [], warnings: [] };
}

/** The file could not be read (deleted, renamed away, no permission); the last good value stays. */
export function unreadableSlot<T>(slot: FileSlot<T>, message: string): FileSlot<T> {
  return { ...slot, status: 'invalid', text: undefined, problems: [`${slot.path}: ${message}`], warnings: [] };
}
