// Prepares a profile against a session and explains every event: the derived data all panes
// show. Pure and synchronous, like prepare itself.

import { explainEvents, prepare } from '../index.js';
import { promptLines } from './prompt-lines.js';
import type { ProfileSlot, SessionSlot, Workspace } from './studio-state.js';

/** A workspace from the slots' last good values, or undefined while either has none. */
export function buildWorkspace(revision: number, profile: ProfileSlot | undefined, session: SessionSlot | undefined): Workspace | undefined {
  if (profile?.value === undefined || session?.value === undefined) return undefined;
  const prepared = prepare(profile.value, session.value);
  return {
    revision,
    profilePath: profile.path,
    sessionPath: session.path,
    profile: profile.value,
    session: session.value,
    prepared,
    explanation: explainEvents(profile.value, session.value),
    promptLines: promptLines(prepared.prompt, prepared.sessionBlock, prepared.sessionBlockStart),
  };
}
