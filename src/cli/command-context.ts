// What every command registration receives: the process edges and where to leave the exit code.

import type { CliIo } from './cli-io.js';

export interface CommandContext {
  readonly io: CliIo;
  /** The action stores its exit code here; `main` returns it. */
  readonly exit: { code: number };
}

/** The `Example:` block every command's --help ends with. */
export function helpExample(...lines: string[]): string {
  return `\nExample:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}
