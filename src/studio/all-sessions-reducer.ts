// The all-sessions run (`A`) in the studio's state: it starts on the Report pane, counts each
// session's line as it comes, and ends finished, cancelled or stopped. Lines of a run that already
// ended (cancelled while sessions were in flight) are ignored.

import { allSessionsOutcome, allSessionsProgress } from './all-sessions-progress.js';
import type { StudioAction } from './studio-action.js';
import type { AllSessionsRun, StudioState } from './studio-state.js';

export type AllSessionsAction = Extract<StudioAction, { readonly type: 'all-sessions-started' | 'all-sessions-line' | 'all-sessions-ended' }>;

const runningWith = (state: StudioState, id: number): AllSessionsRun | undefined =>
  state.allSessions?.id === id && state.allSessions.status === 'running' ? state.allSessions : undefined;

export function allSessionsReducer(state: StudioState, action: AllSessionsAction): StudioState {
  switch (action.type) {
    case 'all-sessions-started': {
      const run: AllSessionsRun = {
        id: action.id,
        profilePath: action.profilePath,
        sessionsFolder: action.sessionsFolder,
        total: action.total,
        done: 0,
        failed: 0,
        tokens: 0,
        status: 'running',
        failures: [],
        report: undefined,
      };
      return { ...state, allSessions: run, pane: 'report', tops: { ...state.tops, report: 0 }, notice: undefined };
    }
    case 'all-sessions-line': {
      const run = runningWith(state, action.id);
      if (run === undefined) return state;
      const failure = action.failure;
      const next: AllSessionsRun = {
        ...run,
        done: run.done + 1,
        failed: run.failed + (failure === undefined ? 0 : 1),
        tokens: run.tokens + action.tokens,
        failures: failure === undefined ? run.failures : [...run.failures, failure],
        report: action.report ?? run.report,
      };
      return { ...state, allSessions: next };
    }
    case 'all-sessions-ended': {
      const run = runningWith(state, action.id);
      if (run === undefined) return state;
      const ended: AllSessionsRun = { ...run, status: action.status, report: action.report, message: action.message };
      // Said wherever the user is: a run over a folder takes a while, and failures must not pass unseen.
      const loud = ended.failed > 0 || ended.status === 'stopped';
      const reason = ended.message === undefined ? '' : `: ${ended.message}`;
      const text = ended.status === 'finished' ? `${allSessionsProgress(ended)} (6 shows the report)` : `all sessions: ${allSessionsOutcome(ended) ?? ''}${reason}`;
      return { ...state, allSessions: ended, notice: { text, tone: loud ? 'error' : 'info' } };
    }
  }
}
