// `A`: runs the selected profile over every session file of the sessions folder through
// summarizeMany, a few at a time, and feeds each line with its session to the report builder.
// Nothing is written: the results live in the state until the next run (`recap run --output`
// keeps them). `A` again or Esc aborts the run.

import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import {
  createReportBuilder,
  NotUtf8Error,
  summarizeMany,
  type PrivacyRules,
  type Profile,
  type ReportBuilder,
  type ResultLine,
  type Session,
  type SummaryModel,
} from '../index.js';
import { loadingSlot, sessionSlotWithText } from './file-slot.js';
import { rulesToApply } from './privacy-slot.js';
import { redactedOnce } from './redacted-session.js';
import type { StudioAction } from './studio-action.js';
import { modelSettingsFor, type StudioDependencies, type StudioSettings } from './studio-dependencies.js';
import { absolutePath } from './studio-paths.js';
import type { StudioFile, StudioState } from './studio-state.js';

/** Sessions summarized at once: a few, so that a vendor's rate limit is not the first thing met. */
export const ALL_SESSIONS_CONCURRENCY = 4;

/** While the run goes, the report is built again at most this often (a build reads every line so far). */
const REPORT_REFRESH_MS = 200;
/** Failures that are the model's, not a session's: every other session would fail the same way (as in `recap run`). */
const STOPPING_CODES: ReadonlySet<string> = new Set(['unsupported_request', 'model_unavailable']);

export interface AllSessions {
  /** Starts a run, or cancels the one under way: the same key does both. */
  toggle(): void;
  /** Aborts the run under way, if any. */
  cancel(): void;
}

interface Execution {
  readonly id: number;
  readonly controller: AbortController;
  readonly builder: ReportBuilder;
}

type LoadedSession = { readonly ok: true; readonly session: Session } | { readonly ok: false; readonly line: ResultLine };

const failedLine = (file: string, code: string, message: string): ResultLine => ({ file, error: { code, message } });

export function useAllSessions(
  state: StudioState,
  dispatch: Dispatch<StudioAction>,
  dependencies: Pick<StudioDependencies, 'readText' | 'createModel'>,
  settings: StudioSettings,
): AllSessions {
  const latest = useRef(state);
  latest.current = state;
  const execution = useRef<Execution | undefined>(undefined);
  const sequence = useRef(0);

  useEffect(
    () => () => {
      execution.current?.controller.abort();
      execution.current = undefined;
    },
    [],
  );

  /**
   * The studio's own loader, so a file reads as the Events pane would read it; failures as `recap
   * run` codes them, and as it words them: under privacy rules, without the values they found wrong.
   */
  const load = useCallback(
    async (file: StudioFile, quoteValues: boolean): Promise<LoadedSession> => {
      let text: string;
      try {
        text = await dependencies.readText(absolutePath(settings.cwd, file.path));
      } catch (error) {
        const code = error instanceof NotUtf8Error ? 'invalid_session' : 'unreadable_file';
        return { ok: false, line: failedLine(file.path, code, `${file.path}: ${(error as Error).message}`) };
      }
      const slot = sessionSlotWithText(loadingSlot(file.path), text, { quoteValues });
      if (slot.value === undefined) return { ok: false, line: failedLine(file.path, 'invalid_session', slot.problems.join('\n')) };
      return { ok: true, session: slot.value };
    },
    [dependencies, settings.cwd],
  );

  const execute = useCallback(
    async (run: Execution, profile: Profile, files: readonly StudioFile[], rules: PrivacyRules | undefined) => {
      const { id, controller, builder } = run;
      // A cancelled run's late lines change nothing: cancel() already ended it.
      const current = () => execution.current === run;
      let builtAt = Number.NEGATIVE_INFINITY;
      const record = (line: ResultLine, session?: Session) => {
        if (!current()) return;
        // Patterns are read from the session as the privacy rules leave it: nothing unredacted is shown.
        builder.add(line, session === undefined || rules === undefined ? session : redactedOnce(session, rules).session);
        const now = performance.now();
        const report = now - builtAt >= REPORT_REFRESH_MS ? builder.build() : undefined;
        if (report !== undefined) builtAt = now;
        const failure = 'error' in line ? { file: line.file, code: line.error.code, message: line.error.message } : undefined;
        dispatch({ type: 'all-sessions-line', id, tokens: line.tokens?.total ?? 0, failure, report });
      };
      const end = (status: 'finished' | 'stopped', message?: string) => {
        if (!current()) return;
        execution.current = undefined;
        dispatch({ type: 'all-sessions-ended', id, status, report: builder.build(), message });
      };

      let model: SummaryModel;
      try {
        model = await dependencies.createModel(modelSettingsFor(settings, profile.llm?.model));
      } catch (error) {
        return end('stopped', `the model could not be set up: ${(error as Error).message}`);
      }
      // Sessions are read as summarizeMany asks for them; a file that does not load is its line at once.
      const loaded = new Map<string, Session>();
      async function* sessions(): AsyncGenerator<{ readonly file: string; readonly session: Session }> {
        for (const file of files) {
          const result = await load(file, rules === undefined);
          if (!result.ok) {
            record(result.line);
            continue;
          }
          loaded.set(file.path, result.session);
          yield { file: file.path, session: result.session };
        }
      }
      try {
        const options = { model, concurrency: ALL_SESSIONS_CONCURRENCY, privacy: rules, cwd: settings.cwd, signal: controller.signal };
        for await (const line of summarizeMany(profile, sessions(), options)) {
          if (!current()) break;
          const session = loaded.get(line.file);
          loaded.delete(line.file);
          record(line, session);
          if ('error' in line && STOPPING_CODES.has(line.error.code)) {
            controller.abort();
            return end('stopped', `${line.error.code}: ${line.error.message}`);
          }
        }
        end('finished');
      } catch (error) {
        end('stopped', (error as Error).message);
      }
    },
    [dependencies, dispatch, load, settings],
  );

  const cancel = useCallback(() => {
    const run = execution.current;
    if (run === undefined) return;
    execution.current = undefined;
    run.controller.abort();
    dispatch({ type: 'all-sessions-ended', id: run.id, status: 'cancelled', report: run.builder.build() });
  }, [dispatch]);

  const toggle = useCallback(() => {
    if (execution.current !== undefined) return cancel();
    const current = latest.current;
    const refuse = (text: string) => dispatch({ type: 'notice-shown', notice: { text, tone: 'error' } });
    const profile = current.profile;
    if (profile?.value === undefined) return refuse('nothing to run: the profile has no valid version yet');
    const privacy = rulesToApply(current.privacy);
    if (!privacy.ready) {
      return refuse(
        current.privacy?.status === 'invalid'
          ? 'nothing is sent: the privacy rules have problems (fix and save them)'
          : 'the privacy rules are still being read: press A again in a moment',
      );
    }
    if (current.sessions.length === 0) return refuse(`no session files in ${settings.sessionsFolder}`);
    const run: Execution = { id: ++sequence.current, controller: new AbortController(), builder: createReportBuilder() };
    execution.current = run;
    dispatch({ type: 'all-sessions-started', id: run.id, profilePath: profile.path, sessionsFolder: settings.sessionsFolder, total: current.sessions.length });
    void execute(run, profile.value, current.sessions, privacy.rules);
  }, [cancel, dispatch, execute, settings.sessionsFolder]);

  return { toggle, cancel };
}
