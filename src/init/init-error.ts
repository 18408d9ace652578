// Why `recap init` wrote nothing. Both are usage errors: the CLI exits 2 with the message.

/** Files (or folders, or symlinks) are where recap init would write: it never overwrites. */
export class InitConflictError extends Error {
  readonly code = 'init_would_overwrite';
  /** Each path in the way, as the user would type it from where they ran the command. */
  readonly files: readonly string[];

  /** `marker`: the marker of an earlier recap init that was stopped part way, as the user would type it. */
  constructor(files: readonly string[], marker?: string) {
    super(
      `recap init would overwrite ${files.join(', ')}; nothing was written` +
        (marker === undefined
          ? ''
          : `\nhint: an earlier recap init here was stopped part way (${marker}); the files it wrote are finished by running it again, but these differ from what it writes: move them away, then run recap init again`),
    );
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

/**
 * A file could not be written (a full disk, no permission). It names the file; what recap init had
 * written is removed. It keeps the system error's `syscall` and `errno`, so the CLI reports it as
 * the file-system failure it is (exit 2).
 */
export class InitWriteError extends Error {
  readonly code = 'init_write_failed';
  /** The file, as the user would type it from where they ran the command. */
  readonly file: string;
  readonly syscall: string | undefined;
  readonly errno: number | undefined;

  constructor(file: string, cause: NodeJS.ErrnoException) {
    super(`${file}: ${cause.message}; nothing was written`, { cause });
    this.name = 'InitWriteError';
    this.file = file;
    this.syscall = cause.syscall;
    this.errno = cause.errno;
  }
}
