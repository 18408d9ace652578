// Prepares a profile against a session and explains every event: the derived data all panes
// show. Pure and synchronous, like prepare itself.

import { explainEvents, prepare } from '../index.js';
import { promptLines, promptLinesAround } from './prompt-lines.js';
import type { ProfileSlot, SessionSlot, Workspace } from './studio-state.js';

/**
 * A workspace from the slots' last good values, or undefined while either has none. An edit that
 * changed only the prompts or generation settings builds on `previous`: the session block, the
 * event fates and the block's lines stay (the result is the same as building afresh).
 */
export function buildWorkspace(revision: number, profile: ProfileSlot | undefined, session: SessionSlot | undefined, previous?: Workspace): Workspace | undefined {
  if (profile?.value === undefined || session?.value === undefined) return undefined;
  const prepared = prepare(profile.value, session.value, { previous });
  // prepare hands back the previous selection itself when it built on it: then the event fates
  // and the session block's lines are the previous ones too.
  const reused = previous !== undefined && prepared.events === previous.prepared.events;
  return {
    revision,
    profilePath: profile.path,
    sessionPath: session.path,
    profile: profile.value,
    session: session.value,
    prepared,
    explanation: reused ? previous.explanation : explainEvents(profile.value, session.value),
    promptLines: reused
      ? promptLinesAround(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart, previous.promptLines)
      : promptLines(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart),
  };
}
