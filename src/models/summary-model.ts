// The model specification: what every adapter receives and returns. Plain types, no SDK.

import type { ResponseSchema } from '../profile/response-schema-field.js';
import type { SessionContext } from '../pipeline/assemble-context.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';

/** The providers recap ships adapters for. */
export const PROVIDERS = ['gemini', 'openai', 'extractive', 'replay'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A second turn after an answer that did not fit the response schema. */
export interface RepairTurn {
  /** The rejected answer, verbatim. */
  readonly answer: string;
  /** Why it was rejected, e.g. `outcome: must be one of "abandoned", "completed"`. */
  readonly problems: string;
}

/** One request to a model. */
export interface ModelRequest {
  /** The exact prompt, sent as one user turn. */
  readonly prompt: string;
  readonly temperature?: number | undefined;
  /** Upper-case response schema; when present the model must answer JSON that fits it. */
  readonly responseSchema?: ResponseSchema | undefined;
  /** Present on the one repair retry. */
  readonly repair?: RepairTurn | undefined;
  /**
   * The kept events and included context behind the prompt, and nothing else: for offline
   * models that compute an answer from the data instead of reading the prompt.
   */
  readonly source?: ModelRequestSource | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface ModelRequestSource {
  readonly sessionId: string;
  readonly events: readonly IndexedEvent[];
  readonly context: SessionContext;
}

/** Tokens the vendor reported for one call. */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
}

/** One answer from a model. */
export interface ModelResponse {
  /** The answer text, verbatim (JSON text when a response schema was given). */
  readonly text: string;
  /** The model that answered, as the vendor names it. */
  readonly model: string;
  readonly usage?: TokenUsage | undefined;
}

/** A model recap can summarise with. Adapters receive their IO (fetch, clock) in their options. */
export interface SummaryModel {
  readonly provider: Provider;
  /** The model name requests go to, e.g. `gemini-2.5-flash`. */
  readonly model: string;
  /** Whether the model is a language model; the extractive summariser is not. */
  readonly kind: 'language-model' | 'rule-based';
  generate(request: ModelRequest): Promise<ModelResponse>;
  /** The vendor's token count for the prompt, when the vendor can count. */
  countTokens?(request: ModelRequest): Promise<number>;
}
