// Chooses and builds a model from flags and the environment. Vendor SDKs load only when used.

import { ModelUnavailableError } from './model-errors.js';
import type { RetryOptions } from './retrying-fetch.js';
import { PROVIDERS, type Provider, type SummaryModel } from './summary-model.js';

/**
 * Environment variables by name, as `process.env` holds them.
 *
 * @category Models
 */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * What {@link createModel} builds a model from: flags, the profile and the environment.
 *
 * @category Models
 */
export interface ModelSettings {
  /** Default: gemini when a Gemini key is set, else openai when OPENAI_BASE_URL or OPENAI_API_KEY is, else extractive. */
  readonly provider?: Provider | undefined;
  /** Default: the profile's llm.model, else the provider's default. */
  readonly model?: string | undefined;
  /** Overrides GOOGLE_GEMINI_BASE_URL / OPENAI_BASE_URL. */
  readonly baseUrl?: string | undefined;
  /** For replay: the cassette directory. Default `.recap/cassettes`. */
  readonly cassettes?: string | undefined;
  /** For replay: the provider the cassettes were recorded from. Default gemini. */
  readonly replayProvider?: string | undefined;
  /** Where keys and URLs are read from. Default `process.env`. */
  readonly env?: Environment;
  /** The fetch the vendor adapters call. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Retries on 408, 429 and 5xx (gemini, openai); see {@link createRetryingFetch}. */
  readonly retry?: RetryOptions;
  /** Bounds one call, retries and their waits included (gemini, openai). */
  readonly timeoutMs?: number;
}

/** The Gemini key from GEMINI_API_KEY or GOOGLE_API_KEY. */
export function geminiApiKey(env: Environment): string | undefined {
  return nonEmpty(env.GEMINI_API_KEY) ?? nonEmpty(env.GOOGLE_API_KEY);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** True when `value` names a provider. */
export function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}

/**
 * The provider {@link createModel} uses: `settings.provider` when given, else gemini when
 * GEMINI_API_KEY or GOOGLE_API_KEY is set, else openai when OPENAI_BASE_URL or OPENAI_API_KEY is,
 * else extractive (offline).
 *
 * @param settings - `provider` and `env` are read.
 * @category Models
 */
export function resolveProvider(settings: ModelSettings): Provider {
  if (settings.provider !== undefined) return settings.provider;
  const env = settings.env ?? process.env;
  if (geminiApiKey(env) !== undefined) return 'gemini';
  if (nonEmpty(env.OPENAI_BASE_URL) !== undefined || nonEmpty(env.OPENAI_API_KEY) !== undefined) return 'openai';
  return 'extractive';
}

/** `value` when it is an http(s) URL; else a configuration error naming where it came from. */
function checkedBaseUrl(value: string | undefined, provider: Provider, from: string): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ModelUnavailableError(`the base URL ${JSON.stringify(value)} (${from}) is not an http(s) URL, e.g. http://localhost:8080`, { provider });
  }
  return value;
}

/**
 * Builds the model the settings describe (see docs/models.md), choosing the provider with
 * {@link resolveProvider}. A vendor SDK is loaded only when its provider is chosen. The model
 * name is `settings.model`, else (openai) OPENAI_MODEL, else the provider's default.
 *
 * @param settings - Provider, model, base URL, cassettes, environment and IO.
 * @throws {@link ModelUnavailableError} when the model cannot be used: gemini without a key,
 * openai with neither a key nor a base URL, a base URL that is not http(s).
 * @example
 * ```ts
 * import { createModel, loadProfile, loadSession, prepare, summarize } from 'recap';
 *
 * const profile = await loadProfile('profiles/plain-summary.yaml');
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * // No key in the environment: the offline extractive model.
 * const model = await createModel({ model: profile.llm?.model, env: {} });
 * const outcome = await summarize(prepare(profile, session), model);
 * ```
 * @category Models
 */
export async function createModel(settings: ModelSettings = {}): Promise<SummaryModel> {
  const env = settings.env ?? process.env;
  const provider = resolveProvider(settings);
  switch (provider) {
    case 'gemini': {
      const apiKey = geminiApiKey(env);
      if (apiKey === undefined) {
        throw new ModelUnavailableError(
          'no Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY), or choose --provider extractive',
          { provider },
        );
      }
      const { createGeminiModel } = await import('./gemini/create-gemini-model.js');
      return createGeminiModel({
        apiKey,
        model: settings.model,
        baseUrl: checkedBaseUrl(settings.baseUrl ?? nonEmpty(env.GOOGLE_GEMINI_BASE_URL), provider, settings.baseUrl === undefined ? 'GOOGLE_GEMINI_BASE_URL' : '--base-url'),
        fetch: settings.fetch,
        retry: settings.retry,
        timeoutMs: settings.timeoutMs,
      });
    }
    case 'openai': {
      const apiKey = nonEmpty(env.OPENAI_API_KEY);
      const baseUrl = checkedBaseUrl(settings.baseUrl ?? nonEmpty(env.OPENAI_BASE_URL), provider, settings.baseUrl === undefined ? 'OPENAI_BASE_URL' : '--base-url');
      // A local OpenAI-compatible server may need no key; OpenAI's own API always does.
      if (apiKey === undefined && baseUrl === undefined) {
        throw new ModelUnavailableError(
          'no OpenAI API key: set OPENAI_API_KEY for api.openai.com, or OPENAI_BASE_URL (--base-url) for an OpenAI-compatible server that needs none',
          { provider },
        );
      }
      const { createOpenAiModel } = await import('./openai-compatible/create-openai-model.js');
      return createOpenAiModel({
        apiKey,
        model: settings.model ?? nonEmpty(env.OPENAI_MODEL),
        baseUrl,
        fetch: settings.fetch,
        retry: settings.retry,
        timeoutMs: settings.timeoutMs,
      });
    }
    case 'replay': {
      const { createReplayModel } = await import('./replay/create-replay-model.js');
      return createReplayModel({
        directory: settings.cassettes ?? '.recap/cassettes',
        provider: settings.replayProvider,
        model: settings.model,
      });
    }
    case 'extractive': {
      const { createExtractiveModel } = await import('./extractive/create-extractive-model.js');
      return createExtractiveModel();
    }
  }
}
