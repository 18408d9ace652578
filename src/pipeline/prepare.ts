// The whole pipeline: profile + session → the exact model request, pure and synchronous.

import type { Profile } from '../profile/profile-schema.js';
import type { ResponseSchema } from '../profile/response-schema-terms.js';
import type { PrivacyRules } from '../privacy/privacy-rules.js';
import { flatString } from '../privacy/flat-string.js';
import { privacyProbeFor, type PrivacyProbe } from '../privacy/privacy-probe.js';
import { echoesOf } from '../privacy/echoes.js';
import { createSessionRedactor, redactSession } from '../privacy/redact-session.js';
import { redactText, type PrivacyCounts } from '../privacy/redact-text.js';
import type { Session, SessionEvent } from '../session/session-schema.js';
import { assembleContext, type AssembledContext } from './assemble-context.js';
import { checkPrepareInputs } from './check-prepare-inputs.js';
import { estimateTokens } from './estimate-tokens.js';
import { EventLineCache } from './event-line-cache.js';
import type { IndexedEvent } from './indexed-event.js';
import { composePrompt, renderPrompt, renderPromptRedacting, type RenderedPrompt } from './render-prompt.js';
import { selectEvents } from './select-events.js';
import { sliceWindow, type SliceWindow } from './slice-window.js';

/**
 * What to ask the model for, besides the prompt: the profile's `llm` settings.
 *
 * @category Pipeline
 */
export interface GenerationSettings {
  /** The profile's `llm.model`, when it names one. */
  readonly model?: string | undefined;
  /** The profile's `llm.temperature`, when set. */
  readonly temperature?: number | undefined;
  /** The upper-case response schema, when the profile asks for structured output. */
  readonly responseSchema?: ResponseSchema | undefined;
  /** The profile's `llm.grounding`: `report` when it sets none. */
  readonly grounding: 'off' | 'report' | 'require';
}

/**
 * A token count and how it was obtained.
 *
 * @category Pipeline
 */
export interface TokenCount {
  /** Tokens in the prompt. */
  readonly prompt: number;
  /** `estimate` from {@link estimateTokens}, or `count` from the vendor ({@link SummaryModel.countTokens}). */
  readonly method: 'count' | 'estimate';
}

/**
 * Everything {@link prepare} decides for one profile and one session: the model request before it
 * is sent.
 *
 * @category Pipeline
 */
export interface PreparedRequest {
  /** The session's id. */
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
  /** The included context elements (in the prompt) and the excluded ones (not in it). */
  readonly context: AssembledContext;
  readonly generation: GenerationSettings;
  /** Estimated prompt tokens; a model that can count offers {@link SummaryModel.countTokens}. */
  readonly tokens: TokenCount;
  /** With privacy rules: how many replacements each rule made in what the prompt can show: the kept events and the session's context (`{ email: 3 }`). */
  readonly privacy?: Readonly<Record<string, number>>;
}

/**
 * An earlier {@link prepare} of the same session, which a new one may build on.
 *
 * @category Pipeline
 */
export interface PreviousPreparation {
  /** The profile it was prepared with. */
  readonly profile: Profile;
  /** The very session object, unchanged since. */
  readonly session: Session;
  /** What {@link prepare} returned for them. */
  readonly prepared: PreparedRequest;
}

/**
 * True when two profiles select the same events and context (slice, events and context settings
 * alike): only their prompts or generation settings can differ, and so the session block.
 *
 * @category Pipeline
 */
export function sameSelection(left: Profile, right: Profile): boolean {
  return (
    JSON.stringify(left.slice ?? {}) === JSON.stringify(right.slice ?? {}) &&
    JSON.stringify(left.events ?? {}) === JSON.stringify(right.events ?? {}) &&
    JSON.stringify(left.context ?? {}) === JSON.stringify(right.context ?? {})
  );
}

/** The rules each prepared request was made with: a request is reused only under the same rules. */
const rulesOfPrepared = new WeakMap<PreparedRequest, PrivacyRules>();

/** The privacy rules a request was prepared with, if any (grounding reads the rest of the session under them). */
export function privacyRulesOf(prepared: PreparedRequest): PrivacyRules | undefined {
  return rulesOfPrepared.get(prepared);
}
/**
 * The kept events and the session's context with the rules applied, and what the rules replaced
 * in them: only what the prompt can show is redacted, so that a profile keeping 500 events of a
 * million pays for 500.
 */
function redactSelection(session: Session, kept: readonly IndexedEvent[], rules: PrivacyRules): { session: Session; kept: IndexedEvent[]; counts: ReadonlyMap<string, number> } {
  const shown: Session = { ...session, events: kept.map(({ event }) => event) };
  // A value protected in an event the profile left out is protected where a kept one repeats it.
  const { session: redacted, counts } = redactSession(shown, rules, echoesOf(session, rules));
  return { session: redacted, kept: kept.map(({ index }, position) => ({ index, event: redacted.events[position] as SessionEvent })), counts };
}

/**
 * prepare's selection, redacted and rendered with privacy rules of presets (and block selectors)
 * only: the kept events are written as recorded while the probe watches their texts, and only those
 * it suspects are redacted (and written again). The same prompt, events, context and counts as
 * redactSelection then renderPrompt (a property test holds them equal); a separate pass over
 * every text cost about as much as the render.
 */
function prepareWithProbe(
  profile: Profile,
  recorded: Session,
  selection: { readonly kept: readonly IndexedEvent[]; readonly matched: number; readonly window: SliceWindow },
  privacy: PrivacyRules,
  probe: PrivacyProbe,
): { selected: Pick<PreparedRequest, 'events' | 'context' | 'privacy'>; rendered: RenderedPrompt; sessionId: string } {
  const redactor = createSessionRedactor(privacy, echoesOf(recorded, privacy));
  const context = assembleContext(redactor.header(recorded), profile.context);
  // The id opens the block but is counted after the events, as redactSession counts it.
  const idCounts: PrivacyCounts = new Map();
  const sessionId = flatString(redactText(recorded.id, privacy, idCounts));
  const kept: IndexedEvent[] = [];
  const rendered = renderPromptRedacting(
    { prePrompt: profile.llm?.pre_prompt, postPrompt: profile.llm?.post_prompt, sessionId, context: context.included, events: selection.kept },
    { probe, redactor, kept },
  );
  const counts = redactor.counts;
  for (const [rule, by] of idCounts) counts.set(rule, (counts.get(rule) ?? 0) + by);
  return {
    selected: { events: { total: recorded.events.length, matched: selection.matched, kept, window: selection.window }, context, privacy: Object.fromEntries(counts) },
    rendered,
    sessionId,
  };
}

// Event lines (without offsets) of sessions prepared again and again, while the session lives.
const lineCaches = new WeakMap<Session, EventLineCache>();

function lineCacheOf(session: Session): EventLineCache {
  let cache = lineCaches.get(session);
  if (cache === undefined) lineCaches.set(session, (cache = new EventLineCache(session.events.length)));
  return cache;
}

/**
 * Turns a profile and a session into the model request: filter by type, slice, assemble the
 * context, render the prompt (see docs/pipeline.md). Pure and synchronous; nothing from a dropped
 * event or an excluded context element reaches the prompt. Its `tokens` are an estimate.
 *
 * With `options.previous`, a preparation of the same session object by a profile that selects
 * the same events and context (see `sameSelection`), the session block is taken from it instead
 * of rendered again: a tool that re-prepares on every edit of the prompts (the studio) then
 * answers at once even for a session of megabytes. When the selection differs but the session
 * object is the same, the event lines rendered for it are remembered (for as long as the session
 * object lives) and copied into later preparations, so a changed filter or slice renders only the
 * lines it had not rendered before. The result is the same either way; when it was built on
 * `previous`, its `events` and `context` are `previous.prepared`'s own objects.
 *
 * @param profile - A validated profile ({@link parseProfile}, {@link loadProfile}).
 * @param recorded - A loaded session ({@link parseSession}, {@link loadSession}).
 * @param options - `previous`: an earlier preparation of the same session object to build on;
 *   `privacy`: rules applied to the kept events and the context before anything is rendered (the
 *   prompt, the context and the kept events all see them redacted; events are selected by what was
 *   recorded, and `privacy` counts what the rules replaced).
 * @throws {@link PrepareInputError} for a session not read with parseSession (events without
 *   `time`), one built in code with events out of time order (checked once per events list, never
 *   for a session parseSession returned), a profile object whose settings are of the wrong kind, or
 *   `privacy` that is a rules document rather than compiled rules; the message names the field.
 * @example
 * ```ts
 * import { loadProfile, loadSession, prepare } from 'recap';
 *
 * const profile = await loadProfile('profiles/plain-summary.yaml');
 * const session = await loadSession('sessions-fixtures/checkout-abandon.json');
 * const prepared = prepare(profile, session);
 * console.log(prepared.prompt);
 * console.log(`${prepared.events.kept.length} of ${prepared.events.total} events, ~${prepared.tokens.prompt} tokens`);
 * ```
 * @category Pipeline
 */
export function prepare(
  profile: Profile,
  recorded: Session,
  options: { readonly previous?: PreviousPreparation | undefined; readonly privacy?: PrivacyRules | undefined } = {},
): PreparedRequest {
  checkPrepareInputs(profile, recorded, options.privacy);
  const previous = options.previous;
  const privacy = options.privacy;
  const reused =
    previous !== undefined && previous.session === recorded && rulesOfPrepared.get(previous.prepared) === privacy && sameSelection(previous.profile, profile) ? previous.prepared : undefined;
  let selected: Pick<PreparedRequest, 'events' | 'context' | 'privacy'>;
  let sessionId = recorded.id;
  let rendered: RenderedPrompt;
  if (reused === undefined) {
    const window = sliceWindow(recorded.events, profile.slice);
    // The same result as sliceEvents(filterEvents(...)) (a property test holds them equal), without
    // visiting events outside the window more than once.
    const selection = selectEvents(recorded.events, window, profile.slice, profile.events);
    const probe = privacy === undefined ? undefined : privacyProbeFor(privacy);
    if (privacy !== undefined && probe !== undefined) {
      ({ selected, rendered, sessionId } = prepareWithProbe(profile, recorded, { ...selection, window }, privacy, probe));
    } else {
      // The rules apply to what was selected before anything is rendered: nothing below sees what
      // they replace.
      const redacted = privacy === undefined ? undefined : redactSelection(recorded, selection.kept, privacy);
      const session = redacted?.session ?? recorded;
      const kept = redacted?.kept ?? selection.kept;
      sessionId = session.id;
      const context = assembleContext(session, profile.context);
      selected = {
        events: { total: recorded.events.length, matched: selection.matched, kept, window },
        context,
        ...(redacted === undefined ? {} : { privacy: Object.fromEntries(redacted.counts) }),
      };
      rendered = renderPrompt({
        prePrompt: profile.llm?.pre_prompt,
        postPrompt: profile.llm?.post_prompt,
        sessionId,
        context: context.included,
        events: kept,
        // Remembering lines costs a first render a little: only once the caller renders again (and
        // only for the session as recorded: redacted lines are not the recorded session's).
        lineCache: previous?.session === recorded && privacy === undefined ? lineCacheOf(recorded) : undefined,
      });
    }
  } else {
    selected = reused;
    sessionId = reused.sessionId;
    rendered = composePrompt(profile.llm?.pre_prompt, reused.sessionBlock, profile.llm?.post_prompt);
  }
  const prepared: PreparedRequest = {
    sessionId,
    prompt: rendered.text,
    sessionBlock: rendered.sessionBlock,
    sessionBlockStart: rendered.sessionBlockStart,
    events: selected.events,
    context: selected.context,
    generation: {
      model: profile.llm?.model,
      temperature: profile.llm?.temperature,
      responseSchema: profile.llm?.response_schema,
      grounding: profile.llm?.grounding ?? 'report',
    },
    tokens: { prompt: estimateTokens(rendered.text), method: 'estimate' },
    ...(selected.privacy === undefined ? {} : { privacy: selected.privacy }),
  };
  if (privacy !== undefined) rulesOfPrepared.set(prepared, privacy);
  return prepared;
}
