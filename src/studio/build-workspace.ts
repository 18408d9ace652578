// Prepares a profile against a session and explains every event: the derived data all panes
// show. Pure and synchronous, like prepare itself.

import { explainEvents, prepare, type PrivacyRules } from '../index.js';
import { placeholderPattern } from './placeholder-marks.js';
import { promptLines, promptLinesAround } from './prompt-lines.js';
import { redactedOnce } from './redacted-session.js';
import type { ProfileSlot, SessionSlot, Workspace } from './studio-state.js';

/**
 * A workspace from the slots' last good values, or undefined while either has none. An edit that
 * changed only the prompts or generation settings builds on `previous`: the session block, the
 * event fates and the block's lines stay (the result is the same as building afresh).
 *
 * With `rules`, the session is redacted first and everything is derived from the redacted one:
 * the prompt (the same as `prepare(profile, session, { privacy: rules })`), and the events the
 * Events pane lists, dropped ones included, and their fates (a rule can rename a custom event).
 */
export function buildWorkspace(
  revision: number,
  profile: ProfileSlot | undefined,
  session: SessionSlot | undefined,
  previous?: Workspace,
  rules?: PrivacyRules,
): Workspace | undefined {
  if (profile?.value === undefined || session?.value === undefined) return undefined;
  const redacted = rules === undefined ? undefined : redactedOnce(session.value, rules);
  const shown = redacted?.session ?? session.value;
  const prepared = prepare(profile.value, shown, { previous });
  // prepare hands back the previous selection itself when it built on it: then the event fates
  // and the session block's lines are the previous ones too.
  const reused = previous !== undefined && prepared.events === previous.prepared.events;
  return {
    revision,
    profilePath: profile.path,
    sessionPath: session.path,
    profile: profile.value,
    session: shown,
    prepared: redacted === undefined ? prepared : { ...prepared, privacy: redacted.counts },
    placeholders: placeholderPattern(redacted?.counts),
    explanation: reused ? previous.explanation : explainEvents(profile.value, shown),
    promptLines: reused
      ? promptLinesAround(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart, previous.promptLines)
      : promptLines(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart),
  };
}
