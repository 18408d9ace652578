// A session list item: `{ id, app_url, created_time }`.

import type { SessionInfo } from '../store/records.js';

export interface SessionView {
  id: string;
  app_url: string;
  created_time: string;
}

/** `app_url` is `<app url>/session/<URL-encoded id>`. */
export function sessionView(session: SessionInfo, appUrl: string): SessionView {
  return { id: session.id, app_url: `${appUrl}/session/${encodeURIComponent(session.id)}`, created_time: session.createdTime };
}
