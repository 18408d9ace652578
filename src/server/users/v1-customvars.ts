// Version 1 user update: `{ "displayName", "email", "<name>_<type suffix>": value, ... }`. The
// suffix is the declared type and is dropped from the name (`plan_str` → property `plan`, str).

import { describeIssue } from '../../session/describe-issue.js';
import { ApiError, invalidRequest, type ErrorDetail } from '../http/api-error.js';
import { displayNameSchema, emailSchema } from '../routes/schemas.js';
import type { JsonValue } from '../store/records.js';
import { V1_SUFFIXES, type PropertyType } from './property-types.js';
import type { UserRequest } from './upsert-user.js';

const SUFFIX = new RegExp(`^(.+?)(${Object.keys(V1_SUFFIXES).sort((a, b) => b.length - a.length).join('|')})$`);

export interface V1Update {
  readonly request: UserRequest;
  readonly declarations: ReadonlyMap<string, PropertyType>;
  /** A problem found later, by the v2 path it names (`properties.seats`), named by the field sent (`seats_int`). */
  inV1Terms(error: unknown): unknown;
}

/** Turns a v1 body into a v2 user request with declarations; every problem is a 400 detail. */
export function readV1CustomVars(body: Record<string, unknown>): V1Update {
  const properties: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
  const declarations = new Map<string, PropertyType>();
  const fields = new Map<string, string>();
  const details: ErrorDetail[] = [];
  let displayName: string | null | undefined;
  let email: string | null | undefined;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'displayName' || field === 'email') {
      // The rules of v2's display_name and email: the same user record, the same limits.
      const checked = value === null ? { success: true as const, data: null } : (field === 'email' ? emailSchema : displayNameSchema).safeParse(value, { reportInput: true });
      if (!checked.success) details.push(...checked.error.issues.map((issue) => ({ path: field, message: describeIssue(issue) })));
      else if (field === 'displayName') displayName = checked.data;
      else email = checked.data;
      continue;
    }
    const match = SUFFIX.exec(field);
    if (match === null) {
      details.push({ path: field, message: `v1 custom names need a type suffix: ${Object.keys(V1_SUFFIXES).join(', ')}` });
      continue;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      details.push({ path: field, message: 'v1 values are primitives or lists of primitives' });
      continue;
    }
    const name = match[1] as string;
    properties[name] = value as JsonValue;
    declarations.set(name, V1_SUFFIXES[match[2] as string] as PropertyType);
    fields.set(`properties.${name}`, field);
  }
  if (details.length > 0) throw invalidRequest('invalid v1 custom variables', details);
  const v1Path = (path: string) => fields.get(path) ?? (path === 'display_name' ? 'displayName' : path);
  return {
    request: { display_name: displayName, email, properties },
    declarations,
    inV1Terms: (error) =>
      error instanceof ApiError && error.details !== undefined
        ? new ApiError(error.code, error.message, { details: error.details.map((detail) => ({ ...detail, path: v1Path(detail.path) })), headers: { ...error.headers } })
        : error,
  };
}
