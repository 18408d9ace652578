// The model the selected profile would run on (flags, then the profile's llm.model), for the
// status bar and for counting tokens. Building one never calls the vendor.

import { useEffect, useState, type Dispatch } from 'react';
import { resolveProvider, type SummaryModel } from '../index.js';
import type { StudioAction } from './studio-action.js';
import { modelSettingsFor, type StudioDependencies, type StudioSettings } from './studio-dependencies.js';

/** `ready` once the profile was read; `profileModel` is its llm.model. */
export function useModel(
  ready: boolean,
  profileModel: string | undefined,
  settings: StudioSettings,
  dependencies: Pick<StudioDependencies, 'createModel'>,
  dispatch: Dispatch<StudioAction>,
): SummaryModel | undefined {
  const [model, setModel] = useState<SummaryModel | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    const modelSettings = modelSettingsFor(settings, profileModel);
    dependencies.createModel(modelSettings).then(
      (created) => {
        if (!current) return;
        setModel(created);
        const counts = created.countTokens !== undefined;
        dispatch({ type: 'model-resolved', model: { status: 'ready', provider: created.provider, model: created.model, kind: created.kind, counts } });
      },
      (error: Error) => {
        if (!current) return;
        setModel(undefined);
        dispatch({ type: 'model-resolved', model: { status: 'unavailable', provider: resolveProvider(modelSettings), message: error.message } });
      },
    );
    return () => {
      current = false;
    };
  }, [ready, profileModel, settings, dependencies, dispatch]);
  return model;
}
