import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitOnSignals } from './exit-on-signals.js';

/** A process that records its exit instead of exiting. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return { emitter, exits, target: { on: emitter.on.bind(emitter), off: emitter.off.bind(emitter), exit: (code: number) => void exits.push(code) } };
}

describe('exitOnSignals', () => {
  it('restores the terminal, then exits with 128 + the signal number, on SIGTERM, SIGHUP and SIGINT', () => {
    const fake = fakeProcess();
    const steps: string[] = [];
    exitOnSignals(() => steps.push('restore'), fake.target);
    for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT']) fake.emitter.emit(signal);
    expect(steps).toEqual(['restore', 'restore', 'restore']);
    expect(fake.exits).toEqual([143, 129, 130]);
  });

  it('exits even when restoring fails, and lets go of the signals when stopped', () => {
    const fake = fakeProcess();
    const stop = exitOnSignals(() => {
      throw new Error('stdout is gone');
    }, fake.target);
    expect(() => fake.emitter.emit('SIGHUP')).toThrow('stdout is gone');
    expect(fake.exits).toEqual([129]);
    stop();
    expect(['SIGTERM', 'SIGHUP', 'SIGINT'].map((signal) => fake.emitter.listenerCount(signal))).toEqual([0, 0, 0]);
  });
});
