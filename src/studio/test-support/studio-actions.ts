// Reducer test helpers: a state with the fixture profile and session read.

import { studioReducer } from '../studio-reducer.js';
import { initialStudioState, type StudioState } from '../studio-state.js';
import type { StudioAction } from '../studio-action.js';
import { ALPHA_PROFILE, BETA_PROFILE, SESSION_JSON } from './studio-fixtures.js';

export const PROFILES = [
  { name: 'alpha.yaml', path: 'profiles/alpha.yaml' },
  { name: 'beta.yaml', path: 'profiles/beta.yaml' },
];
export const SESSIONS = [
  { name: 'checkout.json', path: 'sessions/checkout.json' },
  { name: 'empty.json', path: 'sessions/empty.json' },
];

export function reduce(state: StudioState, ...actions: StudioAction[]): StudioState {
  return actions.reduce(studioReducer, state);
}

/** Files listed, alpha.yaml and checkout.json read. */
export function preparedState(): StudioState {
  return reduce(
    initialStudioState(),
    { type: 'files-listed', profiles: PROFILES, sessions: SESSIONS },
    { type: 'file-read', path: 'profiles/alpha.yaml', text: ALPHA_PROFILE },
    { type: 'file-read', path: 'sessions/checkout.json', text: SESSION_JSON },
  );
}

export { ALPHA_PROFILE, BETA_PROFILE, SESSION_JSON };
