// The studio's only state transition: a pure function of the state and one action. Parsing and
// preparing are pure too, so a save is just an action carrying the file's new text.

import { allSessionsReducer } from './all-sessions-reducer.js';
import { buildWorkspace } from './build-workspace.js';
import { loadingSlot, profileSlotWithText, quotesValues, sessionSlotWithText, unreadableSlot } from './file-slot.js';
import { nearestKept } from './event-rows.js';
import { citedEvents } from './grounding-lines.js';
import { privacySlotUnreadable, privacySlotWithText, rulesToApply } from './privacy-slot.js';
import { clampScrollTop, nextScrollTop } from './scroll-top.js';
import type { StudioAction } from './studio-action.js';
import { NO_SCROLL, PANES, pairKey, type PickerTarget, type ProfileSlot, type StudioFile, type StudioState, type Workspace } from './studio-state.js';

/** The files a picker offers: profiles, sessions, or the profiles other than the selected one. */
export function pickerItems(state: StudioState, target: PickerTarget): readonly StudioFile[] {
  if (target === 'session') return state.sessions;
  if (target === 'profile') return state.profiles;
  return state.profiles.filter((file) => file.path !== state.profile?.path);
}

/** Prepares again; while the privacy rules are unknown or invalid, nothing is prepared (nor kept). */
function withWorkspace(state: StudioState): StudioState {
  const revision = state.revision + 1;
  const privacy = rulesToApply(state.privacy);
  const build = (profile: ProfileSlot | undefined, previous: Workspace | undefined) =>
    privacy.ready ? buildWorkspace(revision, profile, state.session, previous, privacy.rules) : undefined;
  const workspace = build(state.profile, state.workspace);
  const compare = state.compare === undefined ? undefined : { ...state.compare, workspace: build(state.compare.profile, state.compare.workspace) };
  return { ...state, revision, workspace, compare };
}

function selectProfile(state: StudioState, path: string): StudioState {
  if (state.profile?.path === path) return { ...state, overlay: { kind: 'none' } };
  const compare = state.compare?.profile.path === path ? undefined : state.compare;
  return {
    ...state,
    profile: loadingSlot(path),
    workspace: undefined,
    tokens: undefined,
    tops: NO_SCROLL,
    overlay: { kind: 'none' },
    compare,
    citedEvent: undefined,
  };
}

function selectSession(state: StudioState, path: string): StudioState {
  if (state.session?.path === path) return { ...state, overlay: { kind: 'none' } };
  const compare = state.compare === undefined ? undefined : { ...state.compare, workspace: undefined, top: 0 };
  return { ...state, session: loadingSlot(path), workspace: undefined, tokens: undefined, tops: NO_SCROLL, overlay: { kind: 'none' }, compare, citedEvent: undefined };
}

/** The problems of an invalid session, quoting values only as the privacy rules now allow. */
function withSessionQuoting(state: StudioState): StudioState {
  const session = state.session;
  if (session?.status !== 'invalid' || session.text === undefined) return state;
  const requoted = sessionSlotWithText(session, session.text, { quoteValues: quotesValues(state.privacy) });
  return requoted === session ? state : { ...state, session: requoted };
}

function fileRead(state: StudioState, path: string, text: string): StudioState {
  let next = state;
  let prepare = false;
  if (next.profile?.path === path) {
    const profile = profileSlotWithText(next.profile, text);
    if (profile !== next.profile) next = { ...next, profile };
    prepare ||= profile !== state.profile && profile.status === 'valid';
  }
  if (next.session?.path === path) {
    const session = sessionSlotWithText(next.session, text, { quoteValues: quotesValues(next.privacy) });
    if (session !== next.session) next = { ...next, session };
    prepare ||= session !== state.session && session.status === 'valid';
  }
  if (next.compare?.profile.path === path) {
    const profile = profileSlotWithText(next.compare.profile, text);
    if (profile !== next.compare.profile) next = { ...next, compare: { ...next.compare, profile } };
    prepare ||= profile !== state.compare?.profile && profile.status === 'valid';
  }
  if (next.privacy?.path === path) {
    // Valid or not, new rules re-prepare: invalid ones take the panes away.
    const privacy = privacySlotWithText(next.privacy, text);
    if (privacy !== next.privacy) next = { ...next, privacy };
    prepare ||= privacy !== state.privacy;
    next = withSessionQuoting(next);
  }
  return prepare ? withWorkspace(next) : next;
}

function fileUnreadable(state: StudioState, path: string, message: string, missing: boolean): StudioState {
  let next = state;
  if (next.privacy?.path === path) next = withWorkspace(withSessionQuoting({ ...next, privacy: privacySlotUnreadable(next.privacy, message, missing) }));
  if (next.profile?.path === path) next = { ...next, profile: unreadableSlot(next.profile, message) };
  if (next.session?.path === path) next = { ...next, session: unreadableSlot(next.session, message) };
  if (next.compare?.profile.path === path) next = { ...next, compare: { ...next.compare, profile: unreadableSlot(next.compare.profile, message) } };
  return next;
}

function filesListed(state: StudioState, profiles: readonly StudioFile[], sessions: readonly StudioFile[]): StudioState {
  let next: StudioState = { ...state, profiles, sessions };
  // On start, the first profile and the first session (sorted by name) are selected.
  const firstProfile = profiles[0];
  const firstSession = sessions[0];
  if (next.profile === undefined && firstProfile !== undefined) next = selectProfile(next, firstProfile.path);
  if (next.session === undefined && firstSession !== undefined) next = selectSession(next, firstSession.path);
  return next;
}

function pickerConfirmed(state: StudioState): StudioState {
  if (state.overlay.kind !== 'picker') return state;
  const file = pickerItems(state, state.overlay.target)[state.overlay.index];
  if (file === undefined) return { ...state, overlay: { kind: 'none' } };
  switch (state.overlay.target) {
    case 'profile':
      return selectProfile(state, file.path);
    case 'session':
      return selectSession(state, file.path);
    case 'compare':
      return { ...state, overlay: { kind: 'none' }, compare: { profile: loadingSlot(file.path), workspace: undefined, section: 'prompt', top: 0 } };
  }
}

function pickerOpened(state: StudioState, target: PickerTarget): StudioState {
  const items = pickerItems(state, target);
  if (items.length === 0) {
    const text = target === 'compare' ? 'there is no other profile to compare with' : `no ${target} files found`;
    return { ...state, notice: { text, tone: 'error' } };
  }
  const current = target === 'profile' ? state.profile?.path : target === 'session' ? state.session?.path : undefined;
  const index = Math.max(0, items.findIndex((file) => file.path === current));
  return { ...state, overlay: { kind: 'picker', target, index } };
}

function citedEventSought(state: StudioState): StudioState {
  const workspace = state.workspace;
  if (workspace === undefined) return state;
  const latest = state.histories[pairKey(workspace.profilePath, workspace.sessionPath)]?.at(-1)?.outcome;
  const grounding = latest !== undefined && latest.status !== 'invalid-answer' ? latest.grounding : undefined;
  const cited = citedEvents(grounding).filter((index) => index < workspace.session.events.length);
  const first = cited[0];
  if (first === undefined) {
    const text = grounding === undefined ? 'no grounded answer yet: press r to run the model' : 'the answer cites no event of the session';
    return { ...state, notice: { text, tone: 'info' } };
  }
  const previous = state.citedEvent;
  const next = (previous === undefined ? undefined : cited.find((index) => index > previous)) ?? first;
  const text = `cited event #${next} (${cited.indexOf(next) + 1} of ${cited.length})`;
  return { ...state, pane: 'events', citedEvent: next, tops: { ...state.tops, events: next }, notice: { text, tone: 'info' } };
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'files-listed':
      return filesListed(state, action.profiles, action.sessions);
    case 'profile-selected':
      return selectProfile(state, action.path);
    case 'session-selected':
      return selectSession(state, action.path);
    case 'file-read':
      return fileRead(state, action.path, action.text);
    case 'file-unreadable':
      return fileUnreadable(state, action.path, action.message, action.missing === true);
    case 'pane-shown':
      return { ...state, pane: action.pane };
    case 'pane-cycled': {
      const index = (PANES.indexOf(state.pane) + action.step + PANES.length) % PANES.length;
      return { ...state, pane: PANES[index] ?? 'events' };
    }
    case 'scrolled': {
      if (state.compare !== undefined) {
        return { ...state, compare: { ...state.compare, top: nextScrollTop(state.compare.top, action.command, action.viewport) } };
      }
      const top = nextScrollTop(state.tops[state.pane], action.command, action.viewport);
      return { ...state, tops: { ...state.tops, [state.pane]: top } };
    }
    case 'kept-event-sought': {
      const workspace = state.workspace;
      if (workspace === undefined || state.pane !== 'events') return state;
      const from = clampScrollTop(state.tops.events, action.viewport);
      const found = nearestKept(workspace.explanation, workspace.session.events.length, from, action.step);
      if (found === undefined) return { ...state, notice: { text: `no kept event ${action.step > 0 ? 'below' : 'above'}`, tone: 'info' } };
      return { ...state, tops: { ...state.tops, events: found } };
    }
    case 'cited-event-sought':
      return citedEventSought(state);
    case 'help-toggled':
      return { ...state, overlay: state.overlay.kind === 'help' ? { kind: 'none' } : { kind: 'help' } };
    case 'picker-opened':
      return pickerOpened(state, action.target);
    case 'picker-moved': {
      if (state.overlay.kind !== 'picker') return state;
      const count = pickerItems(state, state.overlay.target).length;
      const index = Math.min(Math.max(0, state.overlay.index + action.step), Math.max(0, count - 1));
      return { ...state, overlay: { ...state.overlay, index } };
    }
    case 'picker-confirmed':
      return pickerConfirmed(state);
    case 'overlay-closed':
      return { ...state, overlay: { kind: 'none' } };
    case 'compare-section-toggled':
      if (state.compare === undefined) return state;
      return { ...state, compare: { ...state.compare, section: state.compare.section === 'prompt' ? 'answer' : 'prompt', top: 0 } };
    case 'compare-closed':
      return { ...state, compare: undefined };
    case 'model-resolved':
      return { ...state, model: action.model };
    case 'tokens-counted':
      if (action.revision !== state.workspace?.revision) return state;
      return { ...state, tokens: { revision: action.revision, count: action.count } };
    case 'token-count-failed':
      if (action.revision !== state.workspace?.revision) return state;
      return { ...state, tokens: { revision: action.revision, failure: action.message } };
    case 'run-started': {
      // The answer is what a run is for: show it, unless the user is watching the diff.
      const pane = state.compare === undefined && state.pane !== 'diff' ? 'response' : state.pane;
      return { ...state, pane, running: [...state.running, action.run], notice: undefined };
    }
    case 'run-finished':
      if (!state.running.some((run) => run.id === action.id)) return state;
      return {
        ...state,
        running: state.running.filter((run) => run.id !== action.id),
        histories: { ...state.histories, [action.pair]: action.history },
        tops: { ...state.tops, response: 0, diff: 0 },
        citedEvent: undefined,
      };
    case 'runs-cancelled':
      if (state.running.length === 0) return state;
      return { ...state, running: [], notice: { text: 'run cancelled', tone: 'info' } };
    case 'history-loaded':
      // A run that finished first already holds the newer history.
      if (state.histories[action.pair] !== undefined) return state;
      return { ...state, histories: { ...state.histories, [action.pair]: action.history } };
    case 'all-sessions-started':
    case 'all-sessions-line':
    case 'all-sessions-ended':
      return allSessionsReducer(state, action);
    case 'editor-opened':
      return { ...state, editing: true, overlay: { kind: 'none' } };
    case 'editor-closed':
      return { ...state, editing: false };
    case 'notice-shown':
      return { ...state, notice: action.notice };
    case 'notice-cleared':
      return state.notice === undefined ? state : { ...state, notice: undefined };
  }
}
