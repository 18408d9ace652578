// Progress of a many-session run: a cli-progress bar on a terminal, a plain line every interval
// without one, on a timer.

import { describe, expect, it, vi } from 'vitest';
import { createManyProgress, progressLine } from './many-progress.js';

describe('many-session progress', () => {
  it('prints a plain line every interval without a terminal, also while no session finishes, until stopped', () => {
    vi.useFakeTimers();
    try {
      let written = '';
      const progress = createManyProgress({ stream: { write: (text: string) => (written += text) }, intervalMs: 5000 });
      progress.update({ done: 0, total: 100, failed: 0, tokens: 0 });
      vi.advanceTimersByTime(4000);
      progress.update({ done: 10, total: 100, failed: 1, tokens: 12_000 });
      expect(written).toBe('');
      vi.advanceTimersByTime(1000);
      progress.update({ done: 20, total: 100, failed: 1, tokens: 24_000 });
      expect(written).toBe('progress 10/100 sessions, 1 failed, 12,000 tokens, 2.0/s, ETA 45 s\n');
      // A model that never answers: no session finishes, the line still comes.
      vi.advanceTimersByTime(10_000);
      expect(written.split('\n').slice(1)).toEqual(['progress 20/100 sessions, 1 failed, 24,000 tokens, 2.0/s, ETA 40 s', 'progress 20/100 sessions, 1 failed, 24,000 tokens, 1.3/s, ETA 1 min 0 s', '']);
      progress.stop();
      vi.advanceTimersByTime(20_000);
      expect(written.split('\n')).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a bar with done / total, failures, tokens, rate and ETA on a terminal', () => {
    let written = '';
    const stream = { isTTY: true, columns: 120, write: (text: string) => ((written += text), true), cursorTo: () => true, clearLine: () => true, moveCursor: () => true, on: () => stream, removeListener: () => stream };
    const progress = createManyProgress({ stream, now: () => 2000 });
    progress.update({ done: 3, total: 10, failed: 1, tokens: 4_500 });
    progress.stop();
    expect(written).toContain('3/10 sessions | 1 failed | 4,500 tokens |');
    expect(written).toMatch(/ETA \S+/);
  });

  it('says when the ETA is not known yet', () => {
    expect(progressLine({ done: 0, total: 5, failed: 0, tokens: 0 }, 1000)).toBe('progress 0/5 sessions, 0 failed, 0 tokens, 0.0/s, ETA ?');
  });
});
