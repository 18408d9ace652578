// The OpenAI-compatible adapter: recap's SummaryModel over the openai SDK's chat completions, for
// OpenAI itself and local servers (Ollama, vLLM, llama.cpp). Structured output uses strict
// JSON schema mode.

import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { createRetryingFetch, type RetryOptions } from '../retrying-fetch.js';
import type { ModelRequest, ModelResponse, SummaryModel } from '../summary-model.js';
import { mapOpenAiError } from './map-openai-error.js';
import { readOpenAiAnswer } from './read-openai-answer.js';
import { toOpenAiMessages } from './to-openai-messages.js';
import { toStrictJsonSchema } from './to-strict-json-schema.js';

import { DEFAULT_OPENAI_MODEL } from '../default-models.js';
import { withCallSignal } from '../call-signal.js';

export { DEFAULT_OPENAI_MODEL };

/** The name the response schema goes by in `response_format.json_schema`. */
export const OPENAI_SCHEMA_NAME = 'summary';

/**
 * Options of {@link createOpenAiModel}.
 *
 * @category Models
 */
export interface OpenAiModelOptions {
  /** Default: none, for local servers that need no key (sent as `Bearer not-needed`). */
  readonly apiKey?: string | undefined;
  /**
   * The endpoint, `/chat/completions` is appended: e.g. `http://localhost:11434/v1` for Ollama.
   * Default: the SDK's, which is OPENAI_BASE_URL when set, else `https://api.openai.com/v1`.
   */
  readonly baseUrl?: string | undefined;
  /** Default {@link DEFAULT_OPENAI_MODEL}. */
  readonly model?: string | undefined;
  /** Default globalThis.fetch. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Retries on 408, 429 and 5xx; see createRetryingFetch. */
  readonly retry?: RetryOptions | undefined;
  /** Bounds one call, retries and their waits included. Default: the SDK's (10 minutes). */
  readonly timeoutMs?: number | undefined;
}

/**
 * A {@link SummaryModel} that calls an OpenAI-compatible chat completions endpoint (OpenAI,
 * Ollama, vLLM, llama.cpp server). A response schema is sent in strict JSON schema mode.
 *
 * @category Models
 */
export function createOpenAiModel(options: OpenAiModelOptions = {}): SummaryModel {
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  // The SDK's own retries stay off (maxRetries 0): the fetch retries, the same way for every vendor.
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed',
    ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    fetch: createRetryingFetch(options.fetch ?? globalThis.fetch, options.retry),
    maxRetries: 0,
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
  });

  return {
    provider: 'openai',
    model,
    kind: 'language-model',
    async generate(request: ModelRequest): Promise<ModelResponse> {
      let completion;
      try {
        completion = await withCallSignal(request.signal, (signal) =>
          client.chat.completions.create(completionParams(model, request), signal === undefined ? {} : { signal }),
        );
      } catch (error) {
        throw mapOpenAiError(error, {
          model,
          baseUrl: client.baseURL,
          signal: request.signal,
          timeoutMs: options.timeoutMs,
          maxDelayMs: options.retry?.maxDelayMs,
        });
      }
      return readOpenAiAnswer(completion, model, request.responseSchema);
    },
  };
}

function completionParams(model: string, request: ModelRequest): ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: toOpenAiMessages(request),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.responseSchema === undefined
      ? {}
      : {
          response_format: {
            type: 'json_schema',
            json_schema: { name: OPENAI_SCHEMA_NAME, strict: true, schema: toStrictJsonSchema(request.responseSchema) },
          },
        }),
  };
}
