// `recap admin sessions import`: a session fixture into an organisation's store (see
// docs/server.md). Its user is found by uid, else by email, else created, and marked identified in
// a recorded session; the session id becomes `<that user's id>:<the fixture's session part>`;
// importing the same fixture again changes nothing, and another fixture with the same id is refused. Text a store cannot keep (NUL, unpaired
// surrogates), and identifiers longer than the API takes, are refused before anything is written,
// as the HTTP API refuses them: the same error on every store, never a driver error or a silently
// changed value.

import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../../models/replay/canonical-json.js';
import { parseSession } from '../../session/parse-session.js';
import { describeIssue } from '../../session/describe-issue.js';
import { SessionFixtureError, type SessionIssue } from '../../session/session-error.js';
import type { Session } from '../../session/session-schema.js';
import { unsafeStringDetails } from '../http/unsafe-strings.js';
import { emailSchema } from '../routes/schemas.js';
import type { JsonObject, OrganisationRecord, UserRecord } from '../store/records.js';
import type { DataCenterStore, StoreWriter } from '../store/store.js';

export interface ImportedSession {
  readonly id: string;
  readonly userId: string;
  /** False when the session was there already. */
  readonly created: boolean;
}

// A fixture user with neither uid nor email gets a stable id, so that importing it again finds
// the same user and the same session.
function anonymousUserId(orgId: string, fixtureUserPart: string): string {
  return `u-${createHash('sha256').update(`${orgId}\u0000${fixtureUserPart}`).digest('hex').slice(0, 32)}`;
}

async function resolveUser(writer: StoreWriter, org: OrganisationRecord, fixture: { user?: { uid?: string; email?: string; display_name?: string }; id: string }, now: string): Promise<UserRecord> {
  const uid = fixture.user?.uid;
  const email = fixture.user?.email;
  let user = uid !== undefined ? await writer.findUserByUidForUpdate(org.id, uid) : undefined;
  if (user === undefined && uid === undefined && email !== undefined) user = await writer.findUserByEmail(org.id, email);
  if (user === undefined && uid === undefined && email === undefined) {
    user = await writer.findUserForUpdate(org.id, anonymousUserId(org.id, fixture.id.split(':')[0] ?? fixture.id));
  }
  if (user === undefined) {
    const created: UserRecord = {
      id: uid === undefined && email === undefined ? anonymousUserId(org.id, fixture.id.split(':')[0] ?? fixture.id) : `u-${randomUUID().replaceAll('-', '')}`,
      orgId: org.id,
      uid: uid ?? null,
      displayName: fixture.user?.display_name ?? null,
      email: email ?? null,
      properties: {},
      identifiedInSession: uid !== undefined || email !== undefined,
      mergedInto: null,
      createdAt: now,
      updatedAt: now,
    };
    await writer.insertUser(created);
    return created;
  }
  if (user.identifiedInSession || (uid === undefined && email === undefined)) return user;
  const identified: UserRecord = {
    ...user,
    identifiedInSession: true,
    displayName: user.displayName ?? fixture.user?.display_name ?? null,
    email: user.email ?? email ?? null,
    updatedAt: now,
  };
  await writer.updateUser(identified);
  return identified;
}

/**
 * Throws SessionFixtureError when the session `id` was imported before from other content: a
 * stored session is never replaced, and saying "already imported" would hide that the store still
 * holds the old text (a value redacted in the file since, say).
 */
async function refuseChangedFixture(writer: StoreWriter, orgId: string, id: string, fixture: JsonObject, source: string): Promise<void> {
  const stored = await writer.findSession(orgId, id);
  if (stored === undefined) return;
  const { id: _storedId, ...before } = stored.fixture;
  const { id: _id, ...now } = fixture;
  if (canonicalJson(before) === canonicalJson(now)) return;
  throw new SessionFixtureError(
    [{ path: 'id', message: `the session ${id} was imported before from other content, and a stored session is never replaced: give the fixture another session id, or delete the user's data first (DELETE /v2/users/{id})` }],
    source,
  );
}

const MAX_REPORTED_ISSUES = 20;

/** Throws SessionFixtureError naming `source` and each path of a string no store can keep. */
function refuseUnsafeStrings(fixture: JsonObject, source: string): void {
  const details = unsafeStringDetails(fixture);
  if (details.length === 0) return;
  const issues = details.slice(0, MAX_REPORTED_ISSUES);
  if (details.length > issues.length) issues.push({ path: '', message: `... and ${details.length - issues.length} more string(s) that cannot be stored` });
  throw new SessionFixtureError(issues, source);
}

/** The most characters of a fixture's user uid, session part and custom event names: the API's own limits. */
const MAX_KEY_LENGTH = 256;

/**
 * Throws SessionFixtureError naming `source` and each path of text longer than the API takes for
 * it (uid, email, the session part of the id, a custom event's name). They are indexed, and a
 * PostgreSQL index entry holds at most 2,704 bytes: longer text failed there with a driver error
 * and was imported on SQLite.
 */
function refuseOversizedKeys(fixture: JsonObject, session: Session, source: string): void {
  const issues: SessionIssue[] = [];
  const tooLong = (path: string, text: string | undefined, what = '') => {
    if (text !== undefined && text.length > MAX_KEY_LENGTH) issues.push({ path, message: `${what}must be at most ${MAX_KEY_LENGTH} characters, got ${text.length}` });
  };
  const user = fixture.user as { uid?: unknown; email?: unknown } | undefined;
  tooLong('user.uid', typeof user?.uid === 'string' ? user.uid : undefined);
  if (typeof user?.email === 'string') {
    const email = emailSchema.safeParse(user.email, { reportInput: true });
    if (!email.success) issues.push(...email.error.issues.map((issue) => ({ path: 'user.email', message: describeIssue(issue) })));
  }
  tooLong('id', session.id.slice(session.id.indexOf(':') + 1), 'the session part (after the colon) ');
  session.events.forEach((event, index) => tooLong(`events[${index}].name`, event.type === 'custom' && typeof event.name === 'string' ? event.name : undefined));
  if (issues.length > 0) throw new SessionFixtureError(issues.slice(0, MAX_REPORTED_ISSUES), source);
}

/**
 * Imports one fixture (JSON text) into `org`'s store. Throws SessionFixtureError naming `source`
 * and the JSON path when the fixture is invalid or holds text no store can keep (U+0000, an
 * unpaired surrogate).
 */
export async function importSession(store: DataCenterStore, org: OrganisationRecord, text: string, options: { readonly source: string; readonly now: Date }): Promise<ImportedSession> {
  const session = parseSession(text, { source: options.source });
  // parseSession allows the byte order mark some editors write; JSON.parse does not.
  const fixture = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as JsonObject & { id: string; user?: { uid?: string; email?: string; display_name?: string } };
  refuseUnsafeStrings(fixture, options.source);
  refuseOversizedKeys(fixture, session, options.source);
  const now = options.now.toISOString();
  const sessionPart = session.id.slice(session.id.indexOf(':') + 1);
  return store.transaction(async (writer) => {
    const user = await resolveUser(writer, org, fixture, now);
    const id = `${user.id}:${sessionPart}`;
    const createdTime = session.created_time ?? session.events[0]?.timestamp ?? now;
    const created = await writer.insertSession({
      orgId: org.id,
      id,
      userId: user.id,
      createdTime: new Date(Date.parse(createdTime)).toISOString(),
      fixture: { ...fixture, id },
      importedAt: now,
    });
    if (!created) await refuseChangedFixture(writer, org.id, id, fixture, options.source);
    return { id, userId: user.id, created };
  });
}
