// Errors the API answers with: `{ "code": "<snake_case>", "message": "...", "details"?: [...] }`.

/** One precise problem, by path in the request: `properties.plan.seats`. */
export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'uid_immutable'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused'
  | 'not_ready'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'model_error'
  | 'model_unavailable'
  | 'store_unavailable'
  | 'internal_error';

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  uid_immutable: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  not_ready: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  model_error: 502,
  model_unavailable: 503,
  store_unavailable: 503,
  internal_error: 500,
};

/** An error that becomes an HTTP answer with the error body of docs/server.md. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: readonly ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: { details?: readonly ErrorDetail[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The JSON body. */
  body(): { code: ErrorCode; message: string; details?: readonly ErrorDetail[] } {
    return this.details === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, details: this.details };
  }
}

/** 400 with the problems by path. */
export function invalidRequest(message: string, details?: readonly ErrorDetail[]): ApiError {
  return new ApiError('invalid_request', message, details === undefined ? {} : { details });
}
