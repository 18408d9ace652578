// Exit codes shared by every command (docs/cli.md).

export const EXIT_OK = 0;
/** A failed check, test or summary. */
export const EXIT_FAILED = 1;
/** A usage or configuration error. */
export const EXIT_USAGE = 2;
