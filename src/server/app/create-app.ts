// The HTTP app: every route of the server API (spec + docs/server.md), built from its dependencies.

import { Hono } from 'hono';
import { redactInternals } from '../http/redact-internals.js';
import type { RouteDefinition } from '../http/route-definition.js';
import { openApiDocument } from '../http/openapi-document.js';
import { toApiError } from '../http/to-api-error.js';
import { apiRoutes } from '../routes/api-routes.js';
import type { AppEnv } from './app-env.js';
import { mountRoute } from './mount-route.js';
import type { ServerDependencies } from './server-dependencies.js';

/**
 * The path as logged: a uid in it (`/users/v1/individual/{uid}/customvars`) is the client's own
 * name for a person, often an email, so it is written `[uid]`; the ids the server made stay, to
 * follow a job or a session through the log.
 */
function loggedPath(path: string, routePath: string): string {
  const template = routePath.split('/');
  if (!template.includes(':uid')) return path;
  return path
    .split('/')
    .map((segment, index) => (template[index] === ':uid' ? '[uid]' : segment))
    .join('/');
}

/** Builds the Hono app. The routes are `apiRoutes()` unless others are given (tests). */
export function createApp(deps: ServerDependencies, routes: readonly RouteDefinition<unknown, unknown>[] = apiRoutes()): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // The route's pattern (`/v2/users/batch/:job_id`), never the ids in the path.
    const route = c.req.routePath === '/*' ? 'unmatched' : c.req.routePath;
    deps.metrics.observeRequest(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    const org = c.get('org') as { id: string } | undefined;
    deps.logger({
      time: deps.clock().toISOString(),
      method: c.req.method,
      path: loggedPath(c.req.path, c.req.routePath),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      org: org?.id ?? null,
    });
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // Readiness, not liveness: 503 while a store cannot serve (database unreachable, migrations
  // pending) or the server is stopping, so that a load balancer sends requests elsewhere.
  app.get('/readyz', async (c) => {
    if (deps.lifecycle.draining) return c.json({ status: 'not_ready', reasons: ['the server is stopping'] }, 503);
    const checks = await Promise.all(
      Object.entries(deps.stores).map(async ([dataCenter, store]) => {
        const check = await store.checkReady().catch(() => ({ ready: false as const, reason: 'the store could not be checked' }));
        return check.ready ? undefined : `${dataCenter}: ${redactInternals(check.reason)}`;
      }),
    );
    const reasons = checks.filter((reason): reason is string => reason !== undefined);
    return reasons.length === 0 ? c.json({ status: 'ready' }) : c.json({ status: 'not_ready', reasons }, 503);
  });
  app.get('/metrics', async (c) => c.text(await deps.metrics.registry.metrics(), 200, { 'Content-Type': deps.metrics.registry.contentType }));
  const document = openApiDocument(routes);
  app.get('/openapi.json', (c) => c.json(document));
  for (const route of routes) mountRoute(app, route, deps);

  app.notFound((c) => c.json({ code: 'not_found', message: `no route ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    const answer = toApiError(error);
    if (answer !== undefined) return c.json(answer.body(), answer.status as 400, { ...answer.headers });
    deps.logger({ time: deps.clock().toISOString(), level: 'error', message: redactInternals(error instanceof Error ? `${error.name}: ${error.message}` : String(error)) });
    return c.json({ code: 'internal_error', message: 'internal error' }, 500);
  });
  return app;
}
