// /openapi.json: an OpenAPI 3.1 document generated from the route definitions' zod schemas
// (OpenAPI 3.1 schemas are JSON Schema 2020-12, which zod emits natively).

import { z } from 'zod';
import type { RouteDefinition } from './route-definition.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'invalid_request: bad JSON or a bad field; `details` name the paths',
  401: 'unauthorized: missing or unknown key, or a key prefixed with another data center',
  403: 'forbidden: the key level is too low',
  404: 'not_found',
  409: 'uid_immutable, or idempotency_key_in_use',
  413: 'payload_too_large',
  422: 'idempotency_key_reused: same key, another method, path or body',
  429: 'too_many_requests (Retry-After says when to retry)',
  502: 'model_error: the model failed or answered invalidly',
  503: 'model_unavailable (summaries), or store_unavailable: the database cannot be reached (Retry-After says when to retry)',
};

const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

function queryParameters(schema: z.ZodType | undefined): Record<string, unknown>[] {
  if (schema === undefined) return [];
  const converted = jsonSchema(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: converted.required?.includes(name) ?? false,
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/** The whole document; every route appears once, with its level, body, query and answers. */
export function openApiDocument(routes: readonly RouteDefinition<unknown, unknown>[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: 'URL-encoded',
    }));
    const responses: Record<string, unknown> = {
      [route.response.status]: {
        description: route.response.description,
        ...(route.response.schema === undefined ? {} : { content: { 'application/json': { schema: jsonSchema(route.response.schema, 'output') } } }),
      },
    };
    // A create route honours Idempotency-Key: 409 while the first request runs, 422 for another
    // request. A route with a key reads the store, which may be unreachable: 503.
    const statuses = new Set([...route.errors, ...(route.idempotent === true ? [409, 422] : []), ...(route.level === null ? [] : [503])]);
    for (const status of [...statuses].sort((a, b) => a - b)) {
      responses[status] = { description: STATUS_TEXT[status] ?? 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    const headerParameters = route.idempotent === true ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }] : [];
    (paths[route.path] ??= {})[route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.level === null ? { security: [] } : { description: `Key level: ${route.level} or higher.` }),
      parameters: [...pathParameters, ...queryParameters(route.query), ...headerParameters],
      ...(route.body === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }),
      responses,
    };
  }
  paths['/healthz'] = { get: { summary: 'Liveness', tags: ['service'], security: [], responses: { 200: { description: 'ok' } } } };
  paths['/openapi.json'] = { get: { summary: 'This document', tags: ['service'], security: [], responses: { 200: { description: 'OpenAPI 3.1' } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'recap server API', version: '2', description: 'Users, events, batches, profiles, sessions and AI session summaries.' },
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'basic', description: 'Authorization: Basic <key>, key `<data center>.<token>`' } },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
    },
    security: [{ apiKey: [] }],
    paths,
  };
}
