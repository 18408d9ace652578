// Why a file could not be read, in words for an error message that already names the file.

/** `file not found`, `is a directory, not a file`, `permission denied`, or the system's message. */
export function readFailure(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'file not found';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ERR_NOT_UTF8':
      return (error as Error).message;
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return (error as Error).message;
  }
}
