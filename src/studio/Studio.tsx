// The studio: one reducer holds the state, hooks do the IO, components draw. Keys reach it only
// through the binding table (key-bindings.ts) as named commands.

import { Box, Text, useApp } from 'ink';
import { useCallback, useMemo, useReducer } from 'react';
import { allSessionsProgress } from './all-sessions-progress.js';
import { actionForCommand, inputMode } from './command-action.js';
import { contextLines } from './context-lines.js';
import { diffPlan, diffViewLines } from './diff-view.js';
import { EventsPane } from './EventsPane.js';
import { FileList } from './FileList.js';
import { Header } from './Header.js';
import { PaneTabs } from './PaneTabs.js';
import { HelpOverlay } from './HelpOverlay.js';
import type { StudioCommand } from './key-bindings.js';
import { LinesView } from './LinesView.js';
import { compareViewports, paneViewport } from './pane-viewport.js';
import { anchoredToBottom, clampScrollTop } from './scroll-top.js';
import { Picker } from './Picker.js';
import { ProblemLines } from './ProblemLines.js';
import { PromptPane } from './PromptPane.js';
import { reportLines } from './report-lines.js';
import { ReportPane } from './ReportPane.js';
import { responseLines } from './response-lines.js';
import { ResponsePane } from './ResponsePane.js';
import { StatusBar } from './StatusBar.js';
import { modelLabel, tokensLabel } from './status-labels.js';
import { ComparePane } from './ComparePane.js';
import type { StudioDependencies, StudioSettings } from './studio-dependencies.js';
import { studioLayout, type TerminalSize } from './studio-layout.js';
import { markPlaceholders } from './placeholder-marks.js';
import { loadingPrivacySlot } from './privacy-slot.js';
import { privacySummary } from './privacy-summary.js';
import { printable } from './printable.js';
import { pickerItems, studioReducer } from './studio-reducer.js';
import { initialStudioState, pairKey, type PaneName, type StudioState, type Workspace } from './studio-state.js';
import { createTheme } from './theme.js';
import { ThemeContext } from './theme-context.js';
import { ALL_SESSIONS_CONCURRENCY, useAllSessions } from './use-all-sessions.js';
import { useEditor } from './use-editor.js';
import { useHistory } from './use-history.js';
import { useKeyCommands } from './use-key-commands.js';
import { useModel } from './use-model.js';
import { useNoticeExpiry } from './use-notice-expiry.js';
import { useRuns } from './use-runs.js';
import { useStudioFiles } from './use-studio-files.js';
import { useTerminalSize } from './use-terminal-size.js';
import { useTokenCount } from './use-token-count.js';

export interface StudioProps {
  readonly dependencies: StudioDependencies;
  readonly settings: StudioSettings;
  /** False under NO_COLOR. Default true. */
  readonly color?: boolean;
  /** A fixed terminal size (tests, benchmarks); default the terminal's, following resizes. */
  readonly size?: TerminalSize;
}

/** Instead of the panes while the privacy rules are invalid. */
const WITHHELD = 'Withheld: the privacy rules below have problems. Nothing of the session is shown or sent to a model until they are fixed and saved.';

const historyOf = (state: StudioState, workspace: Workspace | undefined) =>
  workspace === undefined ? [] : (state.histories[pairKey(workspace.profilePath, workspace.sessionPath)] ?? []);

export function Studio({ dependencies, settings, color = true, size: fixedSize }: StudioProps) {
  // The rules file is looked for before anything is prepared: no frame shows the session unredacted.
  const [state, dispatch] = useReducer(studioReducer, settings, (initial) => initialStudioState(loadingPrivacySlot(initial)));
  const theme = useMemo(() => createTheme({ color }), [color]);
  const size = useTerminalSize(fixedSize);
  const { workspace, compare } = state;
  // Escaped before the rows they need are counted: a problem can quote a recorded value.
  const problems = [
    ...(state.profile?.problems ?? []),
    ...(state.profile?.warnings ?? []),
    ...(state.session?.problems ?? []),
    ...(compare?.profile.problems ?? []),
    ...(state.privacy?.problems ?? []),
  ].map(printable);
  const withheld = state.privacy?.status === 'invalid';
  const privacyLine = privacySummary(state.privacy, workspace?.prepared.privacy);
  const layout = studioLayout(size, problems, { comparing: compare !== undefined, privacyLine: privacyLine !== undefined });

  const files = useStudioFiles(state, dispatch, dependencies, settings);
  const profileReady = state.profile !== undefined && state.profile.status !== 'loading';
  const model = useModel(profileReady, state.profile?.value?.llm?.model, settings, dependencies, dispatch);
  useTokenCount(model, workspace, dispatch);
  const pairs = [workspace, compare?.workspace]
    .filter((item): item is Workspace => item !== undefined)
    .map((item) => ({ profile: item.profilePath, session: item.sessionPath }));
  useHistory(pairs, dependencies, dispatch);
  const runs = useRuns(state, dispatch, dependencies, settings);
  const allSessions = useAllSessions(state, dispatch, dependencies, settings);
  useEditor(state.editing, state.profile?.path, settings.cwd, dependencies, dispatch, files.reload);
  useNoticeExpiry(state.notice, dispatch);
  const { exit } = useApp();

  const history = historyOf(state, workspace);
  const latestRun = history.at(-1);
  const prompt = workspace?.prepared.prompt;
  const contextView = useMemo(
    () => (workspace === undefined ? [] : contextLines(workspace.profile, workspace.prepared).map((line) => markPlaceholders(line, workspace.placeholders))),
    [workspace],
  );
  const responseView = useMemo(() => (latestRun === undefined ? [] : responseLines(latestRun, prompt)), [latestRun, prompt]);
  // Diffs of long prompts cost time: only while the Diff pane is on screen.
  const showingDiff = state.pane === 'diff' && compare === undefined;
  const diffView = useMemo(() => (showingDiff ? diffViewLines(diffPlan(history, prompt)) : []), [showingDiff, history, prompt]);
  const compareHistory = historyOf(state, compare?.workspace);
  const answerA = compare === undefined ? [] : responseView;
  const answerB = useMemo(() => {
    const run = compareHistory.at(-1);
    return run === undefined ? [] : responseLines(run, compare?.workspace?.prepared.prompt);
  }, [compareHistory, compare?.workspace?.prepared.prompt]);
  const reportView = useMemo(() => (state.allSessions === undefined ? [] : reportLines(state.allSessions)), [state.allSessions]);
  const paneLines = { context: contextView, response: responseView, diff: diffView, report: reportView, compareAnswers: [answerA, answerB] } as const;
  const viewport = paneViewport(state, layout, paneLines);

  const onCommand = useCallback(
    (command: StudioCommand) => {
      if (command === 'quit') return exit();
      if (command === 'run') return runs.start();
      if (command === 'all-sessions') return allSessions.toggle();
      if (command === 'edit-profile') {
        if (state.profile === undefined) return;
        return dispatch({ type: 'editor-opened' });
      }
      if (command === 'back' && state.overlay.kind === 'none' && (state.running.length > 0 || state.allSessions?.status === 'running')) {
        if (state.running.length > 0) runs.cancel();
        return allSessions.cancel();
      }
      const action = actionForCommand(command, state, viewport);
      if (action !== undefined) dispatch(action);
    },
    [allSessions, exit, runs, state, viewport],
  );
  useKeyCommands(inputMode(state), onCommand, !state.editing);

  const running = state.running.length > 0;
  const busyPanes: PaneName[] = [];
  if (running) busyPanes.push('response');
  if (state.allSessions?.status === 'running') busyPanes.push('report');
  const runningFor = (item: Workspace | undefined) =>
    item !== undefined && state.running.some((run) => run.pair === pairKey(item.profilePath, item.sessionPath));
  const paneRows = layout.paneRows;
  const currentModel = modelLabel(state.model);

  let body;
  if (state.editing) {
    body = <Text>{`Editing ${printable(state.profile?.path ?? '')} in your editor; the studio comes back when it exits.`}</Text>;
  } else if (state.overlay.kind === 'help') {
    body = <HelpOverlay rows={paneRows + 1} />;
  } else if (state.overlay.kind === 'picker') {
    const target = state.overlay.target;
    const selected = target === 'session' ? state.session?.path : target === 'profile' ? state.profile?.path : undefined;
    body = <Picker target={target} files={pickerItems(state, target)} selected={selected} index={state.overlay.index} rows={paneRows + 1} />;
  } else if (compare !== undefined && !withheld) {
    // Both sides scroll together; each stops at its own end, where a too-tall last line shows its end.
    const top = clampScrollTop(compare.top, viewport);
    const [aView, bView] = compareViewports(state, layout, paneLines) ?? [viewport, viewport];
    const side = (view: typeof viewport) => ({ top: clampScrollTop(top, view), anchorBottom: anchoredToBottom(top, view) });
    body = (
      <ComparePane
        session={state.session?.path}
        a={{ label: 'A', slot: state.profile, workspace, answer: answerA, running: runningFor(workspace), ...side(aView) }}
        b={{ label: 'B', slot: compare.profile, workspace: compare.workspace, answer: answerB, running: runningFor(compare.workspace), ...side(bView) }}
        section={compare.section}
        rows={paneRows + 1}
        width={layout.mainWidth}
        sideBySide={layout.sideBySide}
      />
    );
  } else {
    const top = clampScrollTop(state.tops[state.pane], viewport);
    const anchorBottom = anchoredToBottom(top, viewport);
    let pane;
    if (state.pane === 'report' && !withheld) {
      // Not tied to the selected session: it stays while another session is picked or broken.
      pane = (
        <ReportPane
          run={state.allSessions}
          lines={reportView}
          profile={state.profile?.path}
          sessionsFolder={settings.sessionsFolder}
          sessions={state.sessions.length}
          modelLabel={currentModel}
          concurrency={ALL_SESSIONS_CONCURRENCY}
          top={top}
          rows={paneRows}
          width={layout.mainWidth}
          anchorBottom={anchorBottom}
        />
      );
    } else if (workspace === undefined) {
      const waiting = state.profiles.length === 0 ? 'Looking for profiles…' : 'Preparing…';
      const broken = state.profile?.status === 'invalid' || state.session?.status === 'invalid';
      const problem = broken ? 'Nothing to show yet: the file below has problems. Fix and save it.' : waiting;
      pane = withheld ? <Text {...theme.text('error')}>{WITHHELD}</Text> : <Text dimColor>{problem}</Text>;
    } else if (state.pane === 'events') {
      pane = <EventsPane workspace={workspace} top={top} rows={paneRows} width={layout.mainWidth} selected={state.citedEvent} />;
    } else if (state.pane === 'prompt') {
      pane = (
        <PromptPane
          workspace={workspace}
          tokensLabel={tokensLabel(workspace, state.tokens, state.model)}
          top={top}
          rows={paneRows}
          width={layout.mainWidth}
          anchorBottom={anchorBottom}
        />
      );
    } else if (state.pane === 'response') {
      const ruleBased = state.model.status === 'ready' && state.model.kind === 'rule-based';
      pane = (
        <ResponsePane
          lines={responseView}
          running={running}
          modelLabel={currentModel}
          ruleBased={ruleBased}
          top={top}
          rows={paneRows}
          width={layout.mainWidth}
          anchorBottom={anchorBottom}
        />
      );
    } else {
      const diff = state.pane === 'diff';
      const lines = diff ? diffView : contextView;
      pane = <LinesView lines={lines} top={top} rows={paneRows} columns={layout.mainWidth} gutter={diff ? 2 : 0} anchorBottom={anchorBottom} />;
    }
    body = (
      <>
        <PaneTabs active={state.pane} busy={busyPanes} />
        <Box flexDirection="column" height={paneRows} flexShrink={0} overflow="hidden">
          {pane}
        </Box>
      </>
    );
  }

  const sidebarRows = layout.height - layout.statusRows - layout.problemRows;
  const profileRows = Math.max(3, Math.min(state.profiles.length + 1, Math.floor(sidebarRows / 2)));
  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={layout.width} height={layout.height}>
        <Box flexDirection="row" height={sidebarRows} flexShrink={0}>
          {layout.sidebarWidth > 0 ? (
            <Box flexDirection="column" width={layout.sidebarWidth} flexShrink={0} paddingRight={1}>
              <FileList title="Profiles (p)" files={state.profiles} selected={state.profile?.path} invalid={state.profile?.status === 'invalid'} rows={profileRows} />
              <FileList title="Sessions (s)" files={state.sessions} selected={state.session?.path} rows={sidebarRows - profileRows} />
            </Box>
          ) : null}
          <Box flexDirection="column" width={layout.mainWidth} flexShrink={0}>
            <Header profile={state.profile?.path} session={state.session?.path} profileTitle={state.profile?.value?.name} width={layout.mainWidth} />
            {body}
          </Box>
        </Box>
        <ProblemLines problems={problems} rows={layout.problemRows} width={layout.width} />
        <StatusBar
          profile={state.profile}
          session={state.session}
          modelLabel={currentModel}
          modelUnavailable={state.model.status === 'unavailable'}
          tokensLabel={workspace === undefined ? undefined : tokensLabel(workspace, state.tokens, state.model)}
          kept={workspace === undefined ? undefined : { kept: workspace.prepared.events.kept.length, total: workspace.prepared.events.total }}
          notice={state.notice}
          comparing={compare !== undefined}
          progress={state.allSessions?.status === 'running' ? allSessionsProgress(state.allSessions) : undefined}
          privacy={privacyLine}
          width={layout.width}
        />
      </Box>
    </ThemeContext.Provider>
  );
}
