import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Studio } from './Studio.js';
import { createMemoryStudio } from './test-support/memory-studio.js';
import { createScriptedModel } from './test-support/scripted-model.js';
import { SESSION_JSON, STUDIO_FILES } from './test-support/studio-fixtures.js';
import { settle, waitForFrame } from './test-support/wait-for-frame.js';

// Ink draws attributes only when the terminal takes them; the test's output is no terminal, so
// colour is forced before Ink loads, for this file alone.
vi.hoisted(() => {
  process.env.FORCE_COLOR = '1';
});

afterEach(() => {
  cleanup();
});

// alpha.yaml keeps events 0, 2, 3, 4 and 5 of checkout.json: #6 is over its limit, #42 is invented.
const ANSWER = 'The user opened the cart (#0), rage-clicked Apply coupon (#6) and left at #42.';

const ESC = '\u001B';
const plain = (frame: string) => frame.replace(/\u001B\[[0-9;]*m/g, '');
/** `text` drawn inside an SGR run that sets every code of `codes` (in any order, others allowed). */
function styledAs(frame: string, text: string, codes: readonly number[]): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`((?:${ESC}\\[[0-9;]*m)+)${escaped}`, 'g');
  for (const match of frame.matchAll(pattern)) {
    const set = new Set((match[1] ?? '').match(/\d+/g)?.map(Number));
    if (codes.every((code) => set.has(code))) return true;
  }
  return false;
}

async function answered(color: boolean) {
  const model = createScriptedModel({ answers: [ANSWER] });
  const memory = createMemoryStudio({ files: { ...STUDIO_FILES }, model });
  const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 100, rows: 30 }} color={color} />);
  await waitForFrame(() => plain(app.lastFrame() ?? ''), 'kept 5 of 10');
  app.stdin.write('r');
  await settle();
  await waitForFrame(() => plain(app.lastFrame() ?? ''), 'grounding');
  return app.lastFrame() ?? '';
}

describe('Studio grounding styles', () => {
  it('draws the invented claim red and underlined and the dropped one yellow and underlined, in the answer and the list', async () => {
    const frame = await answered(true);
    const answerLine = frame.split('\n').find((line) => plain(line).startsWith('The user opened'));
    expect(answerLine).toBeDefined();
    expect(styledAs(answerLine ?? '', '#42', [31, 4])).toBe(true); // red, underline
    expect(styledAs(answerLine ?? '', '#6', [33, 4])).toBe(true); // yellow, underline
    expect(styledAs(answerLine ?? '', '#0', [4])).toBe(false); // a kept claim stays plain
    expect(styledAs(frame, 'unsupported', [31, 4])).toBe(true);
    expect(styledAs(frame, 'dropped', [33, 4])).toBe(true);
  });

  it('keeps the two apart without colour (NO_COLOR): the invented claim bold and underlined, the dropped one underlined', async () => {
    const frame = await answered(false);
    const answerLine = frame.split('\n').find((line) => plain(line).startsWith('The user opened')) ?? '';
    expect(styledAs(answerLine, '#42', [1, 4])).toBe(true);
    expect(styledAs(answerLine, '#6', [4])).toBe(true);
    expect(styledAs(answerLine, '#6', [1])).toBe(false);
    expect(answerLine).not.toMatch(/\u001B\[3[0-7]m/);
  });

  it('marks the claims of a structured answer in its JSON: the invented page red, the dropped event yellow, a wrong count red', async () => {
    // Alpha's selection with a response schema: #6 is over the limit, /invented never happened.
    const gamma = `name: Gamma
llm:
  pre_prompt: Summarise for the product team.
  response_schema:
    type: OBJECT
    properties:
      summary: { type: STRING }
      dead_clicks: { type: INTEGER }
    required: [summary]
slice:
  event_limit: 5
events:
  exclude_types: [element-seen]
`;
    const answer = JSON.stringify({ summary: 'Opened the cart (#0), went to /invented and rage-clicked at #6.', dead_clicks: 2 });
    const model = createScriptedModel({ answers: [answer] });
    const memory = createMemoryStudio({ files: { 'profiles/gamma.yaml': gamma, 'sessions/checkout.json': SESSION_JSON }, model });
    const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 120, rows: 40 }} color={true} />);
    await waitForFrame(() => plain(app.lastFrame() ?? ''), 'kept 5 of 10');
    app.stdin.write('r');
    await settle();
    await waitForFrame(() => plain(app.lastFrame() ?? ''), 'grounding');
    const frame = app.lastFrame() ?? '';
    const summaryLine = frame.split('\n').find((line) => plain(line).includes('"summary": "Opened the cart')) ?? '';
    expect(summaryLine).not.toBe('');
    expect(styledAs(summaryLine, '/invented', [31, 4])).toBe(true);
    expect(styledAs(summaryLine, '#6', [33, 4])).toBe(true);
    expect(styledAs(summaryLine, '#0', [4])).toBe(false);
    const countLine = frame.split('\n').find((line) => plain(line).includes('"dead_clicks": 2')) ?? '';
    expect(styledAs(countLine, '2', [31, 4])).toBe(true);
  });
});
