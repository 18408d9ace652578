// Numbers on the command line are plain decimal digits: not everything Number() also takes.

/**
 * The number `value` writes in plain decimal digits (`"8"`, `"0"`), else undefined: `Number()`
 * would also take `""` and `" "` (as 0), `1e2`, `0x10` and `2.0`, turning a slip into a setting.
 */
export function plainWholeNumber(value: string): number | undefined {
  return /^[0-9]+$/.test(value) ? Number(value) : undefined;
}
