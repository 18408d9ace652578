// A migration that failed: which one, on which database kind, and the database's own error.

export class StoreMigrationError extends Error {
  readonly code = 'migration_failed';
  readonly version: number;
  readonly migration: string;

  constructor(kind: 'sqlite' | 'postgres', version: number, migration: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`the ${kind} migration ${version} (${migration}) failed and was rolled back: ${reason}`, { cause });
    this.name = 'StoreMigrationError';
    this.version = version;
    this.migration = migration;
  }
}
