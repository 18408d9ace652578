// The typed error for a recording that cannot be imported at all.

/** Why an import failed: the file could not be read, was not JSON, or was not an rrweb recording. */
export type RrwebImportFailure = 'unreadable' | 'invalid_json' | 'not_a_recording' | 'invalid_fixture' | 'write_failed';

/** A recording could not be turned into a fixture. The message names the file and the position. */
export class RrwebImportError extends Error {
  readonly code = 'rrweb_import_failed';
  readonly reason: RrwebImportFailure;
  readonly file: string;

  constructor(reason: RrwebImportFailure, file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.name = 'RrwebImportError';
    this.reason = reason;
    this.file = file;
  }
}
