// Model requests sent again after the connection was lost or no answer came in time: the vendor
// may have answered, and billed, the first one, which the token counts (of the answers received)
// cannot show.

/** The warning for `count` such requests. */
export function resentWarning(count: number): string {
  return `warning: ${count} model request(s) were sent again after the connection was lost or no answer came in time; the vendor may bill those it answered too, and the token counts are of the answers recap received\n`;
}
