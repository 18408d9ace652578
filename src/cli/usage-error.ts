// A usage or configuration error: the command exits 2 with the message on stderr.

export class UsageError extends Error {
  readonly code = 'usage_error';

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
