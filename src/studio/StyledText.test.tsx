import { cleanup, render } from 'ink-testing-library';
import { Box } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { promptLines } from './prompt-lines.js';
import { PromptView } from './PromptView.js';
import { segment } from './styled-line.js';
import { StyledText } from './StyledText.js';

afterEach(() => {
  cleanup();
});

/** A kept event whose page title is 2 MB of words, as a prompt line shows it. */
const LONG_LINE = `#0 +0s navigate url="https://shop.example/" title="${'word '.repeat(400_000)}"`;
/** The rows Ink would draw the start of that line on. */
const firstRows = (columns: number, rows: number) =>
  wrapAnsi(LONG_LINE.slice(0, 10_000), columns, { trim: false, hard: true })
    .split('\n')
    .slice(0, rows)
    .map((row) => row.trimEnd());

describe('StyledText', () => {
  it('draws control characters as \\u escapes, segment by segment', () => {
    const { lastFrame } = render(<StyledText line={[segment('Pay 100\b\b\b999 '), segment('\u001B]0;pwned\u0007', 'redacted'), segment(' now\u009B')]} />);
    expect(lastFrame()).toBe('Pay 100\\u0008\\u0008\\u0008999 \\u001b]0;pwned\\u0007 now\\u009b');
  });

  // Nothing clips this line: what Ink draws is all the studio handed it.
  it('hands Ink only the rows of a line of 2 MB its room shows', () => {
    const { lastFrame } = render(
      <Box width={40}>
        <StyledText line={[segment(LONG_LINE)]} wrap="wrap" room={{ columns: 40, rows: 3 }} />
      </Box>,
    );
    const drawn = (lastFrame() ?? '').split('\n');
    // The rows on screen and a few to spare, where the whole line takes some 50,000.
    expect(drawn.length).toBeLessThan(10);
    expect(drawn.slice(0, 3)).toEqual(firstRows(40, 3));
  });

  it('hands Ink only the last rows of a line of 2 MB scrolled to its end', () => {
    const { lastFrame } = render(
      <Box width={40}>
        <StyledText line={[segment(LONG_LINE)]} wrap="wrap" room={{ columns: 40, rows: 3, from: 'end' }} />
      </Box>,
    );
    const drawn = (lastFrame() ?? '').split('\n');
    expect(drawn.length).toBeLessThan(10);
    expect(drawn.at(-1)).toMatch(/word word "$/);
  });
});

describe('PromptView with a line of 2 MB', () => {
  it('shows the start of the line in the rows left to it', () => {
    const prompt = `Summarise the session.\n<session id="u:s">\n${LONG_LINE}\n</session>`;
    const lines = promptLines(prompt, prompt.slice(prompt.indexOf('<session')), prompt.indexOf('<session'));
    const { lastFrame } = render(
      <Box width={42}>
        <PromptView prompt={lines} top={0} rows={6} columns={40} />
      </Box>,
    );
    const frame = (lastFrame() ?? '').split('\n');
    expect(frame).toHaveLength(6);
    expect(frame[0]).toBe('  Summarise the session.');
    expect(frame.slice(2).map((row) => row.slice(2))).toEqual(firstRows(40, 4));
  });
});
