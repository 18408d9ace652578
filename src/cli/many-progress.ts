// Progress of a many-session run on stderr: a bar on a terminal (cli-progress), a plain line every
// few seconds without one (CI logs), nothing in between. The plain line comes on a timer, not when
// a session finishes: a run whose model is slow to answer still shows that it is alive.

import { SingleBar } from 'cli-progress';
import { formatDuration } from '../batch/report/report-format.js';

/** What the run has done so far. */
export interface ManyProgressState {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
  readonly tokens: number;
}

export interface ManyProgress {
  update(state: ManyProgressState): void;
  stop(): void;
}

export interface ManyProgressOptions {
  readonly stream: { write(text: string): unknown; isTTY?: boolean };
  /** Milliseconds between plain lines, on a timer. Default 5,000. */
  readonly intervalMs?: number;
  /** Milliseconds clock. Default `Date.now`. */
  readonly now?: () => number;
}

/** `done/total, failed, tokens, rate, ETA` as one plain line. */
export function progressLine(state: ManyProgressState, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (state.done * 1000) / elapsedMs : 0;
  const left = state.total - state.done;
  const eta = rate > 0 ? formatDuration((left / rate) * 1000) : '?';
  return `progress ${state.done}/${state.total} sessions, ${state.failed} failed, ${state.tokens.toLocaleString('en-US')} tokens, ${rate.toFixed(1)}/s, ETA ${eta}`;
}

/** A bar on a terminal, else a plain line every `intervalMs` while the run lasts (until `stop`). */
export function createManyProgress(options: ManyProgressOptions): ManyProgress {
  const now = options.now ?? Date.now;
  const started = now();
  if (options.stream.isTTY === true) {
    const bar = new SingleBar({
      stream: options.stream as NodeJS.WritableStream,
      format: ' {bar} {value}/{total} sessions | {failed} failed | {tokens} tokens | {rate}/s | ETA {eta_formatted}',
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    });
    let shown = false;
    return {
      update(state) {
        const payload = { failed: state.failed, tokens: state.tokens.toLocaleString('en-US'), rate: ((state.done * 1000) / Math.max(1, now() - started)).toFixed(1) };
        if (!shown) {
          bar.start(state.total, state.done, payload);
          shown = true;
        } else bar.update(state.done, payload);
      },
      stop() {
        if (shown) bar.stop();
      },
    };
  }
  const intervalMs = options.intervalMs ?? 5000;
  let latest: ManyProgressState | undefined;
  // unref: the timer never keeps the process alive on its own.
  const timer = setInterval(() => {
    if (latest !== undefined) options.stream.write(`${progressLine(latest, now() - started)}\n`);
  }, intervalMs);
  timer.unref();
  return {
    update(state) {
      latest = state;
    },
    // The final summary follows: no last progress line.
    stop() {
      clearInterval(timer);
    },
  };
}
