// The public library API of recap: re-exports only. Every name here is documented where it is defined.

// Profiles (DESIGN §3)
export { parseProfile, safeParseProfile, type ParseProfileOptions, type SafeParseProfileResult } from './profile/parse-profile.js';
export { loadProfile, type LoadProfileOptions } from './profile/load-profile.js';
export { checkProfile, type CheckProfileResult, type ProfileDataIssue } from './profile/check-profile.js';
export { ProfileValidationError, formatProfileIssue, type ProfileIssue } from './profile/profile-error.js';
export { profileJsonSchema, PROFILE_JSON_SCHEMA_PATH } from './profile/profile-json-schema.js';
export {
  profileSchema,
  SLICE_MODES,
  CONTEXT_ELEMENTS,
  type Profile,
  type SliceMode,
  type ContextElement,
  type LlmSettings,
  type SliceSettings,
  type ContextSettings,
  type EventsSettings,
} from './profile/profile-schema.js';
export {
  RESPONSE_SCHEMA_TYPES,
  RESPONSE_SCHEMA_KEYWORDS,
  type ResponseSchema,
  type ResponseSchemaType,
} from './profile/response-schema-field.js';

// Session fixtures (DESIGN §2)
export { parseSession, safeParseSession, type ParseSessionOptions, type SafeParseSessionResult } from './session/parse-session.js';
export { loadSession } from './session/load-session.js';
export { decodeUtf8, readUtf8File, NotUtf8Error } from './session/read-utf8-file.js';
export { parseFixtureText, type FixtureText, type FixtureTextResult } from './session/fixture-text.js';
export { SessionFixtureError, type SessionIssue } from './session/session-error.js';
export { BUILT_IN_EVENT_TYPES, EVENT_TYPES, isBuiltInEventType, type BuiltInEventType, type EventType } from './session/event-types.js';
export { eventKey } from './session/event-key.js';
export {
  sessionFixtureSchema,
  type Session,
  type SessionEvent,
  type FixtureEvent,
  type SessionFixture,
  type SessionUser,
  type SessionOrg,
  type SessionLocation,
  type SessionDevice,
} from './session/session-schema.js';

// Pipeline (DESIGN §4): pure functions
export { filterEvents } from './pipeline/filter-events.js';
export { sliceEvents, type SliceResult } from './pipeline/slice-events.js';
export { sliceWindow, inWindow, type SliceWindow } from './pipeline/slice-window.js';
export { assembleContext, includedElements, type AssembledContext, type SessionContext } from './pipeline/assemble-context.js';
export { composePrompt, renderPrompt, renderSessionBlock, type RenderPromptInput, type RenderedPrompt } from './pipeline/render-prompt.js';
export { EventLineCache } from './pipeline/event-line-cache.js';
export { explainEvents, type EventExplanation, type EventFate } from './pipeline/explain-events.js';
export { selectEvents, keyFilter, type SelectResult } from './pipeline/select-events.js';
export { prepare, sameSelection, type PreparedRequest, type PreviousPreparation, type GenerationSettings, type TokenCount } from './pipeline/prepare.js';
export { toPreparedJson, type PreparedJson, type PreparedJsonEvent, type PreparedJsonOptions } from './pipeline/prepared-json.js';
export { estimateTokens } from './pipeline/estimate-tokens.js';
export type { IndexedEvent } from './pipeline/indexed-event.js';

// Response schemas (DESIGN §5)
export { normalizeResponseSchema, type NormalizeResponseSchemaResult, type ResponseSchemaIssue } from './response-schema/normalize-response-schema.js';
export { toJsonSchema, type JsonSchema, type ToJsonSchemaOptions } from './response-schema/to-json-schema.js';
export { validateResponse, formatResponseIssues, type ValidateResponseResult, type ResponseValidationIssue } from './response-schema/validate-response.js';
export { parseAnswer, type ParseAnswerResult } from './response-schema/parse-answer.js';

// Models (DESIGN §6)
export type {
  SummaryModel,
  ModelRequest,
  ModelRequestSource,
  ModelResponse,
  RepairTurn,
  TokenUsage,
  Provider,
} from './models/summary-model.js';
export { PROVIDERS } from './models/summary-model.js';
export { createModel, resolveProvider, type ModelSettings } from './models/create-model.js';
export { createGeminiModel, DEFAULT_GEMINI_MODEL, type GeminiModelOptions } from './models/gemini/create-gemini-model.js';
export { createOpenAiModel, DEFAULT_OPENAI_MODEL, type OpenAiModelOptions } from './models/openai-compatible/create-openai-model.js';
export { createExtractiveModel, EXTRACTIVE_MODEL } from './models/extractive/create-extractive-model.js';
export { createReplayModel, type ReplayModelOptions } from './models/replay/create-replay-model.js';
export { cassetteKey, readCassette, writeCassette, type Cassette, type CassetteRequest } from './models/replay/cassette.js';
export { createRetryingFetch, type RetryOptions } from './models/retrying-fetch.js';
export {
  ModelError,
  ModelUnavailableError,
  UnsupportedRequestError,
  InvalidAnswerError,
  CassetteMissError,
} from './models/model-errors.js';

// Summaries (DESIGN §5)
export { summarize, modelRequestFor, type SummaryResult, type SummaryOutcome, type SummarizeOptions } from './summarize.js';
