import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { Studio } from './Studio.js';
import { createMemoryStudio, type MemoryStudio } from './test-support/memory-studio.js';
import { createScriptedModel, type ScriptedModel } from './test-support/scripted-model.js';
import { ALPHA_PROFILE, BETA_PROFILE, BROKEN_ALPHA_PROFILE, STUDIO_FILES } from './test-support/studio-fixtures.js';
import { KEYS, settle, waitForFrame } from './test-support/wait-for-frame.js';

afterEach(() => {
  cleanup();
});

function start(options: { model?: ScriptedModel; size?: { columns: number; rows: number }; memory?: MemoryStudio } = {}) {
  const model = options.model ?? createScriptedModel({ answers: ['The user could not apply a coupon.', 'The coupon failed twice.'] });
  const memory = options.memory ?? createMemoryStudio({ files: { ...STUDIO_FILES }, model });
  const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={options.size ?? { columns: 80, rows: 24 }} />);
  return { ...app, memory, model };
}

async function press(app: { stdin: { write(data: string): void } }, ...keys: string[]) {
  for (const key of keys) {
    app.stdin.write(key);
    await settle();
  }
}

describe('Studio', () => {
  it('opens on the first profile and session and shows their events, kept ones marked, dropped ones with the reason', async () => {
    const app = start();
    const frame = await waitForFrame(app.lastFrame, (shown) => shown.includes('kept 5 of 10') && shown.includes('gemini/scripted-model'));
    expect(frame).toContain('profile alpha.yaml');
    expect(frame).toContain('session checkout.json');
    expect(frame).toMatch(/● +0 10:00:00\.000 kept +navigate/);
    expect(frame).toMatch(/· +1 10:00:01\.000 filtered by type +element-seen/);
    expect(frame).toMatch(/· +6 10:00:06\.000 over limit +rage-click/);
    expect(frame).toContain('✓ valid');
    expect(frame).toContain('gemini/scripted-model');
    expect(frame).toMatch(/~\d+ tokens \(estimate\)/);
    expect(frame).toContain('kept 5/10');
  });

  it('switches panes with the number keys and Tab', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '3');
    await waitForFrame(app.lastFrame, '[3 Prompt]');
    await waitForFrame(app.lastFrame, 'Summarise ALPHA-PRE for the product team.');
    await waitForFrame(app.lastFrame, '┃ <session id="u-1:s-1">');
    await press(app, KEYS.tab);
    await waitForFrame(app.lastFrame, '[4 Response]');
    await waitForFrame(app.lastFrame, 'No run yet');
    await press(app, '2');
    await waitForFrame(app.lastFrame, 'Included: sent to the model');
    await waitForFrame(app.lastFrame, '  ✗ user  excluded by context.exclude');
  });

  it('shows a save once its read finishes, though a later read of the file (the trailing change) is still in flight', async () => {
    const held: (() => void)[] = [];
    let holding = false;
    const model = createScriptedModel({ answers: [] });
    const memory = createMemoryStudio({
      files: { ...STUDIO_FILES },
      model,
      readGate: (file) => (holding && file === 'profiles/alpha.yaml' ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
    });
    const app = start({ model, memory });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '3');
    holding = true;
    const edited = ALPHA_PROFILE.replace('ALPHA-PRE', 'EDITED-PRE');
    app.memory.save('profiles/alpha.yaml', edited);
    await waitForFrame(() => String(held.length), '1');
    app.memory.save('profiles/alpha.yaml', edited);
    await waitForFrame(() => String(held.length), '2');
    held[0]?.();
    await waitForFrame(app.lastFrame, 'Summarise EDITED-PRE');
    held[1]?.();
  });

  it('re-prepares every pane when the profile is saved, without calling the model', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '3');
    app.memory.save('profiles/alpha.yaml', ALPHA_PROFILE.replace('ALPHA-PRE', 'EDITED-PRE').replace('event_limit: 5', 'event_limit: 2'));
    await waitForFrame(app.lastFrame, 'Summarise EDITED-PRE');
    await waitForFrame(app.lastFrame, 'kept 2/10');
    await press(app, '1');
    await waitForFrame(app.lastFrame, 'kept 2 of 10');
    expect(app.model.requests).toHaveLength(0);
  });

  it('shows the file:line:col problems of an invalid save and keeps the last good prompt', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '3');
    app.memory.save('profiles/alpha.yaml', BROKEN_ALPHA_PROFILE);
    const frame = await waitForFrame(app.lastFrame, 'profiles/alpha.yaml:6:9');
    expect(frame).toContain('✗ profiles/alpha.yaml:6:9 slice.mode: expected FIRST, LAST or TIMESTAMP');
    // At 80 columns the status line gives up its long labels, never the kept count.
    expect(frame).toMatch(/✗ invalid( \(last good\))? │ gemini\/scripted-model │ ~\d+ tokens \(est\.\) │ kept 5\/10/);
    expect(frame).toContain('Summarise ALPHA-PRE');
    app.memory.save('profiles/alpha.yaml', ALPHA_PROFILE);
    await waitForFrame(app.lastFrame, '✓ valid');
    await waitForFrame(app.lastFrame, (frame) => !frame.includes('alpha.yaml:6:9'));
  });

  it('runs the model with a spinner, shows the answer, and diffs the next run against it', async () => {
    const model = createScriptedModel({ answers: ['The user could not apply a coupon.', 'The coupon failed twice.'], hold: true });
    const app = start({ model });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    await waitForFrame(app.lastFrame, 'running gemini/scripted-model');
    await waitForFrame(app.lastFrame, 'Esc cancels');
    model.release();
    let frame = await waitForFrame(app.lastFrame, 'run #1');
    expect(frame).toContain('The user could not apply a coupon.');
    expect(frame).toContain('120 prompt + 30 output (reported by the vendor)');
    expect(frame).toContain('– none: the profile asks for a plain summary');
    expect(model.requests[0]?.prompt).toContain('ALPHA-PRE');

    const long = 'ALPHA-TWO for the product team, in a sentence long enough to wrap past the edge of an 80-column terminal.';
    app.memory.save('profiles/alpha.yaml', ALPHA_PROFILE.replace('ALPHA-PRE for the product team.', long));
    await press(app, '5');
    frame = await waitForFrame(app.lastFrame, 'now (not run yet)');
    expect(frame).toContain('- Summarise ALPHA-PRE for the product team.');
    expect(frame).toContain('+ Summarise ALPHA-TWO for the product team, in a sentence long enough to wrap');
    expect(frame).toContain('no answer for the current prompt yet');

    await press(app, 'r');
    model.release();
    frame = await waitForFrame(app.lastFrame, '+ run #2');
    expect(frame).toContain('- The user could not apply a coupon.');
    // Long lines wrap inside the pane, the +/- gutter kept apart: nothing spills past 80 columns.
    expect(frame.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(frame).toContain('+ The coupon failed twice.');
    expect(app.memory.runs.get('profiles/alpha.yaml\nsessions/checkout.json')?.map((run) => run.number)).toEqual([1, 2]);
  });

  it('cancels a run in progress with Esc', async () => {
    const model = createScriptedModel({ answers: ['never shown'], hold: true });
    const app = start({ model });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    await waitForFrame(app.lastFrame, 'running');
    await press(app, KEYS.escape);
    await waitForFrame(app.lastFrame, 'run cancelled');
    expect(model.requests[0]?.signal?.aborted).toBe(true);
    await waitForFrame(app.lastFrame, 'No run yet');
    expect(app.memory.runs.size).toBe(0);
  });

  it('keeps the answer of a profile whose model call failed, with the reason', async () => {
    const model = createScriptedModel({ answers: [new Error('quota exceeded')] });
    const app = start({ model });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    const frame = await waitForFrame(app.lastFrame, 'run #1');
    expect(frame).toContain('✗ error: quota exceeded');
  });

  it('says how many problems of a broken save are not on screen', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    const unknown = Array.from({ length: 25 }, (_, index) => `bogus_${index}: 1`).join('\n');
    app.memory.save('profiles/alpha.yaml', `${ALPHA_PROFILE}${unknown}\n`);
    const frame = await waitForFrame(app.lastFrame, 'more (recap validate lists them all)');
    expect(frame).toContain('bogus_0');
    expect(frame).toContain('… and 21 more (recap validate lists them all)');
    expect(frame).toMatch(/✗ invalid[^│]*│/);
  });

  it('records a failed run under the model that was asked, not the one the profile names', async () => {
    const model = createScriptedModel({ answers: [new Error('refused')], model: 'actual-model' });
    const profile = ALPHA_PROFILE.replace('llm:\n', 'llm:\n  model: named-in-profile\n');
    const memory = createMemoryStudio({ files: { ...STUDIO_FILES, 'profiles/alpha.yaml': profile }, model });
    const app = start({ model, memory });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    const frame = await waitForFrame(app.lastFrame, 'run #1');
    expect(frame).toContain('gemini / actual-model');
    const [record] = [...memory.runs.values()].flat();
    expect(record).toMatchObject({ provider: 'gemini', model: 'actual-model', outcome: { status: 'failed' } });
  });

  it('hands the terminal to $EDITOR on e and re-reads the profile afterwards', async () => {
    const memory = createMemoryStudio({
      files: { ...STUDIO_FILES },
      model: createScriptedModel({ answers: [] }),
      editor: (file, files) => {
        files.set(file, ALPHA_PROFILE.replace('ALPHA-PRE', 'FROM-THE-EDITOR'));
        return { ok: true };
      },
    });
    const app = start({ memory });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '3', 'e');
    await waitForFrame(app.lastFrame, 'Summarise FROM-THE-EDITOR');
    expect(memory.edited).toEqual(['profiles/alpha.yaml']);
    expect(memory.terminal).toEqual(['suspend', 'resume']);
    await press(app, '1');
    await waitForFrame(app.lastFrame, '[1 Events]');
  });

  it('picks another session from the list', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 's');
    await waitForFrame(app.lastFrame, 'Pick a session');
    await press(app, KEYS.down, KEYS.enter);
    await waitForFrame(app.lastFrame, 'session empty.json');
    await waitForFrame(app.lastFrame, 'kept 0 of 0');
  });

  it('acts on keys typed ahead in one burst as on the screen each key leads to', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    // One read from the terminal: the list opens on s, then ↓ and Enter must act in the list.
    app.stdin.write(`s${KEYS.down}${KEYS.enter}3`);
    await waitForFrame(app.lastFrame, 'session empty.json');
    await waitForFrame(app.lastFrame, '[3 Prompt]');
  });

  it('compares two profiles on the same session, prompts then answers', async () => {
    const model = createScriptedModel({ answers: ['Alpha answer.', '{"outcome": "abandoned"}'] });
    const app = start({ model, size: { columns: 140, rows: 30 } });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'c');
    await waitForFrame(app.lastFrame, 'Compare with which profile?');
    await press(app, KEYS.enter);
    let frame = await waitForFrame(app.lastFrame, 'BETA-PRE');
    expect(frame).toContain(' A  alpha.yaml');
    expect(frame).toContain(' B  beta.yaml');
    expect(frame).toContain('Summarise ALPHA-PRE');
    // Side by side: both prompts start on the same line.
    expect(frame.split('\n').some((line) => line.includes('Summarise ALPHA-PRE') && line.includes('BETA-PRE'))).toBe(true);
    await press(app, 'r');
    await press(app, KEYS.tab);
    frame = await waitForFrame(app.lastFrame, '"outcome": "abandoned"');
    expect(frame).toContain('Alpha answer.');
    expect(frame).toContain('✓ valid');
    await press(app, 'c');
    await waitForFrame(app.lastFrame, (frame) => !frame.includes('Compare'));
  });

  it('scrolls a comparison to the end of each side, even of an answer taller than its half', async () => {
    const long = `${'The customer tried the coupon field again and again, and the page answered with the same error. '.repeat(20)}A-ANSWER-END`;
    const model = createScriptedModel({ answers: [long, '{"outcome": "abandoned"}'] });
    const app = start({ model, size: { columns: 140, rows: 30 } });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'c', KEYS.enter);
    await waitForFrame(app.lastFrame, 'BETA-PRE');
    await press(app, 'r', KEYS.tab);
    await waitForFrame(app.lastFrame, '"outcome": "abandoned"');
    await waitForFrame(app.lastFrame, (frame) => !frame.includes('A-ANSWER-END'));
    await press(app, 'G');
    const frame = app.lastFrame() ?? '';
    // A's one line wraps past its half: the bottom shows its end; B, shorter, still shows its own.
    expect(frame).toContain('A-ANSWER-END');
    expect(frame).toContain('"outcome": "abandoned"');
  });

  it('stacks the comparison in an 80-column terminal', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'c', KEYS.enter);
    const frame = await waitForFrame(app.lastFrame, 'BETA-PRE');
    const lines = frame.split('\n');
    const a = lines.findIndex((line) => line.includes(' A  alpha.yaml'));
    const b = lines.findIndex((line) => line.includes(' B  beta.yaml'));
    expect(a).toBeGreaterThan(-1);
    expect(b).toBeGreaterThan(a);
  });

  it('keeps the lists beside the panes in a large terminal and fits the frame to its size', async () => {
    const app = start({ size: { columns: 140, rows: 40 } });
    const frame = await waitForFrame(app.lastFrame, 'kept 5 of 10');
    expect(frame).toContain('Profiles (p)');
    expect(frame).toMatch(/▸ alpha\.yaml/);
    expect(frame).toContain('Sessions (s)');
    expect(frame.split('\n')).toHaveLength(39);
    expect(Math.max(...frame.split('\n').map((line) => line.length))).toBeLessThanOrEqual(140);
  });

  it('fits 80×24 exactly, one row spare', async () => {
    const app = start();
    const frame = await waitForFrame(app.lastFrame, 'kept 5 of 10');
    expect(frame.split('\n')).toHaveLength(23);
    expect(Math.max(...frame.split('\n').map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it('shows the key help on ? and closes it with Esc', async () => {
    const app = start();
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '?');
    await waitForFrame(app.lastFrame, 'jump to Events, Context, Prompt, Response, Diff');
    await press(app, KEYS.escape);
    await waitForFrame(app.lastFrame, (frame) => !frame.includes('jump to Events'));
  });

  it('scrolls the events and jumps between kept events', async () => {
    const app = start({ size: { columns: 80, rows: 10 } });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, KEYS.down);
    await waitForFrame(app.lastFrame, /rows 2–/);
    await press(app, 'G');
    await waitForFrame(app.lastFrame, '9 10:00:09.000');
    await press(app, 'g', 'n', 'n');
    await waitForFrame(app.lastFrame, /rows 4–/);
  });

  it('scrolls to the true end of a prompt whose lines wrap, and of a last line taller than the pane', async () => {
    const wrapping = Array.from({ length: 14 }, (_, index) => `    Line ${index} of a pre_prompt written long enough that it wraps past the edge of an 80-column terminal.`).join('\n');
    const profile = ALPHA_PROFILE.replace('  pre_prompt: Summarise ALPHA-PRE for the product team.', `  pre_prompt: |\n${wrapping}`).replace(
      '  post_prompt: Answer in two sentences.',
      '  post_prompt: Answer in two sentences. POST-END',
    );
    const app = start({ memory: createMemoryStudio({ files: { ...STUDIO_FILES, 'profiles/alpha.yaml': profile }, model: createScriptedModel({ answers: [] }) }) });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, '3', 'G');
    let frame = app.lastFrame() ?? '';
    expect(frame).toContain('</session>');
    expect(frame).toContain('POST-END');
    expect(frame).toMatch(/lines \d+–\d+/);
    const [, first, last] = /lines (\d+)–(\d+)/.exec(frame) ?? [];
    expect(Number(last)).toBe(Number(/([\d,]+) lines ·/.exec(frame)?.[1]));
    expect(Number(first)).toBeGreaterThan(1);

    // A post_prompt folded into one paragraph taller than the pane: its end is what the bottom shows.
    const paragraph = `${'Describe what the customer tried, what failed and how the session ended. '.repeat(30)}THE-VERY-END`;
    const charsBefore = /([\d,]+) chars/.exec(frame)?.[1];
    app.memory.save('profiles/alpha.yaml', profile.replace('Answer in two sentences. POST-END', paragraph));
    await waitForFrame(app.lastFrame, (shown) => /([\d,]+) chars/.exec(shown)?.[1] !== charsBefore);
    await press(app, 'g', 'G');
    frame = await waitForFrame(app.lastFrame, 'THE-VERY-END');
    expect(frame).toContain('THE-VERY-END');
  });

  it('scrolls to the end of an answer that wraps', async () => {
    const answer = `${'The customer tried the coupon field again and again, and the page answered with the same error each time. '.repeat(12)}ANSWER-END`;
    const app = start({ model: createScriptedModel({ answers: [answer] }) });
    await waitForFrame(app.lastFrame, 'kept 5 of 10');
    await press(app, 'r');
    await waitForFrame(app.lastFrame, 'run #1');
    await press(app, '4', 'G');
    await waitForFrame(app.lastFrame, 'ANSWER-END');
  });
});
