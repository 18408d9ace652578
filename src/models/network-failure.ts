// What a failed fetch says about the connection: refused or unresolvable (the endpoint cannot be
// reached, and trying again at once would not change that), or lost on the way (a reset, a socket
// the other side closed: worth another attempt, as a 5xx answer is).

/** Codes of a connection that was made and then lost, before or while the answer came. */
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** How each code reads in a message; kept free of the words "time out", which the OpenAI SDK takes for its own deadline. */
const PHRASES: Readonly<Record<string, string>> = {
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while the request was sent',
  ECONNABORTED: 'the connection was aborted',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_HEADERS_TIMEOUT: 'the answer did not start in the allowed time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped coming',
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name is not known',
  EAI_AGAIN: 'the host name could not be looked up',
};

/** The errors a failed fetch carries, outermost first (`cause` chains, an AggregateError's errors). */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    found.push(current);
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) found.push(...(errors as unknown[]));
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** The system or undici code of a failed fetch (`ECONNREFUSED`, `UND_ERR_SOCKET`), when it has one. */
export function networkErrorCode(error: unknown): string | undefined {
  for (const link of chain(error)) {
    const code = (link as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /^(E[A-Z0-9_]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
  }
  return undefined;
}

/** True when the connection was made and then lost: a reset, a socket closed mid-request or mid-answer. */
export function isLostConnection(error: unknown): boolean {
  const code = networkErrorCode(error);
  if (code !== undefined) return LOST_CODES.has(code);
  // undici's "terminated": the answer's body broke off.
  return error instanceof TypeError && error.message === 'terminated';
}

/** True when fetch failed for the network (undici's "fetch failed", or an error with a system code), not for a bad request or an abort. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) return false;
  return networkErrorCode(error) !== undefined || (error instanceof TypeError && (error.message === 'fetch failed' || error.message === 'terminated'));
}

/** The failure in words: a known code's phrase, else the deepest message (undici says "fetch failed" and puts the reason in `cause`). */
export function describeNetworkFailure(error: unknown): string {
  const code = networkErrorCode(error);
  if (code !== undefined && PHRASES[code] !== undefined) return `${PHRASES[code]} (${code})`;
  const messages = chain(error).flatMap((link) => (link instanceof Error && link.message !== '' ? [link.message] : []));
  return messages.at(-1) ?? code ?? String(error);
}
