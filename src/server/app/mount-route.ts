// Mounts a route definition on Hono: authentication and level, body limit, Idempotency-Key,
// parsing and validation, then the handler.

import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authenticate } from '../auth/authenticate.js';
import { levelAtLeast } from '../auth/levels.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { checkParameters, decodeBody, parseBody, parseQuery } from '../http/parse-request.js';
import { DEFAULT_MAX_BODY_BYTES, type HandlerResult, type RouteDefinition } from '../http/route-definition.js';
import { requestFingerprint, runIdempotently } from '../idempotency/run-idempotently.js';
import type { AppEnv } from './app-env.js';
import type { ServerDependencies } from './server-dependencies.js';

/** `/v2/users/batch/{job_id}` → `/v2/users/batch/:job_id` */
export const honoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Hono hands path and query parameters over decoded once, as the spec's "URL-encoded" ids are
 * sent (a session id with `%` in it arrives as `%25`). A segment or parameter that is no valid
 * encoding (bytes that are not UTF-8, a lone surrogate's bytes) is a 400 rather than a lookup of
 * its raw text.
 */
function checkUrlEncoding(url: string, routePath: string): void {
  const { pathname, search } = new URL(url);
  const template = routePath.split('/');
  for (const [index, segment] of pathname.split('/').entries()) {
    try {
      decodeURIComponent(segment);
    } catch {
      // Named as the other problems with a path parameter are (`session_id`), by the route's template.
      const name = /^\{(\w+)\}$/.exec(template[index] ?? '')?.[1] ?? 'path';
      throw invalidRequest(`the path segment ${segment} is not valid URL encoding`, [{ path: name, message: `${segment} is not valid URL encoding (UTF-8 bytes, percent-encoded)` }]);
    }
  }
  for (const pair of search.slice(1).split('&')) {
    const [name = '', value = ''] = pair.split('=', 2);
    try {
      decodeURIComponent(name.replaceAll('+', ' '));
      decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      throw invalidRequest('the query is not valid URL encoding', [{ path: `query.${name}`, message: `${value} is not valid URL encoding (UTF-8 bytes, percent-encoded)` }]);
    }
  }
}

/** Runs an idempotent request, counting what its key did (executed, replayed, 409, 422). */
async function countedIdempotency<Run extends { readonly replayed: boolean; readonly tookOver: boolean }>(deps: ServerDependencies, run: () => Promise<Run>): Promise<Run> {
  try {
    const outcome = await run();
    deps.metrics.countIdempotency(outcome.replayed ? 'replayed' : 'executed');
    if (outcome.tookOver) deps.metrics.countLeaseTakeover('idempotency_key');
    return outcome;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'idempotency_key_in_use') deps.metrics.countIdempotency('in_use');
    else if (error instanceof ApiError && error.code === 'idempotency_key_reused') deps.metrics.countIdempotency('reused');
    else deps.metrics.countIdempotency('executed');
    throw error;
  }
}

/** Registers `route` on `app`. */
export function mountRoute(app: Hono<AppEnv>, route: RouteDefinition<unknown, unknown>, deps: ServerDependencies): void {
  const path = honoPath(route.path);
  const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError('payload_too_large', `the body is larger than ${maxBytes} bytes, the limit of ${route.method.toUpperCase()} ${route.path}`);
    },
  });
  // Who is asking comes first: a caller without a valid key learns nothing of the route's limits.
  const authorise: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('started', performance.now());
    if (route.level !== null) {
      const caller = await authenticate(c.req.header('authorization'), deps.stores, deps.clock());
      c.set('org', caller.org);
      c.set('key', caller.key);
      c.set('store', caller.store);
      if (!levelAtLeast(caller.key.level, route.level)) {
        throw new ApiError('forbidden', `this key's level (${caller.key.level}) does not allow ${route.method.toUpperCase()} ${route.path}; it needs ${route.level} or higher`);
      }
    }
    await next();
  };
  app.on(route.method.toUpperCase(), path, authorise, limit, async (c) => {
    checkUrlEncoding(c.req.url, route.path);
    const bodyBytes = route.method === 'post' || route.method === 'put' ? new Uint8Array(await c.req.arrayBuffer()) : new Uint8Array();
    // Decoded inside the run: a body that is not UTF-8 is a 400 like any other, saved under its
    // Idempotency-Key.
    const execute = async (): Promise<HandlerResult> => {
      const params = c.req.param() as Record<string, string>;
      checkParameters(params);
      return route.handle({
        org: c.get('org'),
        key: c.get('key'),
        store: c.get('store'),
        deps,
        body: parseBody(decodeBody(bodyBytes), route.body, route.bodyOptional, route.itemsField),
        query: parseQuery(c.req.query(), route.query),
        params,
        signal: c.req.raw.signal,
      });
    };

    const idempotencyKey = route.idempotent === true ? c.req.header('idempotency-key') : undefined;
    let result: HandlerResult;
    let replayed = false;
    if (idempotencyKey === undefined) {
      result = await execute();
    } else {
      ({ result, replayed } = await countedIdempotency(deps, () => runIdempotently(
        {
          store: c.get('store'),
          orgId: c.get('org').id,
          key: idempotencyKey,
          fingerprint: requestFingerprint(route.method, c.req.path, bodyBytes, new URL(c.req.url).searchParams),
          now: deps.clock(),
          token: deps.newId(),
          leaseMs: deps.keyLeaseMs,
          clock: deps.clock,
        },
        execute,
      )));
    }
    const headers: Record<string, string> = { ...result.headers };
    if (replayed) headers['Idempotent-Replayed'] = 'true';
    // A handler that reports its own timings (the model's) gets the whole route's time beside them.
    if (headers['Server-Timing'] !== undefined) headers['Server-Timing'] += `, total;dur=${(performance.now() - c.get('started')).toFixed(2)}`;
    if (result.body instanceof ReadableStream) return c.body(result.body, result.status as 200, headers);
    return c.json(result.body as object, result.status as 200, headers);
  });
}
