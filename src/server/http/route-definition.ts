// A route as data: method, path, level, schemas and a handler that returns plain data. The same
// definitions mount the Hono routes and generate /openapi.json.

import type { z } from 'zod';
import type { ServerDependencies } from '../app/server-dependencies.js';
import type { ApiKeyRecord, KeyLevel, OrganisationRecord } from '../store/records.js';
import type { DataCenterStore } from '../store/store.js';

export interface HandlerInput<Body, Query> {
  readonly org: OrganisationRecord;
  readonly key: ApiKeyRecord;
  readonly store: DataCenterStore;
  readonly deps: ServerDependencies;
  readonly body: Body;
  readonly query: Query;
  /** Path parameters, URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
}

export interface HandlerResult {
  readonly status: number;
  /** Sent as JSON; a ReadableStream is sent as it is produced, with the Content-Type of `headers` (not on idempotent routes: a stream cannot be saved). */
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RouteDefinition<Body = unknown, Query = unknown> {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/v2/users/batch/{job_id}`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  /** The lowest key level allowed; null for public routes. */
  readonly level: KeyLevel | null;
  /** A create request: honours Idempotency-Key. */
  readonly idempotent?: boolean;
  /** Default 1 MiB. */
  readonly maxBodyBytes?: number;
  readonly body?: z.ZodType<Body>;
  /** An empty body means `{}` (one-request overrides); otherwise an empty body is a 400. */
  readonly bodyOptional?: boolean;
  /** A batch: the items of this body field are checked one by one when processed (one bad item is one error line). */
  readonly itemsField?: string;
  readonly query?: z.ZodType<Query>;
  readonly response: { readonly status: number; readonly description: string; readonly schema?: z.ZodType };
  /** Error statuses the route can answer, for the documentation. */
  readonly errors: readonly number[];
  handle(input: HandlerInput<Body, Query>): Promise<HandlerResult>;
}

/** Keeps the body and query types of a definition checked against its handler. */
export function defineRoute<Body = undefined, Query = undefined>(definition: RouteDefinition<Body, Query>): RouteDefinition<Body, Query> {
  return definition;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
