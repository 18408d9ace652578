// Every route of the server API, in the order /openapi.json lists them.

import type { RouteDefinition } from '../http/route-definition.js';
import { eventBatchRoutes, userBatchRoutes } from './batch-routes.js';
import { createEventRoute } from './event-routes.js';
import { meRoute } from './me-routes.js';
import { profileRoutes } from './profile-routes.js';
import { sessionRoutes } from './session-routes.js';
import { settingsRoutes } from './settings-routes.js';
import { userDeletionRoutes } from './user-deletion-routes.js';
import { exportUserRoute } from './user-export-route.js';
import { readUserRoute, upsertUserRoute } from './user-routes.js';
import { v1CustomVarsRoute } from './user-v1-routes.js';
import { operationRoutes } from './operation-routes.js';
import { summaryBatchRoutes } from './summary-batch-routes.js';
import { exportRoutes } from './export-routes.js';

export function apiRoutes(): RouteDefinition<unknown, unknown>[] {
  return [
    meRoute,
    upsertUserRoute,
    readUserRoute,
    exportUserRoute,
    ...userDeletionRoutes(),
    ...userBatchRoutes(),
    createEventRoute,
    ...eventBatchRoutes(),
    v1CustomVarsRoute,
    ...profileRoutes(),
    ...sessionRoutes(),
    ...settingsRoutes(),
    ...operationRoutes(),
    ...summaryBatchRoutes(),
    ...exportRoutes(),
  ] as RouteDefinition<unknown, unknown>[];
}
