// The context a prepared request showed, as an answer is checked against it: the context elements
// it included, the session block's id (`<session id="…">`) and the prompt's own words outside the
// session block (its instructions, `… cite events as #index.`): an answer that quotes them quotes
// the prompt, not the session, and invents nothing.

import type { PreparedRequest } from '../pipeline/prepare.js';

/** The context each prepared request showed, with its session's id and prompt: one object per request, whose facts the checker keeps. */
const shownContexts = new WeakMap<PreparedRequest['context'], { readonly sessionId: string; readonly prompt: string; readonly context: Readonly<Record<string, unknown>> }>();

/** The words of `prepared`'s prompt before and after its session block, its lines joined. */
function instructionsOf(prepared: PreparedRequest): string {
  const { prompt, sessionBlock, sessionBlockStart } = prepared;
  if (sessionBlockStart < 0 || prompt.slice(sessionBlockStart, sessionBlockStart + sessionBlock.length) !== sessionBlock) return '';
  // The prompt wraps its lines: read as one text.
  return `${prompt.slice(0, sessionBlockStart)} ${prompt.slice(sessionBlockStart + sessionBlock.length)}`.replace(/\s+/g, ' ').trim();
}

/**
 * The context elements a prepared request showed, the session block's id (an answer that quotes
 * the id quotes the prompt) and, as `instructions`, the prompt's words outside the session block.
 * The same object for every answer about the request (and about a request prepared on it, which
 * shares its context and prompt), so that the facts of the context are made once (see indexed-checker.ts).
 */
export function shownContext(prepared: PreparedRequest): Readonly<Record<string, unknown>> {
  const known = shownContexts.get(prepared.context);
  if (known !== undefined && known.sessionId === prepared.sessionId && known.prompt === prepared.prompt) return known.context;
  const instructions = instructionsOf(prepared);
  const context: Readonly<Record<string, unknown>> = { ...(prepared.context.included as Readonly<Record<string, unknown>>), session: { id: prepared.sessionId }, ...(instructions === '' ? {} : { instructions }) };
  shownContexts.set(prepared.context, { sessionId: prepared.sessionId, prompt: prepared.prompt, context });
  return context;
}
