// Drops the keys typed at the terminal while another program had it: an editor that does not
// read the terminal (a window of its own: `code --wait`) leaves them there, and the studio would
// otherwise act on them as soon as it reads again (a `q` would quit it).

import { closeSync, constants, openSync, readlinkSync, readSync } from 'node:fs';

/** A terminal stream's file descriptor (process.stdin's is 0). */
const descriptorOf = (stream: NodeJS.ReadStream): number => {
  const { fd } = stream as { fd?: unknown };
  return typeof fd === 'number' ? fd : 0;
};

/**
 * The device of the terminal `stdin` reads: its /dev/pts path where /proc tells it (Linux), else
 * the process's controlling terminal, which is the one the studio was started in.
 */
function terminalPath(stdin: NodeJS.ReadStream): string {
  try {
    const device = readlinkSync(`/proc/self/fd/${descriptorOf(stdin)}`);
    if (device.startsWith('/dev/')) return device;
  } catch {
    // No /proc here.
  }
  return '/dev/tty';
}

/** Reads and drops whatever input is waiting on `stdin`'s terminal, without waiting for more. */
export function discardPendingInput(stdin: NodeJS.ReadStream): void {
  if (!stdin.isTTY) return;
  let terminal: number;
  try {
    // A descriptor of its own that does not block: stdin's may, and must stay as it is.
    terminal = openSync(terminalPath(stdin), constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch {
    // No terminal to open (none at all on Windows): nothing to drop there.
    return;
  }
  const wasRaw = stdin.isRaw;
  try {
    // Keys typed without an Enter wait in the terminal's line editor, out of reach until raw mode.
    if (!wasRaw) stdin.setRawMode(true);
    const buffer = Buffer.alloc(4096);
    for (;;) {
      let read: number;
      try {
        read = readSync(terminal, buffer);
      } catch {
        // EAGAIN: nothing more is waiting.
        break;
      }
      if (read === 0) break;
    }
  } finally {
    if (!wasRaw) stdin.setRawMode(false);
    closeSync(terminal);
  }
  // And what node had already read from the terminal but not handed on.
  while (stdin.readableLength > 0 && stdin.read() !== null);
}
