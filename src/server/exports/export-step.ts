// One step of an export operation (POST /v2/exports/search|events), run by the job runner inside
// the transaction that holds the job: the next page of sessions (with their events) or of events,
// redacted with the organisation's privacy rules, appended as one NDJSON chunk with the state of
// the next step. A step commits whole or not at all, so every line is written exactly once.

import { redactSession } from '../../privacy/redact-session.js';
import type { Session } from '../../session/session-schema.js';
import type { CoreDependencies } from '../app/server-dependencies.js';
import { orgPrivacy } from '../privacy/org-privacy.js';
import { loadServerSession, SessionCache } from '../sessions/load-server-session.js';
import { sessionAppUrl } from '../sessions/session-view.js';
import type { EventRecord, JobRecord, JsonValue } from '../store/records.js';
import type { SessionSearch } from '../store/session-search.js';
import type { StoreWriter } from '../store/store.js';

/** What an export is of, and how far it got: the job's one item. */
export type ExportState =
  | { readonly type: 'search'; readonly search: SessionSearch | null; readonly after: string | null; readonly chunks: number; readonly expired?: boolean }
  | { readonly type: 'events'; readonly from: string; readonly to: string; readonly names: readonly string[] | null; readonly after: string | null; readonly chunks: number; readonly expired?: boolean };

/** Sessions per step: a step holds them (and their events) in memory at once. */
export const SESSIONS_PER_STEP = 50;
/** Events read (and written as lines) per step at most. */
export const EVENTS_PER_STEP = 2000;
/**
 * Events of the organisation looked through per step at most, in the database, in creation order:
 * a step stays short however few of them are in the export's range.
 */
export const EVENTS_SCANNED_PER_STEP = 20_000;

/** A session as its export line: the fixture's fields, its events (recorded and server ones) without the pipeline's `time`. */
function sessionLine(session: Session, appUrl: string, createdTime: string): JsonValue {
  const { events, ...rest } = session;
  return {
    ...(rest as unknown as Record<string, JsonValue>),
    created_time: session.created_time ?? createdTime,
    app_url: sessionAppUrl(appUrl, session.id),
    events: events.map(({ time: _time, ...event }) => event as unknown as JsonValue),
  };
}

/** A server event, redacted the way its session would be: as a custom event of a one-event session. */
function eventLine(event: EventRecord, redact: ((session: Session) => Session) | undefined): JsonValue {
  const base = { id: event.id, name: event.name, timestamp: event.timestamp, user_id: event.userId, session_id: event.sessionId };
  if (redact === undefined) return { ...base, properties: event.properties, context: event.context };
  const probe: Session = {
    id: `export:${event.id}`,
    events: [{ type: 'custom', name: event.name, timestamp: event.timestamp, time: 0, properties: event.properties, ...(event.context === null ? {} : { context: event.context }) } as unknown as Session['events'][number]],
  };
  const [redacted] = redact(probe).events as unknown as [{ properties?: JsonValue; context?: JsonValue }];
  return { ...base, properties: redacted.properties ?? {}, context: redacted.context ?? null };
}

/** Runs one step; true once the export is complete. Counts the lines written in `lines`. */
export async function exportStep(writer: StoreWriter, job: JobRecord, deps: CoreDependencies): Promise<{ readonly done: boolean; readonly lines: number }> {
  const [state] = (await writer.readJobItems(job.id, 0, 1)) as unknown as [ExportState];
  // A user deletion that met the export's search (it named the user) removed it: nothing more to write.
  if (state.type !== 'search' && state.type !== 'events') return { done: true, lines: 0 };
  const privacy = await orgPrivacy(writer, job.orgId);
  const rules = privacy.rules;
  const redact = rules === undefined ? undefined : (session: Session) => redactSession(session, rules).session;
  const lines: string[] = [];
  let next: string | null;
  if (state.type === 'search') {
    if (state.search === null) return finish(writer, job, state, lines, null);
    const page = await writer.searchSessions(job.orgId, state.search, { after: state.after, limit: SESSIONS_PER_STEP });
    const cache = new SessionCache(1);
    for (const info of page.items) {
      const loaded = await loadServerSession(writer, job.orgId, info.id, cache);
      if (loaded === undefined) continue;
      const session = redact === undefined ? loaded.session : redact(loaded.session);
      lines.push(JSON.stringify(sessionLine(session, deps.appUrl, info.createdTime)));
    }
    next = page.next;
  } else {
    // The range and names are the read's WHERE: only the events exported leave the database.
    const page = await writer.listEventsInRange(job.orgId, { from: state.from, to: state.to, names: state.names }, { after: state.after, limit: EVENTS_PER_STEP, scan: EVENTS_SCANNED_PER_STEP });
    for (const event of page.items) lines.push(JSON.stringify(eventLine(event, redact)));
    next = page.next;
  }
  return finish(writer, job, state, lines, next);
}

async function finish(writer: StoreWriter, job: JobRecord, state: ExportState, lines: readonly string[], next: string | null) {
  const data = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  await writer.appendExportChunk(job.id, state.chunks, data, { ...state, after: next, chunks: data === '' ? state.chunks : state.chunks + 1 } as unknown as JsonValue);
  return { done: next === null, lines: lines.length };
}
