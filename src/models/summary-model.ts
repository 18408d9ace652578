// The model specification: what every adapter receives and returns. Plain types, no SDK.

import type { ResponseSchema } from '../profile/response-schema-terms.js';
import type { SessionContext } from '../pipeline/assemble-context.js';
import type { IndexedEvent } from '../pipeline/indexed-event.js';

/**
 * The providers recap ships adapters for.
 *
 * @category Models
 */
export const PROVIDERS = ['gemini', 'openai', 'extractive', 'replay'] as const;
/**
 * One of {@link PROVIDERS}.
 *
 * @category Models
 */
export type Provider = (typeof PROVIDERS)[number];

/**
 * A second turn after an answer that did not fit the response schema.
 *
 * @category Models
 */
export interface RepairTurn {
  /** The rejected answer, verbatim. */
  readonly answer: string;
  /** Why it was rejected, e.g. `outcome: must be one of "abandoned", "completed"`. */
  readonly problems: string;
  /** What was wrong: the response schema (the default), or claims the session does not support. */
  readonly reason?: 'schema' | 'grounding' | undefined;
}

/**
 * One request to a model; {@link modelRequestFor} builds it from a prepared request.
 *
 * @category Models
 */
export interface ModelRequest {
  /** The exact prompt, sent as one user turn. */
  readonly prompt: string;
  /** 0 to 2; the vendor's default when absent. */
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
  /** Aborts the call. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The data behind a prompt: what {@link ModelRequest.source} carries for offline models.
 *
 * @category Models
 */
export interface ModelRequestSource {
  readonly sessionId: string;
  /** The kept events, in time order. */
  readonly events: readonly IndexedEvent[];
  /** The included context elements only. */
  readonly context: SessionContext;
}

/**
 * Tokens the vendor reported for one call.
 *
 * @category Models
 */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
}

/**
 * One answer from a model.
 *
 * @category Models
 */
export interface ModelResponse {
  /** The answer text, verbatim (JSON text when a response schema was given). */
  readonly text: string;
  /** The model that answered, as the vendor names it. */
  readonly model: string;
  readonly usage?: TokenUsage | undefined;
}

/**
 * A model recap can summarise with: the one interface every adapter implements (see
 * docs/models.md). Adapters receive their IO (fetch, clock) in their options, so a test can pass
 * its own object that implements this interface.
 *
 * @category Models
 */
export interface SummaryModel {
  /**
   * The provider the model belongs to: one of {@link PROVIDERS} for the adapters recap ships
   * (`replay` for answers from cassettes), any name for a model of your own (`'my-llm'`).
   */
  // `string & {}` keeps the known names offered by editors while any string type-checks.
  readonly provider: Provider | (string & {});
  /** The model name requests go to, e.g. `gemini-2.5-flash`. */
  readonly model: string;
  /** Whether the model is a language model; the extractive summariser is not. */
  readonly kind: 'language-model' | 'rule-based';
  /**
   * Asks the model once. Rejects with a {@link ModelError} (or a subclass) when the vendor fails
   * or the request is one the model refuses.
   */
  generate(request: ModelRequest): Promise<ModelResponse>;
  /** The vendor's token count for the prompt, when the vendor can count. */
  countTokens?(request: ModelRequest): Promise<number>;
}
