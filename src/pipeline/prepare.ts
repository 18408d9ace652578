// The whole pipeline: profile + session → the exact model request, pure and synchronous.

import type { Profile } from '../profile/profile-schema.js';
import type { ResponseSchema } from '../profile/response-schema-field.js';
import type { Session } from '../session/session-schema.js';
import { assembleContext, type AssembledContext } from './assemble-context.js';
import { estimateTokens } from './estimate-tokens.js';
import type { IndexedEvent } from './indexed-event.js';
import { renderPrompt } from './render-prompt.js';
import { selectEvents } from './select-events.js';
import { sliceWindow, type SliceWindow } from './slice-window.js';

/** What to ask the model for, besides the prompt. */
export interface GenerationSettings {
  /** The profile's `llm.model`, when it names one. */
  readonly model?: string | undefined;
  readonly temperature?: number | undefined;
  /** The upper-case response schema, when the profile asks for structured output. */
  readonly responseSchema?: ResponseSchema | undefined;
}

/** A token count and how it was obtained. */
export interface TokenCount {
  readonly prompt: number;
  readonly method: 'count' | 'estimate';
}

/** Everything `prepare` decides for one profile and one session. */
export interface PreparedRequest {
  readonly sessionId: string;
  /** The exact prompt sent to the model. */
  readonly prompt: string;
  /** The session block inside the prompt. */
  readonly sessionBlock: string;
  /** Where the session block starts in `prompt` (a character offset). */
  readonly sessionBlockStart: number;
  readonly events: {
    /** Events in the session. */
    readonly total: number;
    /** Events that passed the type filter. */
    readonly matched: number;
    /** The kept events with their indices, in time order. */
    readonly kept: readonly IndexedEvent[];
    /** The slice's time window. */
    readonly window: SliceWindow;
  };
  readonly context: AssembledContext;
  readonly generation: GenerationSettings;
  /** Estimated prompt tokens; see `countPromptTokens` for a vendor count. */
  readonly tokens: TokenCount;
}

/**
 * Turns a profile and a session into the model request: filter by type, slice, assemble the
 * context, render the prompt (DESIGN §4). Pure and synchronous; nothing from a dropped event or
 * an excluded context element reaches the prompt.
 */
export function prepare(profile: Profile, session: Session): PreparedRequest {
  const window = sliceWindow(session.events, profile.slice);
  // The same result as sliceEvents(filterEvents(...)) (a property test holds them equal), without
  // visiting events outside the window more than once.
  const { kept, matched } = selectEvents(session.events, window, profile.slice, profile.events);
  const context = assembleContext(session, profile.context);
  const rendered = renderPrompt({
    prePrompt: profile.llm?.pre_prompt,
    postPrompt: profile.llm?.post_prompt,
    sessionId: session.id,
    context: context.included,
    events: kept,
  });
  return {
    sessionId: session.id,
    prompt: rendered.text,
    sessionBlock: rendered.sessionBlock,
    sessionBlockStart: rendered.sessionBlockStart,
    events: { total: session.events.length, matched, kept, window },
    context,
    generation: {
      model: profile.llm?.model,
      temperature: profile.llm?.temperature,
      responseSchema: profile.llm?.response_schema,
    },
    tokens: { prompt: estimateTokens(rendered.text), method: 'estimate' },
  };
}
