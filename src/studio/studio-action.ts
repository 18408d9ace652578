// Everything that can happen to the studio's state: keys (through commands), files, models, runs.

import type { ReportData, TokenCount } from '../index.js';
import type { RunRecord } from './run-record.js';
import type { ScrollCommand, Viewport } from './scroll-top.js';
import type { ActiveRun, AllSessionsFailure, ModelStatus, Notice, PaneName, StudioFile } from './studio-state.js';

export type StudioAction =
  // Files
  | { readonly type: 'files-listed'; readonly profiles: readonly StudioFile[]; readonly sessions: readonly StudioFile[] }
  | { readonly type: 'profile-selected'; readonly path: string }
  | { readonly type: 'session-selected'; readonly path: string }
  /** A watched or selected file was read; the reducer parses it and re-prepares. */
  | { readonly type: 'file-read'; readonly path: string; readonly text: string }
  /** `missing`: the file does not exist (for the privacy rules, that can mean "no rules"). */
  | { readonly type: 'file-unreadable'; readonly path: string; readonly message: string; readonly missing?: boolean }
  // Navigation
  | { readonly type: 'pane-shown'; readonly pane: PaneName }
  | { readonly type: 'pane-cycled'; readonly step: 1 | -1 }
  | { readonly type: 'scrolled'; readonly command: ScrollCommand; readonly viewport: Viewport }
  | { readonly type: 'kept-event-sought'; readonly step: 1 | -1; readonly viewport: Viewport }
  /** To the next event the latest answer cites, on the Events pane, round to the first. */
  | { readonly type: 'cited-event-sought' }
  | { readonly type: 'help-toggled' }
  | { readonly type: 'picker-opened'; readonly target: 'profile' | 'session' | 'compare' }
  | { readonly type: 'picker-moved'; readonly step: number }
  | { readonly type: 'picker-confirmed' }
  | { readonly type: 'overlay-closed' }
  | { readonly type: 'compare-section-toggled' }
  | { readonly type: 'compare-closed' }
  // Model
  | { readonly type: 'model-resolved'; readonly model: ModelStatus }
  | { readonly type: 'tokens-counted'; readonly revision: number; readonly count: TokenCount }
  | { readonly type: 'token-count-failed'; readonly revision: number; readonly message: string }
  // Runs
  | { readonly type: 'run-started'; readonly run: ActiveRun }
  | { readonly type: 'run-finished'; readonly id: number; readonly pair: string; readonly history: readonly RunRecord[] }
  | { readonly type: 'runs-cancelled' }
  | { readonly type: 'history-loaded'; readonly pair: string; readonly history: readonly RunRecord[] }
  // The profile over all sessions (`A`)
  | { readonly type: 'all-sessions-started'; readonly id: number; readonly profilePath: string; readonly sessionsFolder: string; readonly total: number }
  /** One session's line; `report` when it was built again (not on every line of a long run). */
  | {
      readonly type: 'all-sessions-line';
      readonly id: number;
      readonly tokens: number;
      readonly failure: AllSessionsFailure | undefined;
      readonly report: ReportData | undefined;
    }
  | {
      readonly type: 'all-sessions-ended';
      readonly id: number;
      readonly status: 'finished' | 'cancelled' | 'stopped';
      readonly report: ReportData;
      readonly message?: string | undefined;
    }
  // Editor and messages
  | { readonly type: 'editor-opened' }
  | { readonly type: 'editor-closed' }
  | { readonly type: 'notice-shown'; readonly notice: Notice }
  | { readonly type: 'notice-cleared' };
