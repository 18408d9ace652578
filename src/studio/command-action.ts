// Commands that only change state, as actions; the rest (run, all sessions, cancel, edit, quit)
// are effects that Studio.tsx hands to hooks.

import type { InputMode, StudioCommand } from './key-bindings.js';
import type { Viewport } from './scroll-top.js';
import type { StudioAction } from './studio-action.js';
import type { StudioState } from './studio-state.js';

export function inputMode(state: StudioState): InputMode {
  if (state.overlay.kind === 'help') return 'help';
  if (state.overlay.kind === 'picker') return 'picker';
  return state.compare === undefined ? 'panes' : 'compare';
}

/** The action for a state-only command, or undefined when the command is an effect or does nothing now. */
export function actionForCommand(command: StudioCommand, state: StudioState, viewport: Viewport): StudioAction | undefined {
  const picking = state.overlay.kind === 'picker';
  switch (command) {
    case 'help':
      return { type: 'help-toggled' };
    case 'next-pane':
      return { type: 'pane-cycled', step: 1 };
    case 'previous-pane':
      return { type: 'pane-cycled', step: -1 };
    case 'show-events':
      return { type: 'pane-shown', pane: 'events' };
    case 'show-context':
      return { type: 'pane-shown', pane: 'context' };
    case 'show-prompt':
      return { type: 'pane-shown', pane: 'prompt' };
    case 'show-response':
      return { type: 'pane-shown', pane: 'response' };
    case 'show-diff':
      return { type: 'pane-shown', pane: 'diff' };
    case 'show-report':
      return { type: 'pane-shown', pane: 'report' };
    case 'line-up':
      return picking ? { type: 'picker-moved', step: -1 } : { type: 'scrolled', command, viewport };
    case 'line-down':
      return picking ? { type: 'picker-moved', step: 1 } : { type: 'scrolled', command, viewport };
    case 'page-up':
    case 'page-down':
    case 'top':
    case 'bottom':
      return { type: 'scrolled', command, viewport };
    case 'next-kept':
      return { type: 'kept-event-sought', step: 1, viewport };
    case 'previous-kept':
      return { type: 'kept-event-sought', step: -1, viewport };
    case 'next-cited':
      return { type: 'cited-event-sought' };
    case 'pick-profile':
      return { type: 'picker-opened', target: 'profile' };
    case 'pick-session':
      return { type: 'picker-opened', target: 'session' };
    case 'confirm':
      return { type: 'picker-confirmed' };
    case 'compare':
      return state.compare === undefined ? { type: 'picker-opened', target: 'compare' } : { type: 'compare-closed' };
    case 'compare-section':
      return { type: 'compare-section-toggled' };
    case 'back':
      if (state.overlay.kind !== 'none') return { type: 'overlay-closed' };
      if (state.running.length > 0 || state.allSessions?.status === 'running') return undefined; // an effect: cancel the requests
      return state.compare === undefined ? { type: 'notice-cleared' } : { type: 'compare-closed' };
    case 'quit':
    case 'run':
    case 'all-sessions':
    case 'edit-profile':
      return undefined;
  }
}
