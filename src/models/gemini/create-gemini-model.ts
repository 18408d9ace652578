// The Gemini adapter: recap's SummaryModel over @google/genai. The whole prompt goes as one user
// turn; temperature and the upper-case response schema go in the generation config.

import { GoogleGenAI, type GenerateContentConfig } from '@google/genai';
import { ModelUnavailableError } from '../model-errors.js';
import type { RetryOptions } from '../retrying-fetch.js';
import type { ModelRequest, ModelResponse, SummaryModel } from '../summary-model.js';
import { createGeminiFetch } from './create-gemini-fetch.js';
import { mapGeminiError } from './map-gemini-error.js';
import { readGeminiAnswer } from './read-gemini-answer.js';
import { toGeminiContents } from './to-gemini-contents.js';
import { withCallSignal } from '../call-signal.js';
import { DEFAULT_GEMINI_MODEL } from '../default-models.js';
import { keepFormats } from '../../response-schema/keep-formats.js';

export { DEFAULT_GEMINI_MODEL };

/**
 * Options of {@link createGeminiModel}.
 *
 * @category Models
 */
export interface GeminiModelOptions {
  /** A Gemini API key (GEMINI_API_KEY or GOOGLE_API_KEY). */
  readonly apiKey: string;
  /** Default {@link DEFAULT_GEMINI_MODEL}. */
  readonly model?: string | undefined;
  /**
   * The API's origin, e.g. a proxy or a test stand-in (`/v1beta/models/...` is appended).
   * Default: the SDK's, which is GOOGLE_GEMINI_BASE_URL when set, else Google's endpoint.
   */
  readonly baseUrl?: string | undefined;
  /** Default globalThis.fetch. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Retries on 408, 429 and 5xx; see createRetryingFetch. */
  readonly retry?: RetryOptions | undefined;
  /** Bounds one call, retries and their waits included. Default: no bound. */
  readonly timeoutMs?: number | undefined;
}

/**
 * A {@link SummaryModel} that calls the Gemini API through `@google/genai`. The whole prompt goes
 * as one user turn; temperature and the upper-case response schema (with
 * `responseMimeType: application/json`) go in the generation config. It can count tokens.
 *
 * @throws {@link ModelUnavailableError} when `apiKey` is empty.
 * @category Models
 */
export function createGeminiModel(options: GeminiModelOptions): SummaryModel {
  if (options.apiKey.trim() === '') {
    throw new ModelUnavailableError('no Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY)', { provider: 'gemini' });
  }
  const model = options.model ?? DEFAULT_GEMINI_MODEL;
  // The SDK's own retryOptions stay unset: the fetch retries, the same way for every vendor.
  // vertexai is fixed so that GOOGLE_GENAI_USE_VERTEXAI cannot send the key to another backend.
  const ai = new GoogleGenAI({
    apiKey: options.apiKey,
    vertexai: false,
    httpOptions: {
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      fetch: createGeminiFetch(options.fetch ?? globalThis.fetch, options.retry),
    },
  });
  const errorContext = (request: ModelRequest) => ({
    model,
    signal: request.signal,
    timeoutMs: options.timeoutMs,

  });

  return {
    provider: 'gemini',
    model,
    kind: 'language-model',
    async generate(request: ModelRequest): Promise<ModelResponse> {
      let response;
      try {
        response = await withCallSignal(request.signal, (signal) =>
          ai.models.generateContent({ model, contents: toGeminiContents(request), config: generationConfig({ ...request, signal }) }),
        );
      } catch (error) {
        throw mapGeminiError(error, errorContext(request));
      }
      return readGeminiAnswer(response, model);
    },
    async countTokens(request: ModelRequest): Promise<number> {
      let response;
      try {
        response = await withCallSignal(request.signal, (signal) =>
          ai.models.countTokens({ model, contents: toGeminiContents(request), ...(signal === undefined ? {} : { config: { abortSignal: signal } }) }),
        );
      } catch (error) {
        throw mapGeminiError(error, errorContext(request));
      }
      // Proto3 JSON leaves zero counts out.
      return response.totalTokens ?? 0;
    },
  };
}

/**
 * The formats Gemini's responseSchema documents as supported; it has refused others on STRING with
 * a 400 ("only 'enum' and 'date-time' are supported for STRING type"), so they are not sent.
 * recap still checks them on the answer.
 */
export const GEMINI_FORMATS: ReadonlySet<string> = new Set(['enum', 'date-time', 'float', 'double', 'int32', 'int64']);

function generationConfig(request: ModelRequest): GenerateContentConfig {
  return {
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    // Gemini takes the upper-case schema language as it is, but for the formats it does not know.
    ...(request.responseSchema === undefined
      ? {}
      : { responseMimeType: 'application/json', responseSchema: keepFormats(request.responseSchema, GEMINI_FORMATS) }),
    ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
  };
}
