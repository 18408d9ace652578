// Reading the privacy rules file into its slot, and whether the panes may be prepared: only once
// the rules are known, and never while they are invalid (no last good version, no fallback to the
// session as recorded).

import { parsePrivacyRules, PrivacyRulesError, type PrivacyRules } from '../index.js';
import type { StudioSettings } from './studio-dependencies.js';
import { privacyFilePath } from './studio-paths.js';
import type { PrivacySlot } from './studio-state.js';

/** The rules file of these settings, still to be read. */
export function loadingPrivacySlot(settings: Pick<StudioSettings, 'cwd' | 'profilesFolder' | 'privacyFile'>): PrivacySlot {
  const path = privacyFilePath(settings.cwd, settings.profilesFolder, settings.privacyFile);
  return { path, required: settings.privacyFile !== undefined, status: 'loading', text: undefined, rules: undefined, problems: [] };
}

/** A problem of the file as a whole, formatted as `recap run` reports it (`file:1:1 message`). */
const fileProblem = (slot: PrivacySlot, message: string): string => new PrivacyRulesError([{ path: '', line: 1, column: 1, message }], slot.path).message;

/** The slot after `text` was read; the same slot when the text did not change. */
export function privacySlotWithText(slot: PrivacySlot, text: string): PrivacySlot {
  if (slot.text === text && slot.status !== 'loading') return slot;
  try {
    return { ...slot, status: 'valid', text, rules: parsePrivacyRules(text, { source: slot.path }), problems: [] };
  } catch (error) {
    const problems = error instanceof PrivacyRulesError ? error.message.split('\n') : [fileProblem(slot, (error as Error).message)];
    return { ...slot, status: 'invalid', text, rules: undefined, problems };
  }
}

/**
 * The file could not be read. A privacy.yaml that was never there means no rules; a --privacy
 * file that is not there, or rules that were there and are gone (deleted, renamed away), are a
 * problem: the studio started under those rules and does not quietly drop them.
 */
export function privacySlotUnreadable(slot: PrivacySlot, message: string, missing: boolean): PrivacySlot {
  const neverRead = slot.status === 'loading' || slot.status === 'absent';
  if (missing && neverRead && !slot.required) return { ...slot, status: 'absent', text: undefined, rules: undefined, problems: [] };
  let reason = message;
  if (missing) reason = neverRead ? 'no such file' : 'the file is gone (deleted or renamed?): restore it, or restart the studio to work without rules';
  return { ...slot, status: 'invalid', text: undefined, rules: undefined, problems: [fileProblem(slot, `cannot read the privacy rules: ${reason}`)] };
}

/** What to prepare with: the rules (none when absent), or nothing at all while they are unknown or invalid. */
export type RulesToApply = { readonly ready: true; readonly rules: PrivacyRules | undefined } | { readonly ready: false };

export function rulesToApply(slot: PrivacySlot | undefined): RulesToApply {
  if (slot === undefined || slot.status === 'absent') return { ready: true, rules: undefined };
  if (slot.status === 'valid') return { ready: true, rules: slot.rules };
  return { ready: false };
}
