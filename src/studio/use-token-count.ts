// Asks the vendor to count the prompt's tokens (when the model can), a moment after the prompt
// settles; the estimate shows until then, labelled as one.

import { useEffect, type Dispatch } from 'react';
import { modelRequestFor, type SummaryModel } from '../index.js';
import type { StudioAction } from './studio-action.js';
import type { Workspace } from './studio-state.js';

/** Saves come in bursts while someone types; count once they stop. */
export const COUNT_DELAY_MS = 300;

export function useTokenCount(model: SummaryModel | undefined, workspace: Workspace | undefined, dispatch: Dispatch<StudioAction>): void {
  useEffect(() => {
    const count = model?.countTokens?.bind(model);
    if (count === undefined || workspace === undefined) return;
    const controller = new AbortController();
    const { revision, prepared } = workspace;
    const timer = setTimeout(() => {
      count(modelRequestFor(prepared, controller.signal)).then(
        (prompt) => {
          if (!controller.signal.aborted) dispatch({ type: 'tokens-counted', revision, count: { prompt, method: 'count' } });
        },
        (error: Error) => {
          if (!controller.signal.aborted) dispatch({ type: 'token-count-failed', revision, message: error.message });
        },
      );
    }, COUNT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [model, workspace, dispatch]);
}
