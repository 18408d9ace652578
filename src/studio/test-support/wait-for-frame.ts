// Polls an ink-testing-library frame until it shows what a test expects, with a deadline.

export async function waitForFrame(
  lastFrame: () => string | undefined,
  expected: string | RegExp | ((frame: string) => boolean),
  timeoutMs = 3000,
): Promise<string> {
  const matches =
    typeof expected === 'function'
      ? expected
      : (frame: string) => (typeof expected === 'string' ? frame.includes(expected) : expected.test(frame));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (matches(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`the frame never showed ${String(expected)}; last frame:\n${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets Ink and React handle input and effects. */
export const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  pageDown: '\u001B[6~',
  pageUp: '\u001B[5~',
  escape: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  enter: '\r',
} as const;
