// What a session contributes to the report's patterns, read from its events (not from any model):
// the elements rage-, dead- and error-clicked, the requests that failed, the console errors, the
// page it ended on. Labels are normalised so that the same thing in two sessions has one label.

import type { Session, SessionEvent } from '../../session/session-schema.js';
import type { PatternKind } from './report-data.js';

/** Occurrences of each label, by pattern kind, in one session. */
export type SessionPatternCounts = ReadonlyMap<PatternKind, ReadonlyMap<string, number>>;

const MAX_LABEL = 160;

const clip = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

/** The element of an interaction: its selector, else its text, else `(unknown element)`. */
function elementLabel(event: SessionEvent): string {
  const selector = event.target?.selector?.trim();
  if (selector !== undefined && selector !== '') return clip(selector);
  const text = event.target?.text?.trim();
  return text !== undefined && text !== '' ? clip(JSON.stringify(text)) : '(unknown element)';
}

/** Ids in paths (`/orders/8812`, uuids, long hex) become `:id`, so one endpoint has one label. */
const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})$/i;

/** `https://shop.test/orders/42?x=1` → `shop.test/orders/:id`; a relative URL keeps its path. */
export function pageLabel(url: string): string {
  let host = '';
  let pathname = url;
  try {
    const parsed = new URL(url);
    host = parsed.host;
    pathname = parsed.pathname;
  } catch {
    pathname = url.split(/[?#]/)[0] ?? url;
  }
  const normalised = pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  return clip(`${host}${normalised === '' ? '/' : normalised}`);
}

/** `POST shop.test/api/pay → 502`. */
function requestLabel(event: SessionEvent): string {
  const method = (event.method ?? '').toUpperCase();
  const url = event.url === undefined ? '(unknown URL)' : pageLabel(event.url);
  const status = event.status === undefined ? '' : ` → ${event.status}`;
  return clip(`${method === '' ? '' : `${method} `}${url}${status}`);
}

/** The first line of a console error, numbers kept (they are often the point), whitespace folded. */
function messageLabel(event: SessionEvent): string {
  const message = (event.message ?? event.text ?? '').split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? '';
  return message === '' ? '(no message)' : clip(message);
}

const KIND_OF_TYPE: Partial<Record<SessionEvent['type'], PatternKind>> = {
  'rage-click': 'rage_clicks',
  'dead-click': 'dead_clicks',
  'error-click': 'error_clicks',
  'network-error': 'failing_requests',
  'console-error': 'console_errors',
};

/**
 * The pattern labels of one session with how often each occurs (a rage click's `count` counts
 * once: it is one rage click), and the page the session ended on.
 */
export function sessionPatterns(session: Session): SessionPatternCounts {
  const counts = new Map<PatternKind, Map<string, number>>();
  const add = (kind: PatternKind, label: string): void => {
    let labels = counts.get(kind);
    if (labels === undefined) counts.set(kind, (labels = new Map()));
    labels.set(label, (labels.get(label) ?? 0) + 1);
  };
  let lastPage: string | undefined;
  for (const event of session.events) {
    if (event.type === 'navigate' && event.url !== undefined) lastPage = event.url;
    const kind = KIND_OF_TYPE[event.type];
    if (kind === undefined) continue;
    if (kind === 'failing_requests') add(kind, requestLabel(event));
    else if (kind === 'console_errors') add(kind, messageLabel(event));
    else add(kind, elementLabel(event));
  }
  if (lastPage === undefined) {
    // No navigation recorded: the URL of the last event that has one.
    for (let index = session.events.length - 1; index >= 0 && lastPage === undefined; index--) lastPage = session.events[index]?.url;
  }
  if (lastPage !== undefined) add('exit_pages', pageLabel(lastPage));
  return counts;
}
