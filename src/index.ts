// The public library API of recap: re-exports only. Every name here is documented where it is
// defined; `npm run docs` builds the reference from those comments and `npm run docs:check` fails
// on an export without one.

/**
 * The recap library: turn a summary profile and a recorded session into a model request, ask a
 * model, and get a validated result.
 *
 * ```ts
 * import { createModel, loadProfile, loadSession, prepare, summarize } from 'recap';
 *
 * const profile = await loadProfile('profiles/plain-summary.yaml');
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * const prepared = prepare(profile, session); // pure: the prompt, kept events, context, settings
 * const model = await createModel(); // Gemini or OpenAI when configured, else the offline extractive model
 * const { result } = await summarize(prepared, model); // { summary } or { response, response_schema }
 * ```
 *
 * The pipeline's steps are exported one by one too ({@link filterEvents}, {@link sliceEvents},
 * {@link assembleContext}, {@link renderPrompt}), with the response-schema tools
 * ({@link normalizeResponseSchema}, {@link validateResponse}), the model adapters and the error
 * classes. The formats and rules behind them are described in the repository's `docs/` pages:
 * `docs/library.md`, `docs/profiles.md`, `docs/fixtures.md`, `docs/pipeline.md` and
 * `docs/models.md`.
 *
 * @packageDocumentation
 */

// Profiles (see docs/profiles.md)
export { parseProfile, safeParseProfile, type ParseProfileOptions, type SafeParseProfileResult } from './profile/parse-profile.js';
export { loadProfile, type LoadProfileOptions } from './profile/load-profile.js';
export { checkProfile, type CheckProfileResult, type ProfileDataIssue } from './profile/check-profile.js';
export { ProfileValidationError, formatProfileIssue, type ProfileIssue } from './profile/profile-error.js';
export { profileJsonSchema, PROFILE_JSON_SCHEMA_PATH } from './profile/profile-json-schema.js';
export {
  profileSchema,
  llmSchema,
  sliceSchema,
  contextSchema,
  eventsSchema,
  type Profile,
  type LlmSettings,
  type SliceSettings,
  type ContextSettings,
  type EventsSettings,
} from './profile/profile-schema.js';
export { SLICE_MODES, CONTEXT_ELEMENTS, type SliceMode, type ContextElement } from './profile/profile-terms.js';
export {
  RESPONSE_SCHEMA_TYPES,
  RESPONSE_SCHEMA_KEYWORDS,
  RESPONSE_SCHEMA_FORMATS,
  type ResponseSchema,
  type ResponseSchemaType,
} from './profile/response-schema-terms.js';

// Session fixtures (see docs/fixtures.md)
export { parseSession, safeParseSession, type ParseSessionOptions, type SafeParseSessionResult } from './session/parse-session.js';
export { loadSession } from './session/load-session.js';
export { decodeUtf8, readUtf8File, NotUtf8Error } from './session/read-utf8-file.js';
export { parseFixtureText, type FixtureText, type FixtureTextResult, type FixtureLayout } from './session/fixture-text.js';
export { SessionFixtureError, type SessionIssue } from './session/session-error.js';
export { BUILT_IN_EVENT_TYPES, EVENT_TYPES, isBuiltInEventType, type BuiltInEventType, type EventType } from './session/event-types.js';
export { eventKey } from './session/event-key.js';
export {
  sessionFixtureSchema,
  sessionEventSchema,
  sessionUserSchema,
  sessionOrgSchema,
  sessionLocationSchema,
  sessionDeviceSchema,
  type Session,
  type SessionEvent,
  type FixtureEvent,
  type SessionFixture,
  type SessionUser,
  type SessionOrg,
  type SessionLocation,
  type SessionDevice,
} from './session/session-schema.js';

// Pipeline (see docs/pipeline.md): pure functions
export { filterEvents } from './pipeline/filter-events.js';
export { sliceEvents, type SliceResult } from './pipeline/slice-events.js';
export { sliceWindow, inWindow, type SliceWindow } from './pipeline/slice-window.js';
export { assembleContext, includedElements, type AssembledContext, type SessionContext } from './pipeline/assemble-context.js';
export { composePrompt, renderPrompt, renderSessionBlock, type RenderPromptInput, type RenderedPrompt } from './pipeline/render-prompt.js';
export { EventLineCache } from './pipeline/event-line-cache.js';
export { explainEvents, type EventExplanation, type EventFate } from './pipeline/explain-events.js';
export { selectEvents, keyFilter, type SelectResult } from './pipeline/select-events.js';
export { prepare, sameSelection, type PreparedRequest, type PreviousPreparation, type GenerationSettings, type TokenCount } from './pipeline/prepare.js';
export { PrepareInputError } from './pipeline/check-prepare-inputs.js';
export { toPreparedJson, type PreparedJson, type PreparedJsonEvent, type PreparedJsonOptions } from './pipeline/prepared-json.js';
export { estimateTokens } from './pipeline/estimate-tokens.js';
export type { IndexedEvent } from './pipeline/indexed-event.js';

// Response schemas (see docs/profiles.md#response-schemas-and-results)
export { normalizeResponseSchema, type NormalizeResponseSchemaResult, type ResponseSchemaIssue } from './response-schema/normalize-response-schema.js';
export { toJsonSchema, type JsonSchema, type ToJsonSchemaOptions } from './response-schema/to-json-schema.js';
export { validateResponse, formatResponseIssues, type ValidateResponseResult, type ResponseValidationIssue } from './response-schema/validate-response.js';
export { parseAnswer, type ParseAnswerResult } from './response-schema/parse-answer.js';

// Models (see docs/models.md)
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
export { createModel, resolveProvider, type ModelSettings, type Environment } from './models/create-model.js';
export { createGeminiModel, DEFAULT_GEMINI_MODEL, type GeminiModelOptions } from './models/gemini/create-gemini-model.js';
export { createOpenAiModel, DEFAULT_OPENAI_MODEL, type OpenAiModelOptions } from './models/openai-compatible/create-openai-model.js';
export { createExtractiveModel, EXTRACTIVE_MODEL } from './models/extractive/create-extractive-model.js';
export { createReplayModel, type ReplayModelOptions } from './models/replay/create-replay-model.js';
export {
  cassetteKey,
  readCassette,
  writeCassette,
  cassetteSchema,
  type Cassette,
  type CassetteRequest,
  type CassetteExpectation,
  type RecordCassetteInput,
} from './models/replay/cassette.js';
export { createRetryingFetch, ConnectionLostError, AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES, type RetryOptions, type Fetch } from './models/retrying-fetch.js';
export {
  ModelError,
  ModelUnavailableError,
  UnsupportedRequestError,
  InvalidAnswerError,
  CassetteMissError,
  type ModelErrorOptions,
} from './models/model-errors.js';

// Summaries (see docs/profiles.md#response-schemas-and-results)
export { summarize, modelRequestFor, describeRepair, type SummaryResult, type SummaryOutcome, type SummaryRepair, type SummarizeOptions } from './summarize.js';

// Privacy (see docs/privacy.md)
export {
  parsePrivacyRules,
  compilePrivacyRules,
  privacyRulesSchema,
  PrivacyRulesError,
  type PrivacyRules,
  type PrivacyRulesDocument,
  type PrivacyRulesIssue,
} from './privacy/privacy-rules.js';
export { hasNoRules } from './privacy/has-no-rules.js';
export { redactSession } from './privacy/redact-session.js';
export { echoesOf, type Echoes } from './privacy/echoes.js';
export { redactText, redactUrl, type PrivacyCounts } from './privacy/redact-text.js';
export { PRESET_NAMES, findPresetMatches, isPhonePropertyName, isSecretPropertyName, type PresetName, type PresetMatch } from './privacy/presets.js';
export { compileBlockSelectors, type BlockSelectorMatcher } from './privacy/block-selectors.js';

// Grounding (see docs/grounding.md)
export { groundAnswer, groundingSource, type GroundingSource, type DroppedEvent } from './grounding/ground-answer.js';
export { type GroundingReport, type GroundingFinding, type GroundingVerdict, type FindingKind } from './grounding/grounding-report.js';

// Many sessions (see docs/many-sessions.md)
export { summarizeMany, type ManySessionInput, type SummarizeManyOptions } from './batch/summarize-many.js';
export { createAdaptiveConcurrency, type AdaptiveConcurrency, type AdaptiveConcurrencyOptions } from './batch/adaptive-concurrency.js';
export { isResultLine, type ResultLine, type SessionResultLine, type SessionErrorLine, type LineTokens, type LineErrorCode, type LineRun, type LineRepair } from './batch/result-line.js';
export { readResultsFile, parseResultsText, ResultsFileError, type ResultsFileContent } from './batch/results-file.js';
export { expandSessionPaths, SessionPathError } from './batch/expand-session-paths.js';

// Reports (see docs/many-sessions.md#the-report)
export { buildReport, createReportBuilder, type ReportBuilder, type ReportOptions } from './batch/report/build-report.js';
export { renderReportMarkdown, type MarkdownReportOptions } from './batch/report/render-report-markdown.js';
export { renderReportHtml, type HtmlReportOptions } from './batch/report/render-report-html.js';
export {
  PATTERN_KINDS,
  type PatternKind,
  type Pattern,
  type ReportData,
  type ReportField,
  type SessionRef,
  type ValueCount,
  type HistogramBin,
  type GroundingDistribution,
} from './batch/report/report-data.js';
export { type ReportSetup } from './batch/report/report-setups.js';
export { MODEL_PRICES, modelPrice, estimateCost, type ModelPrice } from './models/prices.js';
