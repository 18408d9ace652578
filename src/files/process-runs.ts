// Whether a process runs on this machine under a pid: how recap tells a file a killed run left
// (a lock, a temporary file) from one that a running run is still writing.

/** True when a process of this host runs under `pid` (also one of another user's). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
