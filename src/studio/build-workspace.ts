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
 * With `rules`, the prompt is `prepare(profile, session, { privacy: rules })`, and the events the
 * Events pane lists, dropped ones included, are the whole session redacted; their fates are the
 * recorded events' (as prepare selects them).
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
  const prepared = prepare(profile.value, session.value, {
    previous: previous === undefined ? undefined : { profile: previous.profile, session: previous.recorded, prepared: previous.prepared },
    privacy: rules,
  });
  // prepare hands back the previous selection itself when it built on it: then the event fates
  // and the session block's lines are the previous ones too.
  const reused = previous !== undefined && prepared.events === previous.prepared.events;
  return {
    revision,
    profilePath: profile.path,
    sessionPath: session.path,
    profile: profile.value,
    session: shown,
    recorded: session.value,
    prepared,
    placeholders: placeholderPattern(redacted?.counts),
    explanation: reused ? previous.explanation : explainEvents(profile.value, session.value),
    promptLines: reused
      ? promptLinesAround(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart, previous.promptLines)
      : promptLines(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart),
  };
}
