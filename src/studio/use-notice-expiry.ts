// Notices fade on their own: a few seconds for information, longer for errors.

import { useEffect, type Dispatch } from 'react';
import type { StudioAction } from './studio-action.js';
import type { Notice } from './studio-state.js';

export const NOTICE_MS = { info: 4000, error: 10000 } as const;

export function useNoticeExpiry(notice: Notice | undefined, dispatch: Dispatch<StudioAction>): void {
  useEffect(() => {
    if (notice === undefined) return;
    const timer = setTimeout(() => dispatch({ type: 'notice-cleared' }), NOTICE_MS[notice.tone]);
    return () => clearTimeout(timer);
  }, [notice, dispatch]);
}
