// Loads the run history of every profile + session pair on screen, once per pair.

import { useEffect, useRef, type Dispatch } from 'react';
import type { StudioAction } from './studio-action.js';
import type { StudioDependencies } from './studio-dependencies.js';
import { pairKey } from './studio-state.js';

export interface HistoryPair {
  readonly profile: string;
  readonly session: string;
}

export function useHistory(pairs: readonly HistoryPair[], dependencies: Pick<StudioDependencies, 'history'>, dispatch: Dispatch<StudioAction>): void {
  const requested = useRef(new Set<string>());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const keys = pairs.map((pair) => pairKey(pair.profile, pair.session)).join('\0');
  useEffect(() => {
    for (const { profile, session } of pairs) {
      const pair = pairKey(profile, session);
      if (requested.current.has(pair)) continue;
      requested.current.add(pair);
      dependencies.history.load(profile, session).then(
        (history) => {
          if (alive.current) dispatch({ type: 'history-loaded', pair, history });
        },
        (error: Error) => {
          if (!alive.current) return;
          dispatch({ type: 'history-loaded', pair, history: [] });
          dispatch({ type: 'notice-shown', notice: { text: `${error.message}; it will be replaced by the next run`, tone: 'error' } });
        },
      );
    }
    // `keys` stands for `pairs`, whose array identity changes every render.
  }, [keys, dependencies, dispatch]);
}
