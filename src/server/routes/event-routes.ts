// POST /v2/events: one server event.

import { defineRoute } from '../http/route-definition.js';
import { consumeQuota } from '../events/server-event-quota.js';
import { recordEvents } from '../events/record-events.js';
import { retentionCutoff } from '../users/limits.js';
import { eventRequestSchema, eventViewSchema } from './schemas.js';
import { commitAnswer } from '../idempotency/commit-answer.js';

export const createEventRoute = defineRoute({
  method: 'post',
  path: '/v2/events',
  summary: 'Create one event',
  tag: 'events',
  level: 'standard',
  idempotent: true,
  body: eventRequestSchema,
  response: { status: 200, description: 'The event as recorded', schema: eventViewSchema },
  errors: [400, 401, 403, 413, 422, 429],
  async handle({ store, org, deps, body }) {
    const now = deps.clock();
    return commitAnswer(store, async (writer) => {
      const [outcome] = await recordEvents(writer, [body], { orgId: org.id, now, newId: deps.newId, retentionCutoff: retentionCutoff(now, deps.retentionDays) }, { validated: true });
      if (outcome === undefined) throw new Error('no outcome for the event');
      if (!outcome.ok) throw outcome.error;
      // In the same transaction: a 429 leaves no event behind.
      await consumeQuota(writer, org, 1, now);
      return { status: 200, body: outcome.view };
    });
  },
});
