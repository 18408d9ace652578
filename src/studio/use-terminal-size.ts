// The terminal's size, updated on resize; a fixed size for tests and benchmarks.

import { useStdout } from 'ink';
import { useEffect, useState } from 'react';
import type { TerminalSize } from './studio-layout.js';

export function useTerminalSize(fixed?: TerminalSize): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState<TerminalSize>(() => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 }));
  useEffect(() => {
    if (fixed !== undefined) return;
    const resized = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', resized);
    return () => {
      stdout.off('resize', resized);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}
