// Runs the model on the selected profile (and the compared one), keeps every finished run in
// the history, and cancels requests in flight on Esc or when the studio closes.

import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { groundingSource, resolveProvider, summarize, type SummaryModel } from '../index.js';
import { runDraftFromError, runDraftFromOutcome, type RunDraft, type RunDraftBase, type RunRecord } from './run-record.js';
import type { StudioAction } from './studio-action.js';
import { modelSettingsFor, type StudioDependencies, type StudioSettings } from './studio-dependencies.js';
import { pairKey, type StudioState, type Workspace } from './studio-state.js';

export interface Runs {
  /** Runs every workspace on screen; says why not when nothing can run. */
  start(): void;
  /** Aborts every request in flight. */
  cancel(): void;
}

export function useRuns(
  state: StudioState,
  dispatch: Dispatch<StudioAction>,
  dependencies: Pick<StudioDependencies, 'createModel' | 'history' | 'now'>,
  settings: StudioSettings,
): Runs {
  const controllers = useRef(new Map<number, AbortController>());
  const models = useRef(new Map<string, Promise<SummaryModel>>());
  const sequence = useRef(0);
  const alive = useRef(true);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    alive.current = true;
    const inFlight = controllers.current;
    return () => {
      alive.current = false;
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    };
  }, []);

  const modelFor = useCallback(
    (workspace: Workspace): Promise<SummaryModel> => {
      const modelSettings = modelSettingsFor(settings, workspace.profile.llm?.model);
      const key = `${modelSettings.model ?? ''}`;
      let model = models.current.get(key);
      if (model === undefined) {
        model = dependencies.createModel(modelSettings);
        models.current.set(key, model);
        // A model that could not be built (no key yet, say) is tried again on the next run.
        model.catch(() => models.current.delete(key));
      }
      return model;
    },
    [dependencies, settings],
  );

  const launch = useCallback(
    async (workspace: Workspace) => {
      const id = ++sequence.current;
      const pair = pairKey(workspace.profilePath, workspace.sessionPath);
      const controller = new AbortController();
      controllers.current.set(id, controller);
      dispatch({ type: 'run-started', run: { id, pair, profilePath: workspace.profilePath } });
      const tokens = latest.current.tokens;
      const modelSettings = modelSettingsFor(settings, workspace.profile.llm?.model);
      const base: RunDraftBase = {
        startedAt: dependencies.now(),
        profile: workspace.profilePath,
        session: workspace.sessionPath,
        provider: resolveProvider(modelSettings),
        model: modelSettings.model ?? '(default)',
        prepared: workspace.prepared,
        promptTokens: tokens?.revision === workspace.revision && tokens.count !== undefined ? tokens.count : workspace.prepared.tokens,
        latencyMs: 0,
      };
      const started = performance.now();
      let draft: RunDraft;
      // The run is recorded under the model that was asked, once there is one (a failure included).
      let asked: Pick<RunDraftBase, 'provider' | 'model'> = { provider: base.provider, model: base.model };
      try {
        const model = await modelFor(workspace);
        asked = { provider: model.provider, model: model.model };
        // The recorded session is the one prepare built on; its kept events are already redacted.
        const grounding = groundingSource(workspace.profile, workspace.recorded, workspace.prepared);
        const outcome = await summarize(workspace.prepared, model, { signal: controller.signal, grounding });
        draft = runDraftFromOutcome({ ...base, ...asked }, outcome);
      } catch (error) {
        draft = runDraftFromError({ ...base, ...asked, latencyMs: performance.now() - started }, error);
      }
      controllers.current.delete(id);
      if (controller.signal.aborted || !alive.current) return;
      let history: readonly RunRecord[];
      try {
        history = await dependencies.history.append(draft);
      } catch (error) {
        const previous = latest.current.histories[pair] ?? [];
        history = [...previous, { ...draft, number: (previous.at(-1)?.number ?? 0) + 1 }];
        const text = `could not save the run history: ${(error as Error).message}`;
        dispatch({ type: 'notice-shown', notice: { text, tone: 'error' } });
      }
      if (alive.current) dispatch({ type: 'run-finished', id, pair, history });
    },
    [dependencies, dispatch, modelFor, settings],
  );

  const start = useCallback(() => {
    const current = latest.current;
    if (current.running.length > 0) {
      dispatch({ type: 'notice-shown', notice: { text: 'a run is in progress: wait for it or press Esc to cancel', tone: 'info' } });
      return;
    }
    const targets = [current.workspace, current.compare?.workspace].filter((workspace): workspace is Workspace => workspace !== undefined);
    if (current.workspace === undefined) {
      const text =
        current.privacy?.status === 'invalid'
          ? 'nothing is sent: the privacy rules have problems (fix and save them)'
          : 'nothing to run: the profile or the session has no valid version yet';
      dispatch({ type: 'notice-shown', notice: { text, tone: 'error' } });
      return;
    }
    for (const workspace of targets) void launch(workspace);
  }, [dispatch, launch]);

  const cancel = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    dispatch({ type: 'runs-cancelled' });
  }, [dispatch]);

  return { start, cancel };
}
