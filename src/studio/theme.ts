// Terminal attributes for each segment style, with and without colour (NO_COLOR, no-color.org).

import type { SegmentStyle } from './styled-line.js';

/** The subset of Ink's Text props a style sets. */
export interface TextAttributes {
  readonly color?: string;
  readonly bold?: boolean;
  readonly dimColor?: boolean;
  readonly inverse?: boolean;
  readonly underline?: boolean;
}

export interface Theme {
  /** False under NO_COLOR: only bold, dim and inverse are used then. */
  readonly color: boolean;
  text(style: SegmentStyle): TextAttributes;
  /** Colour of borders and rules, or undefined for the terminal's default. */
  readonly borderColor: string | undefined;
}

const COLOURED: Readonly<Record<SegmentStyle, TextAttributes>> = {
  plain: {},
  dim: { dimColor: true },
  strong: { bold: true },
  heading: { bold: true, color: 'cyan' },
  accent: { color: 'cyan' },
  ok: { color: 'green' },
  warn: { color: 'yellow' },
  error: { color: 'red', bold: true },
  added: { color: 'green' },
  removed: { color: 'red' },
  key: { color: 'cyan' },
  string: { color: 'green' },
  number: { color: 'yellow' },
  literal: { color: 'magenta' },
  redacted: { color: 'magenta', inverse: true },
  unsupported: { color: 'red', underline: true },
  dropped: { color: 'yellow', underline: true },
};

// Without colour the meaning must survive in attributes and in the text itself (✓ ✗ + -).
const MONOCHROME: Readonly<Record<SegmentStyle, TextAttributes>> = {
  plain: {},
  dim: { dimColor: true },
  strong: { bold: true },
  heading: { bold: true },
  accent: {},
  ok: {},
  warn: { bold: true },
  error: { bold: true },
  added: { bold: true },
  removed: {},
  key: {},
  string: {},
  number: {},
  literal: {},
  // The one role drawn inverse in running text: a placeholder stands out without colour too.
  redacted: { inverse: true },
  // Claims are underlined in running text; the bold one is invented, the plain one left out.
  unsupported: { bold: true, underline: true },
  dropped: { underline: true },
};

export function createTheme(options: { readonly color: boolean }): Theme {
  const table = options.color ? COLOURED : MONOCHROME;
  return { color: options.color, text: (style) => table[style], borderColor: options.color ? 'cyan' : undefined };
}

/** Colour is on unless NO_COLOR is set to a non-empty value (no-color.org). */
export function colorEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env.NO_COLOR;
  return value === undefined || value === '';
}
