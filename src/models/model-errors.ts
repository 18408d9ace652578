// Typed model failures. Each has a `code` the CLI and the server map to exit codes and statuses.

import type { Provider } from './summary-model.js';

/**
 * The context every {@link ModelError} carries.
 *
 * @category Models
 */
export interface ModelErrorOptions {
  /** The provider whose model failed: one of {@link PROVIDERS}, or a model of your own's name. */
  readonly provider: Provider | (string & {});
  /** The HTTP status the vendor answered, when there was one. */
  readonly status?: number | undefined;
  /** The underlying error, kept as the error's `cause`. */
  readonly cause?: unknown;
  /** The vendor's error code or type, when it sent one: `INVALID_ARGUMENT`, `context_length_exceeded`. */
  readonly vendorCode?: string | undefined;
  /**
   * The message without the vendor's own words, when it quotes them (default: the message). See
   * {@link ModelError.withoutVendorText}.
   */
  readonly withoutVendorText?: string | undefined;
  /** See {@link ModelError.refusedWaitMs}. */
  readonly refusedWaitMs?: number | undefined;
}

/**
 * The model failed: the vendor answered with an error, or the call broke. The base class of every
 * model failure; `code` tells them apart.
 *
 * @category Models
 */
export class ModelError extends Error {
  /** `model_error`, or the subclass's code. */
  readonly code: string = 'model_error';
  /** The provider whose model failed: one of {@link PROVIDERS}, or a model of your own's name. */
  readonly provider: Provider | (string & {});
  /** The HTTP status the vendor answered, when there was one. */
  readonly status: number | undefined;
  /** The vendor's error code or type, when it sent one: `INVALID_ARGUMENT`, `context_length_exceeded`. */
  readonly vendorCode: string | undefined;
  /**
   * The message without the vendor's own words (its error message, a refusal, a block or finish
   * message), which can quote the request and so the session: status, vendor code, provider and
   * model stay. `recap serve` answers its clients with this; the CLI, whose user owns the key and
   * the session, shows `message`.
   */
  readonly withoutVendorText: string;
  /**
   * The wait in ms the vendor asked for before another request (`Retry-After`, Gemini's
   * `RetryInfo`), when it was longer than the retrying fetch waits, so the call was not retried:
   * another request sooner meets the same answer. Undefined otherwise.
   */
  readonly refusedWaitMs: number | undefined;

  constructor(message: string, options: ModelErrorOptions) {
    super(message, { cause: options.cause });
    this.name = 'ModelError';
    this.provider = options.provider;
    this.status = options.status;
    this.vendorCode = options.vendorCode;
    this.withoutVendorText = options.withoutVendorText ?? message;
    this.refusedWaitMs = options.refusedWaitMs;
  }
}

/**
 * The model cannot be used at all: no key, no endpoint, or the vendor is unreachable.
 *
 * @category Models
 */
export class ModelUnavailableError extends ModelError {
  override readonly code = 'model_unavailable';

  constructor(message: string, options: ModelErrorOptions) {
    super(message, options);
    this.name = 'ModelUnavailableError';
  }
}

/**
 * The model refuses this kind of request, e.g. the extractive summariser and a response schema.
 *
 * @category Models
 */
export class UnsupportedRequestError extends ModelError {
  override readonly code = 'unsupported_request';

  constructor(message: string, options: ModelErrorOptions) {
    super(message, options);
    this.name = 'UnsupportedRequestError';
  }
}

/**
 * The model's answer did not fit the response schema, even after the repair retry.
 *
 * @category Models
 */
export class InvalidAnswerError extends ModelError {
  override readonly code = 'invalid_answer';
  /** The last answer, verbatim. */
  readonly rawText: string;
  /** What was wrong with it, by path in the answer. */
  readonly problems: readonly { readonly path: string; readonly message: string }[];

  constructor(
    message: string,
    options: ModelErrorOptions & { rawText: string; problems: readonly { path: string; message: string }[] },
  ) {
    super(message, options);
    this.name = 'InvalidAnswerError';
    this.rawText = options.rawText;
    this.problems = options.problems;
  }
}

/**
 * The replay model has no cassette for this request.
 *
 * @category Models
 */
export class CassetteMissError extends ModelError {
  override readonly code = 'cassette_miss';
  /** The cassette key that was looked up. */
  readonly key: string;
  /** The file that would hold it. */
  readonly file: string;

  constructor(message: string, options: ModelErrorOptions & { key: string; file: string }) {
    super(message, options);
    this.name = 'CassetteMissError';
    this.key = options.key;
    this.file = options.file;
  }
}
