import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Studio } from './Studio.js';
import { createMemoryStudio } from './test-support/memory-studio.js';
import { createScriptedModel } from './test-support/scripted-model.js';
import { ALPHA_PROFILE } from './test-support/studio-fixtures.js';
import { settle, waitForFrame } from './test-support/wait-for-frame.js';

// Colour is forced before Ink loads, for this file alone: the studio's own attributes must still
// be drawn once the recorded text's control characters are not.
vi.hoisted(() => {
  process.env.FORCE_COLOR = '1';
});

afterEach(() => {
  cleanup();
});

const ESC = '\u001B';
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, second)).toISOString();

/** The frame without the SGR sequences Ink writes for the studio's own colours and attributes. */
const plain = (frame: string) => frame.replace(/\u001B\[[0-9;]*m/g, '');
/** Control characters other than line breaks: none may reach the terminal but Ink's own SGR sequences. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** `text` drawn inside an SGR run that sets every code of `codes`. */
function styledAs(frame: string, text: string, codes: readonly number[]): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const match of frame.matchAll(new RegExp(`((?:${ESC}\\[[0-9;]*m)+)${escaped}`, 'g'))) {
    const set = new Set((match[1] ?? '').match(/\d+/g)?.map(Number));
    if (codes.every((code) => set.has(code))) return true;
  }
  return false;
}

// alpha.yaml keeps events 0, 2, 3, 4 and 5 (element-seen is filtered, the limit is 5).
const SESSION = JSON.stringify({
  id: 'u-1:s-1',
  events: [
    { type: 'navigate', timestamp: at(0), url: 'https://shop.example/cart', title: 'Cart \u009B2J cleared' },
    { type: 'element-seen', timestamp: at(1), target: { selector: 'div.banner', text: 'Sale' } },
    { type: 'click', timestamp: at(2), target: { selector: 'button#accept', text: 'Accept \u001B]0;pwned\u0007 all \u001B]52;c;cHduZWQ=\u0007' } },
    { type: 'click', timestamp: at(3), target: { selector: 'button#pay', text: 'Pay 100\b\b\b999 now' } },
    { type: 'console-error', timestamp: at(4), message: 'mail \u007F to ada@example.com bounced' },
    { type: 'navigate', timestamp: at(5), url: 'https://shop.example/', title: 'Home' },
  ],
});

const ANSWER = 'Accepted cookies (#2).\u001B]0;MODEL-OWNED\u0007 Paid 100\b\b\b999, then left at #42.';

function start() {
  const model = createScriptedModel({ answers: [ANSWER] });
  const memory = createMemoryStudio({
    files: { 'profiles/alpha.yaml': ALPHA_PROFILE, 'profiles/privacy.yaml': 'presets: [email]\n', 'sessions/a\u0007b.json': SESSION },
    model,
  });
  const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 160, rows: 30 }} />);
  return app;
}

describe('Studio: control characters in recorded and model text', () => {
  it('draws them as \\u escapes in the Events and Prompt panes and in file names, the studio’s colours and marks kept', async () => {
    const app = start();
    await waitForFrame(() => plain(app.lastFrame() ?? ''), 'kept 5 of 6');
    const frame = app.lastFrame() ?? '';
    const shown = plain(frame);
    expect(shown).toContain('"Accept \\u001b]0;pwned\\u0007 all \\u001b]52;c;cHduZWQ=\\u0007"');
    expect(shown).toContain('"Pay 100\\u0008\\u0008\\u0008999 now"');
    expect(shown).toContain('"Cart \\u009b2J cleared"');
    expect(shown).toContain('session a\\u0007b.json');
    expect(shown).not.toMatch(RAW_CONTROL);
    // Ink's own attributes are still drawn: the kept marks green, the placeholder after the escape inverse.
    expect(styledAs(frame, '● ', [32])).toBe(true);
    expect(shown).toContain('"mail \\u007f to [email] bounced"');
    expect(styledAs(frame, '[email]', [7])).toBe(true);

    app.stdin.write('3');
    const prompt = await waitForFrame(() => plain(app.lastFrame() ?? ''), '[3 Prompt]');
    expect(prompt).toContain('\\u009b2J');
    expect(prompt).not.toMatch(RAW_CONTROL);
  });

  it('draws the model’s answer with its control characters as escapes, grounding marks on the characters they mark', async () => {
    const app = start();
    await waitForFrame(() => plain(app.lastFrame() ?? ''), 'kept 5 of 6');
    app.stdin.write('r');
    await settle();
    await waitForFrame(() => plain(app.lastFrame() ?? ''), 'grounding');
    const frame = app.lastFrame() ?? '';
    const shown = plain(frame);
    expect(shown).toContain('Accepted cookies (#2).\\u001b]0;MODEL-OWNED\\u0007 Paid 100\\u0008\\u0008\\u0008999, then left at #42.');
    expect(shown).not.toMatch(RAW_CONTROL);
    // The invented #42 comes after the escapes, which lengthened the line: its mark is on it still.
    const answerLine = frame.split('\n').find((line) => plain(line).includes('Accepted cookies')) ?? '';
    expect(styledAs(answerLine, '#42', [31, 4])).toBe(true);
    expect(styledAs(answerLine, ', then left at #42', [4])).toBe(false);
  });
});
