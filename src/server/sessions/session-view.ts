// A session list item: `{ id, app_url, created_time }`.

import type { SessionInfo } from '../store/records.js';

export interface SessionView {
  id: string;
  app_url: string;
  created_time: string;
}

/** `<app url>/session/<URL-encoded id>`. */
export const sessionAppUrl = (appUrl: string, id: string): string => `${appUrl}/session/${encodeURIComponent(id)}`;

/** `app_url` is `<app url>/session/<URL-encoded id>`. */
export function sessionView(session: SessionInfo, appUrl: string): SessionView {
  return { id: session.id, app_url: sessionAppUrl(appUrl, session.id), created_time: session.createdTime };
}
