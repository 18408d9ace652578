import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsupportedRequestError } from '../index.js';
import { Studio } from './Studio.js';
import { createMemoryStudio } from './test-support/memory-studio.js';
import { createScriptedModel, type ScriptedModel } from './test-support/scripted-model.js';
import { ALPHA_PROFILE, SESSION_JSON } from './test-support/studio-fixtures.js';
import { KEYS, settle, waitForFrame } from './test-support/wait-for-frame.js';

afterEach(() => {
  cleanup();
});

const ANSWER = 'The user rage-clicked Apply coupon (#6) after the coupon request failed (#4).';

// Three session files: two recordings of the same friction (so that patterns recur) and one
// fixture that is not valid (an event without a timestamp).
const FOLDER: Readonly<Record<string, string>> = {
  'profiles/alpha.yaml': ALPHA_PROFILE,
  'sessions/checkout.json': SESSION_JSON,
  'sessions/invalid.json': JSON.stringify({ id: 'u-9:s-9', events: [{ type: 'click' }] }),
  'sessions/repeat.json': SESSION_JSON.replace('"u-1:s-1"', '"u-3:s-3"'),
};

function start(model: ScriptedModel, size = { columns: 100, rows: 50 }) {
  const memory = createMemoryStudio({ files: { ...FOLDER }, model });
  const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={size} />);
  return { ...app, memory };
}

async function press(app: { stdin: { write(data: string): void } }, ...keys: string[]) {
  for (const key of keys) {
    app.stdin.write(key);
    await settle();
  }
}

/** The held model has both valid sessions' requests in hand: the run waits on them. */
const bothAsked = (model: ScriptedModel) => waitForFrame(() => String(model.requests.length), '2');

describe('Studio: all sessions (A)', () => {
  it('runs the profile over every session of the folder with a progress line, then shows the totals, the failure with its code and the patterns', async () => {
    const model = createScriptedModel({ answers: [ANSWER, ANSWER], hold: true });
    const app = start(model);
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    // The invalid fixture is done at once; the two valid sessions wait on the model.
    let frame = await waitForFrame(app.lastFrame, 'all sessions: 1/3 done, 1 failed, 0 tokens');
    expect(frame).toContain('[6 Report …]');
    expect(frame).toMatch(/all sessions: 1\/3 done, 1 failed, 0 tokens · A or Esc cancels\n?$/);
    await bothAsked(model);
    model.release();

    frame = await waitForFrame(app.lastFrame, 'all sessions: 3/3 done, 1 failed, 300 tokens · finished');
    expect(frame).toContain('⚠ all sessions: 3/3 done, 1 failed, 300 tokens · finished');
    expect(frame).toContain('profiles/alpha.yaml over sessions (3 files), in memory only');
    expect(frame).toContain('3 sessions: 2 ok, 1 failed (invalid_session 1)');
    expect(frame).toContain('tokens      300 (240 prompt + 60 output)');
    expect(frame).toContain('cost        unknown (scripted-model not in the price table)');
    expect(frame).toMatch(/model time  median \d+ ms per session/);
    expect(frame).toMatch(/grounding   mean \d\.\d\d over 2 answers/);
    expect(frame).toContain('  rage-clicked elements');
    expect(frame).toMatch(/ 2 sessions {2}button#apply/);
    expect(frame).toMatch(/ 2 sessions {2}POST shop\.example\/api\/coupon → 500/);
    expect(frame).toContain('Failed sessions (1)');
    expect(frame).toMatch(/✗ sessions\/invalid\.json {2}invalid_session/);
    // Both sessions went to the model with the profile as loaded; nothing was kept on disk.
    expect(model.requests.map((request) => request.prompt.includes('ALPHA-PRE'))).toEqual([true, true]);
    expect(app.memory.runs.size).toBe(0);
  });

  it('keeps counting while another pane is on screen, and says how the run ended there', async () => {
    const model = createScriptedModel({ answers: [ANSWER, ANSWER], hold: true });
    const app = start(model, { columns: 80, rows: 24 });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    await waitForFrame(app.lastFrame, '1/3 done');
    await press(app, '3');
    let frame = await waitForFrame(app.lastFrame, '[3 Prompt]');
    expect(frame).toContain('6 Report …');
    expect(frame).toContain('all sessions: 1/3 done, 1 failed, 0 tokens · A or Esc cancels');
    await bothAsked(model);
    model.release();
    frame = await waitForFrame(app.lastFrame, 'all sessions: 3/3 done, 1 failed, 300 tokens (6 shows the report)');
    expect(frame).toContain('[3 Prompt]');
    await press(app, '6');
    frame = await waitForFrame(app.lastFrame, '[6 Report]');
    expect(frame).toContain('3 sessions: 2 ok, 1 failed (invalid_session 1)');
    expect(frame.split('\n').every((line) => line.length <= 80)).toBe(true);
    // The report scrolls like the other panes: its end holds the failed sessions.
    expect(frame).not.toContain('Failed sessions');
    await press(app, 'G');
    await waitForFrame(app.lastFrame, /✗ sessions\/invalid\.json {2}invalid_session/);
  });

  it('cancels with A again: the requests in flight are aborted and the pane says after how many', async () => {
    const model = createScriptedModel({ answers: [ANSWER, ANSWER], hold: true });
    const app = start(model);
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    await waitForFrame(app.lastFrame, 'all sessions: 1/3 done');
    await bothAsked(model);
    await press(app, 'A');
    const frame = await waitForFrame(app.lastFrame, 'cancelled after 1 of 3 sessions');
    expect(frame).toContain('all sessions: 1/3 done, 1 failed, 0 tokens · cancelled after 1 of 3 sessions');
    expect(frame).toContain('[6 Report]');
    expect(frame).toContain('1 session: 0 ok, 1 failed (invalid_session 1)');
    expect(model.requests.every((request) => request.signal?.aborted === true)).toBe(true);
  });

  it('cancels with Esc, and a late answer changes nothing', async () => {
    const model = createScriptedModel({ answers: [ANSWER, ANSWER], hold: true });
    const app = start(model);
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    await bothAsked(model);
    await press(app, KEYS.escape);
    await waitForFrame(app.lastFrame, 'cancelled after 1 of 3 sessions');
    model.release();
    await settle(60);
    await waitForFrame(app.lastFrame, 'all sessions: 1/3 done, 1 failed, 0 tokens · cancelled after 1 of 3 sessions');
  });

  it('reads the patterns from the sessions as the privacy rules leave them', async () => {
    const model = createScriptedModel({ answers: [ANSWER, ANSWER] });
    const memory = createMemoryStudio({ files: { ...FOLDER, 'profiles/privacy.yaml': 'patterns:\n  coupon_api: "api/coupon"\n' }, model });
    const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 100, rows: 50 }} />);
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    const frame = await waitForFrame(app.lastFrame, '3/3 done');
    expect(frame).toMatch(/ 2 sessions {2}POST shop\.example\/\[coupon_api\] → 500/);
    expect(frame).not.toContain('api/coupon');
    expect(model.requests.map((request) => request.prompt.includes('api/coupon'))).toEqual([false, false]);
  });

  it('stops at a failure that is the model\'s, not a session\'s, since every session would fail the same way', async () => {
    const refusal = () => new UnsupportedRequestError('this model cannot fill a response schema', { provider: 'extractive' });
    const app = start(createScriptedModel({ answers: [refusal(), refusal()] }));
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    const frame = await waitForFrame(app.lastFrame, 'stopped after');
    expect(frame).toMatch(/✗ all sessions: \d\/3 done, \d failed, 0 tokens · stopped after \d of 3 sessions/);
    expect(frame).toContain('✗ stopped: unsupported_request: this model cannot fill a response schema');
    expect(frame).toMatch(/unsupported_request 1/);
  });

  it('stops with the reason when the model cannot be set up, before any session', async () => {
    const memory = createMemoryStudio({ files: { ...FOLDER } });
    const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 100, rows: 30 }} />);
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'A');
    const frame = await waitForFrame(app.lastFrame, 'stopped after 0 of 3 sessions');
    expect(frame).toContain('✗ stopped: the model could not be set up: no model in this test');
  });

  it('says what A would do before the first run', async () => {
    const app = start(createScriptedModel({ answers: [] }));
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '6');
    await waitForFrame(app.lastFrame, 'No run over all sessions yet.');
    // The model's name shows once the model is set up (`model…` until then, on a loaded machine too).
    const said = 'Press A to run profiles/alpha.yaml over the 3 session files of sessions with gemini/scripted-model, 4 at a time';
    await waitForFrame(app.lastFrame, (shown) => shown.replace(/\s+/g, ' ').includes(said));
  });

  it('lists A in the help', async () => {
    const app = start(createScriptedModel({ answers: [] }));
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '?');
    await waitForFrame(app.lastFrame, / A +run the profile over every session of the folder \(A again cancels\)/);
    await waitForFrame(app.lastFrame, 'jump to Events, Context, Prompt, Response, Diff, Report');
  });
});
