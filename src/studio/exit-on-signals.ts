// A signal (`kill`, a closed terminal) ends the studio as `q` does, the terminal given back as it
// was: node runs no 'exit' handler when a signal ends it, so without these the terminal would stay
// on the alternate screen. The exit code is the one a shell gives a process that signal ended.

import { constants } from 'node:os';

/** The signals the studio ends on: the ones `kill`, a closed terminal and a Ctrl+C outside raw mode send. */
export const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;

/** The part of `process` this needs (tests hand in their own). */
export interface SignalTarget {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
  exit(code: number): void;
}

/** 128 + the signal's number: 143 for SIGTERM, 129 for SIGHUP, 130 for SIGINT. */
export const signalExitCode = (signal: (typeof ENDING_SIGNALS)[number]): number => 128 + constants.signals[signal];

/** On any of {@link ENDING_SIGNALS}: `restore`, then exit with its code. Returns a function that removes the handlers. */
export function exitOnSignals(restore: () => void, target: SignalTarget = process): () => void {
  const handlers = ENDING_SIGNALS.map((signal) => {
    const handler = () => {
      try {
        restore();
      } finally {
        target.exit(signalExitCode(signal));
      }
    };
    target.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) target.off(signal, handler);
  };
}
