// Progress while cases run: a bar redrawn in place on a terminal, one plain line per case otherwise.

import type { CaseReport } from '../test-report.js';
import { printable } from '../../session/printable.js';

export interface Progress {
  caseDone(file: string, report: CaseReport): void;
  finish(): void;
}

/** Writes progress to `stream` (stderr), as a bar when it is a terminal. */
export function createProgress(stream: { write(text: string): unknown; isTTY?: boolean }, total: number): Progress {
  let done = 0;
  let failed = 0;
  const width = 30;
  return {
    caseDone(file, report) {
      done++;
      if (report.status === 'failed') failed++;
      if (stream.isTTY === true) {
        const filled = total === 0 ? width : Math.round((done / total) * width);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
        stream.write(`\r\u001b[2K${bar} ${done}/${total} cases${failed > 0 ? `, ${failed} failed` : ''}`);
      } else {
        stream.write(`${report.status === 'passed' ? 'ok  ' : 'FAIL'} ${printable(file)} › ${printable(report.name)} (${Math.round(report.duration_ms)} ms)\n`);
      }
    },
    finish() {
      if (stream.isTTY === true) stream.write('\r\u001b[2K');
    },
  };
}
