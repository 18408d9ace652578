import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { Studio } from './Studio.js';
import { createMemoryStudio } from './test-support/memory-studio.js';
import { createScriptedModel } from './test-support/scripted-model.js';
import { STUDIO_FILES } from './test-support/studio-fixtures.js';
import { settle, waitForFrame } from './test-support/wait-for-frame.js';

afterEach(() => {
  cleanup();
});

// alpha.yaml keeps events 0, 2, 3, 4 and 5 of checkout.json: #6 (a rage click) is over its event
// limit, and the session has no #42.
const ANSWER = 'The user opened the cart (#0), clicked Apply coupon (#2), rage-clicked it (#6) and left at #42.';

function start() {
  const model = createScriptedModel({ answers: [ANSWER] });
  const memory = createMemoryStudio({ files: { ...STUDIO_FILES }, model });
  const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 100, rows: 30 }} />);
  return { ...app, memory, model };
}

async function press(app: { stdin: { write(data: string): void } }, ...keys: string[]) {
  for (const key of keys) {
    app.stdin.write(key);
    await settle();
  }
}

describe('Studio grounding', () => {
  it('shows the score and each unsupported and dropped claim with its verdict and reason, and keeps the report with the run', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    const frame = await waitForFrame(app.lastFrame, 'grounding');
    // "rage-clicked" claims a rage click, which the event limit left out as it left out #6.
    expect(frame).toContain('grounding ✗ 0.4 · 5 claims: 2 kept, 1 unsupported, 2 dropped');
    expect(frame).toMatch(/dropped rage-clicked \(count at \d+\.\.\d+\): true of the whole session/);
    expect(frame).toMatch(/unsupported #42 \(event at \d+\.\.\d+\): .+/);
    expect(frame).toMatch(/dropped #6 \(event at \d+\.\.\d+, event #6\): #6 is in the session, but it is beyond the profile's event/);
    const run = [...app.memory.runs.values()][0]?.at(-1);
    expect(run?.outcome.status === 'ok' && run.outcome.grounding?.score).toBe(0.4);
  });

  it('f selects each event the answer cites in the Events pane, in turn and round again', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    await waitForFrame(app.lastFrame, 'grounding');
    const selectedRows = (frame: string) => frame.split('\n').filter((line) => line.startsWith('▶'));
    await press(app, 'f');
    let frame = app.lastFrame() ?? '';
    expect(frame).toContain('[1 Events]');
    expect(frame).toContain('cited event #0 (1 of 3)');
    expect(selectedRows(frame)).toEqual([expect.stringMatching(/^▶ +0 10:00:00\.000 kept +navigate/)]);
    await press(app, 'f');
    frame = app.lastFrame() ?? '';
    expect(frame).toContain('cited event #2 (2 of 3)');
    expect(selectedRows(frame)).toEqual([expect.stringMatching(/^▶ +2 10:00:02\.000 kept +click/)]);
    await press(app, 'f');
    frame = app.lastFrame() ?? '';
    expect(frame).toContain('cited event #6 (3 of 3)');
    expect(selectedRows(frame)).toEqual([expect.stringMatching(/^▶ +6 10:00:06\.000 over limit +rage-click/)]);
    await press(app, 'f');
    await waitForFrame(app.lastFrame, 'cited event #0 (1 of 3)');
  });
});
