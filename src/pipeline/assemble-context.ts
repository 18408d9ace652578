// Step 3 of the pipeline: which context elements go into the prompt (see docs/pipeline.md).

import type { ContextSettings } from '../profile/profile-schema.js';
import { CONTEXT_ELEMENTS, type ContextElement } from '../profile/profile-terms.js';
import type { Session, SessionDevice, SessionLocation, SessionOrg, SessionUser } from '../session/session-schema.js';

/**
 * Context elements by name; an element absent from the session is absent here.
 *
 * @category Pipeline
 */
export interface SessionContext {
  user?: SessionUser;
  org?: SessionOrg;
  location?: SessionLocation;
  device?: SessionDevice;
}

/**
 * What {@link assembleContext} returns: the session's context elements split in two.
 *
 * @category Pipeline
 */
export interface AssembledContext {
  /** The elements that go into the prompt. */
  readonly included: SessionContext;
  /** The elements the session has but the profile keeps out of the prompt. */
  readonly excluded: SessionContext;
}

/**
 * The element names that `settings` lets through, before looking at the session, in the order of
 * {@link CONTEXT_ELEMENTS}.
 *
 * @param settings - The profile's `context` section.
 * @category Pipeline
 */
export function includedElements(settings: ContextSettings = {}): ContextElement[] {
  const removed = new Set<ContextElement>(settings.exclude ?? []);
  if (settings.exclude_user_context === true) removed.add('user');
  if (settings.exclude_org_context === true) removed.add('org');
  const wanted = new Set<ContextElement>(settings.include ?? CONTEXT_ELEMENTS);
  // Exclusion always wins over inclusion.
  return CONTEXT_ELEMENTS.filter((element) => wanted.has(element) && !removed.has(element));
}

/**
 * Step 3 of the pipeline: splits the session's context into included and excluded elements: start
 * from `include` (or all four), remove `exclude`, then user and org when their exclude flags are
 * set. Exclusion always wins; an element the session lacks is in neither part.
 *
 * @param session - The session (only its user, org, location and device are read).
 * @param settings - The profile's `context` section.
 * @example
 * ```ts
 * import { assembleContext, loadSession } from 'recap';
 *
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * const { included, excluded } = assembleContext(session, { include: ['user', 'device'], exclude_user_context: true });
 * Object.keys(included); // ['device']
 * Object.keys(excluded); // ['user', 'org', 'location']
 * ```
 * @category Pipeline
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
