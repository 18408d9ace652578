// Why `recap init` wrote nothing. Both are usage errors: the CLI exits 2 with the message.

/** Files (or folders, or symlinks) are where recap init would write: it never overwrites. */
export class InitConflictError extends Error {
  readonly code = 'init_would_overwrite';
  /** Each path in the way, as the user would type it from where they ran the command. */
  readonly files: readonly string[];

  constructor(files: readonly string[]) {
    super(`recap init would overwrite ${files.join(', ')}; nothing was written`);
    this.name = 'InitConflictError';
    this.files = files;
  }
}

/** The folder to initialise exists as something else than a folder. */
export class InitTargetError extends Error {
  readonly code = 'init_target_not_a_folder';
  readonly directory: string;

  constructor(directory: string, reason: string) {
    super(`recap init ${directory}: ${reason}; nothing was written`);
    this.name = 'InitTargetError';
    this.directory = directory;
  }
}
