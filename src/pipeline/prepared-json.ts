// The stable JSON form of a prepared request: `recap run --dry-run --json` (see docs/cli.md).

import type { ResponseSchema } from '../profile/response-schema-terms.js';
import type { SessionContext } from './assemble-context.js';
import type { PreparedRequest, TokenCount } from './prepare.js';

/**
 * One kept event in the JSON output. `name` is the custom event's name, else null.
 *
 * @category Pipeline
 */
export interface PreparedJsonEvent {
  /** The event's index in the session. */
  index: number;
  type: string;
  name: string | null;
  /** The event's timestamp as the fixture writes it. */
  timestamp: string;
}

/**
 * The object `recap run --dry-run --json` prints (see docs/cli.md); its field names are a stable
 * contract.
 *
 * @category Pipeline
 */
export interface PreparedJson {
  session_id: string;
  prompt: string;
  events: { total: number; kept: PreparedJsonEvent[] };
  context: SessionContext;
  generation: { model: string | null; temperature: number | null; response_schema: ResponseSchema | null };
  tokens: TokenCount;
  /** With privacy rules: replacements by rule. */
  privacy?: Record<string, number>;
}

/**
 * Options of {@link toPreparedJson}.
 *
 * @category Pipeline
 */
export interface PreparedJsonOptions {
  /** The model that will answer (flag, profile or provider default); the profile's otherwise. */
  readonly model?: string | undefined;
  /** A vendor token count, replacing the estimate. */
  readonly tokens?: TokenCount | undefined;
}

/**
 * The `recap run --dry-run --json` object for a prepared request (see docs/cli.md): included
 * context only, kept events only; absent settings are null.
 *
 * @category Pipeline
 */
export function toPreparedJson(prepared: PreparedRequest, options: PreparedJsonOptions = {}): PreparedJson {
  return {
    session_id: prepared.sessionId,
    prompt: prepared.prompt,
    events: {
      total: prepared.events.total,
      kept: prepared.events.kept.map(({ index, event }) => ({
        index,
        type: event.type,
        name: event.type === 'custom' ? (event.name ?? null) : null,
        timestamp: event.timestamp,
      })),
    },
    context: prepared.context.included,
    generation: {
      model: options.model ?? prepared.generation.model ?? null,
      temperature: prepared.generation.temperature ?? null,
      response_schema: prepared.generation.responseSchema ?? null,
    },
    tokens: options.tokens ?? prepared.tokens,
    ...(prepared.privacy === undefined ? {} : { privacy: { ...prepared.privacy } }),
  };
}
