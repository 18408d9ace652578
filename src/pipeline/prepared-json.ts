// The stable JSON form of a prepared request: `recap run --dry-run --json` (DESIGN §7).

import type { ResponseSchema } from '../profile/response-schema-field.js';
import type { SessionContext } from './assemble-context.js';
import type { PreparedRequest, TokenCount } from './prepare.js';

/** One kept event in the JSON output. `name` is the custom event's name, else null. */
export interface PreparedJsonEvent {
  index: number;
  type: string;
  name: string | null;
  timestamp: string;
}

/** The DESIGN §7 object. */
export interface PreparedJson {
  session_id: string;
  prompt: string;
  events: { total: number; kept: PreparedJsonEvent[] };
  context: SessionContext;
  generation: { model: string | null; temperature: number | null; response_schema: ResponseSchema | null };
  tokens: TokenCount;
}

export interface PreparedJsonOptions {
  /** The model that will answer (flag, profile or provider default); the profile's otherwise. */
  readonly model?: string | undefined;
  /** A vendor token count, replacing the estimate. */
  readonly tokens?: TokenCount | undefined;
}

/** The DESIGN §7 JSON object for a prepared request: included context only, kept events only. */
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
  };
}
