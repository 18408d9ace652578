// DELETE /v2/users/{id}: deleting a user and everything stored about it, as a job (see
// docs/privacy.md), and the job's status. The job runs on any instance, in bounded steps that
// each commit, and resumes after a crash where it stopped.

import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineRoute, type RouteDefinition } from '../http/route-definition.js';
import type { JobRecord } from '../store/records.js';
import { findLogicalUser } from '../users/find-logical-user.js';
import { jobSchema } from './schemas.js';

const jobView = (job: JobRecord) => ({ id: job.id, status: job.status, created: job.created, finished: job.finished });

export function userDeletionRoutes(): RouteDefinition<unknown, unknown>[] {
  const remove = defineRoute({
    method: 'delete',
    path: '/v2/users/{id}',
    summary: 'Delete a user and everything stored about it',
    tag: 'users',
    level: 'architect',
    response: { status: 202, description: 'The deletion job, processing; read its status with GET /v2/users/deletions/{job_id}', schema: z.object({ job: jobSchema }) },
    errors: [401, 403, 404],
    async handle({ store, org, deps, params }) {
      const id = params.id ?? '';
      const user = await findLogicalUser(store, org.id, id);
      if (user === undefined) throw new ApiError('not_found', `no user ${id}`);
      const now = deps.clock().toISOString();
      const job: JobRecord = { orgId: org.id, id: `j-${deps.newId()}`, kind: 'user_deletion', status: 'PROCESSING', created: now, finished: null, total: 1, cursor: 0, imports: 0, errors: 0 };
      // Stored before 202 is answered: an acknowledged deletion survives a crash.
      await store.transaction((writer) => writer.createJob(job, [{ user_id: user.id }]));
      deps.jobs.enqueue(org.dataCenter, job);
      return { status: 202, body: { job: { id: job.id, status: job.status, created: job.created } } };
    },
  });
  const status = defineRoute({
    method: 'get',
    path: '/v2/users/deletions/{job_id}',
    summary: 'Status of a user deletion',
    tag: 'users',
    level: 'architect',
    response: { status: 200, description: 'The deletion job (PROCESSING until nothing of the user is left, then COMPLETED) and the events deleted so far', schema: z.object({ job: jobSchema, events_deleted: z.number() }) },
    errors: [401, 403, 404],
    async handle({ store, org, params }) {
      const job = await store.findJob(org.id, params.job_id ?? '');
      if (job === undefined || job.kind !== 'user_deletion') throw new ApiError('not_found', `no user deletion ${params.job_id ?? ''}`);
      const [item] = await store.readJobItems(job.id, 0, 1);
      const eventsDeleted = (item as { events_deleted?: number } | undefined)?.events_deleted ?? 0;
      return { status: 200, body: { job: jobView(job), events_deleted: eventsDeleted } };
    },
  });
  return [remove, status] as RouteDefinition<unknown, unknown>[];
}
