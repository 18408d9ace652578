// Numbers as the session block writes them: the digits of an event's reference and offset, and
// the text of an offset too long for TextWriter's 32-bit arithmetic.

/** Writes the decimal digits of a non-negative 32-bit integer at `at`; returns the position after them. */
export function writeDigits(units: Uint16Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
  const end = at + digits;
  for (let rest = value, digit = end - 1; digit >= at; digit--) {
    const next = (rest / 10) | 0;
    units[digit] = 0x30 + rest - next * 10;
    rest = next;
  }
  return end;
}

/** `+2073600.5s`: an offset of 24 days or more, or a negative one (which a sorted session does not have), as formatOffset writes it. */
export function longOffsetText(whole: number): string {
  if (whole < 0 || !Number.isSafeInteger(whole)) return `+${whole / 1000}s`;
  const millisecond = whole % 1000;
  const fraction = millisecond === 0 ? '' : `.${String(millisecond).padStart(3, '0').replace(/0+$/, '')}`;
  return `+${(whole - millisecond) / 1000}${fraction}s`;
}
