// The process edges a command touches, passed in so commands run in tests without a process.

import { printable } from '../session/printable.js';

export interface CliIo {
  readonly stdout: { write(text: string): unknown; isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
  readonly stdin?: NodeJS.ReadStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/** The real process. Its stdin is read only when a command asks (opening it loads a stream stack). */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

/**
 * `io` whose stderr shows control and bidi characters as `\u` escapes: for a command whose
 * warnings and errors quote what it read (session ids of a results file, ids a model's answer
 * cites), which must not retitle or recolour the terminal.
 */
export function withPrintableStderr(io: CliIo): CliIo {
  const stderr = io.stderr;
  return {
    stdout: io.stdout,
    stderr: { write: (text: string) => stderr.write(printable(text)), isTTY: stderr.isTTY },
    get stdin() {
      return io.stdin;
    },
    env: io.env,
    cwd: io.cwd,
  };
}
