import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { promptLines } from './prompt-lines.js';
import { PromptView } from './PromptView.js';

afterEach(() => {
  cleanup();
});

/** A prompt of about 10 MB (two-byte) whose visible lines are a few short ones. */
function bigPrompt(save: number) {
  const block = `<session id="u:s">\nline one of save ${save}\n${'\u2014'.repeat(5_000_000)}\n</session>`;
  return promptLines(`Summarise save ${save}.\n\n${block}`, block, `Summarise save ${save}.\n\n`.length);
}

function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('drawing prompt lines', () => {
  it('shows the lines from the top, the session block set apart', () => {
    const { lastFrame } = render(<PromptView prompt={bigPrompt(1)} top={0} rows={4} columns={98} />);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('  Summarise save 1.');
    expect(frame).toContain('┃ <session id="u:s">');
    expect(frame).toContain('┃ line one of save 1');
  });

  // Ink remembers every text it has drawn, for good; a line handed to it as a slice would keep
  // its whole prompt alive, and the studio would grow by a prompt on every save.
  it('does not leave the prompts of earlier saves in Ink', () => {
    const before = heapAfterCollection();
    const { rerender, lastFrame } = render(<PromptView prompt={bigPrompt(0)} top={0} rows={4} columns={98} />);
    for (let save = 1; save <= 20; save++) rerender(<PromptView prompt={bigPrompt(save)} top={0} rows={4} columns={98} />);
    expect(lastFrame()).toContain('line one of save 20');
    expect(heapAfterCollection() - before).toBeLessThan(60 * 1024 * 1024);
  });
});
