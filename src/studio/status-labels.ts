// Short texts for the status bar: the model in use and the prompt's token count, labelled.

import { formatCount } from './format-count.js';
import type { ModelStatus, VendorTokens, Workspace } from './studio-state.js';

/** `extractive/extractive-v1`, `gemini/gemini-2.5-flash`, `gemini unavailable`. */
export function modelLabel(model: ModelStatus): string {
  switch (model.status) {
    case 'loading':
      return 'model…';
    case 'ready':
      return `${model.provider}/${model.model}`;
    case 'unavailable':
      return `${model.provider} unavailable`;
  }
}

/** The vendor's count when it is for this revision, else the estimate, and which one it is. */
export function tokensLabel(workspace: Workspace, tokens: VendorTokens | undefined, model: ModelStatus): string {
  const estimate = `~${formatCount(workspace.prepared.tokens.prompt)} tokens`;
  const current = tokens?.revision === workspace.revision ? tokens : undefined;
  if (current?.count !== undefined) return `${formatCount(current.count.prompt)} tokens (counted)`;
  if (current?.failure !== undefined) return `${estimate} (estimate; count failed)`;
  if (model.status === 'ready' && model.counts) return `${estimate} (estimate; counting…)`;
  return `${estimate} (estimate)`;
}
