// Step 3 of the pipeline: which context elements go into the prompt (DESIGN §4).

import { CONTEXT_ELEMENTS, type ContextElement, type ContextSettings } from '../profile/profile-schema.js';
import type { Session, SessionDevice, SessionLocation, SessionOrg, SessionUser } from '../session/session-schema.js';

/** Context elements by name; an element absent from the session is absent here. */
export interface SessionContext {
  user?: SessionUser;
  org?: SessionOrg;
  location?: SessionLocation;
  device?: SessionDevice;
}

export interface AssembledContext {
  /** The elements that go into the prompt. */
  readonly included: SessionContext;
  /** The elements the session has but the profile keeps out of the prompt. */
  readonly excluded: SessionContext;
}

/** The element names that `settings` lets through, before looking at the session. */
export function includedElements(settings: ContextSettings = {}): ContextElement[] {
  const removed = new Set<ContextElement>(settings.exclude ?? []);
  if (settings.exclude_user_context === true) removed.add('user');
  if (settings.exclude_org_context === true) removed.add('org');
  const wanted = new Set<ContextElement>(settings.include ?? CONTEXT_ELEMENTS);
  // Exclusion always wins over inclusion.
  return CONTEXT_ELEMENTS.filter((element) => wanted.has(element) && !removed.has(element));
}

/**
 * Splits the session's context into included and excluded elements: start from `include` (or all
 * four), remove `exclude`, then user and org when their exclude flags are set.
 */
export function assembleContext(session: Pick<Session, ContextElement>, settings: ContextSettings = {}): AssembledContext {
  const allowed = new Set(includedElements(settings));
  const included: Record<string, unknown> = {};
  const excluded: Record<string, unknown> = {};
  for (const element of CONTEXT_ELEMENTS) {
    const value = session[element];
    if (value === undefined) continue;
    (allowed.has(element) ? included : excluded)[element] = value;
  }
  return { included: included as SessionContext, excluded: excluded as SessionContext };
}
