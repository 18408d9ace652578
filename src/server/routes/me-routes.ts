// GET /me: which organisation, role and data center a key has.

import { z } from 'zod';
import { ROLE } from '../auth/levels.js';
import { defineRoute } from '../http/route-definition.js';

export const meRoute = defineRoute({
  method: 'get',
  path: '/me',
  summary: 'Test a key',
  tag: 'keys',
  level: 'standard',
  response: {
    status: 200,
    description: 'The key',
    schema: z.object({ role: z.enum(['USER', 'ARCHITECT', 'ADMIN']), name: z.string(), data_center: z.enum(['na1', 'eu1']) }),
  },
  errors: [401],
  async handle({ key, org }) {
    return { status: 200, body: { role: ROLE[key.level], name: key.name, data_center: org.dataCenter } };
  },
});
