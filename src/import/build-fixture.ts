// Assembles the session fixture (see docs/fixtures.md) from what the recording's windows became.

import type { FixtureEvent, SessionFixture } from '../session/session-schema.js';
import type { DerivedEvent } from './derived-event.js';

/** Who the session belongs to and what it is called. */
export interface FixtureIdentity {
  /** The session part of the fixture id. */
  readonly sessionId: string;
  readonly uid?: string | undefined;
  readonly email?: string | undefined;
}

/** The user part of a fixture id when neither a uid nor an email is given. */
export const ANONYMOUS_USER_ID = 'anonymous';

export interface FixtureParts {
  /** Every window's events, each list sorted; merged here in time order. */
  readonly events: readonly DerivedEvent[];
  readonly firstTime: number | undefined;
  readonly viewport: { readonly width: number; readonly height: number } | undefined;
}

/** `<uid, else email, else anonymous>:<session id>`. */
export function fixtureId(identity: FixtureIdentity): string {
  return `${identity.uid ?? identity.email ?? ANONYMOUS_USER_ID}:${identity.sessionId}`;
}

function fixtureEvent(event: DerivedEvent): FixtureEvent {
  const { name, ...rest } = event.fields;
  // type, name (custom events), timestamp, then the rest in the order the deriver wrote them.
  const head: Record<string, unknown> = { type: event.type };
  if (name !== undefined) head.name = name;
  head.timestamp = new Date(event.time).toISOString();
  return { ...head, ...rest } as FixtureEvent;
}

/** The fixture: id, created_time (the recording's first event), user, device viewport, events. */
export function buildFixture(parts: FixtureParts, identity: FixtureIdentity): SessionFixture {
  const fixture: Record<string, unknown> = { id: fixtureId(identity) };
  if (parts.firstTime !== undefined) fixture.created_time = new Date(parts.firstTime).toISOString();
  if (identity.uid !== undefined || identity.email !== undefined) {
    const user: Record<string, string> = {};
    if (identity.uid !== undefined) user.uid = identity.uid;
    if (identity.email !== undefined) user.email = identity.email;
    fixture.user = user;
  }
  if (parts.viewport !== undefined) fixture.device = { viewport: { width: parts.viewport.width, height: parts.viewport.height } };
  fixture.events = parts.events.map(fixtureEvent);
  return fixture as SessionFixture;
}
