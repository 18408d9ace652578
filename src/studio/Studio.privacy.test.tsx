import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { Studio } from './Studio.js';
import { createMemoryStudio, type MemoryStudioOptions } from './test-support/memory-studio.js';
import { createScriptedModel } from './test-support/scripted-model.js';
import { STUDIO_FILES } from './test-support/studio-fixtures.js';
import { KEYS, settle, waitForFrame } from './test-support/wait-for-frame.js';

afterEach(() => {
  cleanup();
});

const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, second)).toISOString();

/** What must never reach the screen or a model once rules cover it. */
const EMAIL = 'ada@example.com';
const CARD = '4111 1111 1111 1111';
const TOKEN = 's3cr3t-t0ken';

const PRIVATE_SESSION = JSON.stringify({
  id: 'u-9:s-9',
  user: { uid: 'ada', email: EMAIL },
  events: [
    { type: 'navigate', timestamp: at(0), url: `https://shop.example/reset?token=${TOKEN}&step=2`, title: 'Reset your password' },
    { type: 'console-error', timestamp: at(1), message: `mail to ${EMAIL} bounced` },
    { type: 'input-change', timestamp: at(2), target: { selector: 'form#pay > input#card-number', text: 'Card number' }, value: CARD },
    { type: 'click', timestamp: at(3), target: { selector: 'button#pay', text: 'Pay now' } },
  ],
});

const PRIVATE_PROFILE = 'name: Private\nllm:\n  pre_prompt: Summarise PRIVATE-PRE.\ncontext:\n  include: [user]\n';
const RULES = 'presets: [email]\nblock_selectors: ["#card-number"]\nstrip_url_params: [token]\n';
/** RE2 has no look-ahead: line 2, column 10 is the pattern. */
const BROKEN_RULES = 'patterns:\n  order: "ORD-(?=[0-9])"\n';

const FILES = { 'profiles/private.yaml': PRIVATE_PROFILE, 'sessions/private.json': PRIVATE_SESSION };

function start(files: Record<string, string>, options: Omit<MemoryStudioOptions, 'files'> & { columns?: number } = {}) {
  const model = createScriptedModel({ answers: ['The customer reset a password and paid.'] });
  const memory = createMemoryStudio({ model, ...options, files });
  const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: options.columns ?? 80, rows: 24 }} />);
  return { ...app, memory, model };
}

async function press(app: { stdin: { write(data: string): void } }, ...keys: string[]) {
  for (const key of keys) {
    app.stdin.write(key);
    await settle();
  }
}

/** Every frame drawn so far, and the one on screen after each pane key. */
async function everyPane(app: ReturnType<typeof start>): Promise<string[]> {
  const shown: string[] = [];
  for (const key of ['1', '2', '3', '4', '5']) {
    await press(app, key);
    shown.push(app.lastFrame() ?? '');
  }
  return [...app.frames, ...shown];
}

const leaks = (frames: readonly string[]) => frames.filter((frame) => [EMAIL, CARD, TOKEN].some((secret) => frame.includes(secret)));

describe('Studio: privacy rules', () => {
  it('applies privacy.yaml beside the profiles from the first frame on, counts what it replaced, and never lists it as a profile', async () => {
    // The rules are read last: until they are, nothing of the session may show.
    let releaseRules: () => void = () => undefined;
    const rulesRead = new Promise<void>((resolve) => (releaseRules = resolve));
    const app = start(
      { ...FILES, 'profiles/privacy.yaml': RULES },
      { columns: 140, readGate: (file) => (file === 'profiles/privacy.yaml' ? rulesRead : Promise.resolve()) },
    );
    await waitForFrame(app.lastFrame, 'Preparing…');
    await settle(100);
    releaseRules();
    const frame = await waitForFrame(app.lastFrame, 'privacy: email 2 · url_param 1 · blocked 1  profiles/privacy.yaml');
    expect(frame).toContain('profile private.yaml');
    expect(frame).not.toMatch(/^\s*privacy\.yaml/m);
    expect(frame).toContain('[blocked]');
    // 140×24, one row spare, the privacy line included.
    expect(frame.split('\n')).toHaveLength(23);
    await press(app, '3');
    await waitForFrame(app.lastFrame, '"mail to [email] bounced"');
    await waitForFrame(app.lastFrame, 'https://shop.example/reset?step=2');
    await press(app, '2');
    await waitForFrame(app.lastFrame, /email +\[email\]/);
    expect(leaks(await everyPane(app))).toEqual([]);
  });

  it('sends the model the redacted prompt', async () => {
    const app = start({ ...FILES, 'profiles/privacy.yaml': RULES });
    await waitForFrame(app.lastFrame, 'privacy: email 2');
    await press(app, 'r');
    await waitForFrame(app.lastFrame, 'run #1');
    const sent = app.model.requests[0]?.prompt ?? '';
    expect(sent).toContain('mail to [email] bounced');
    expect(leaks([sent])).toEqual([]);
    expect(leaks(app.memory.runs.get('profiles/private.yaml\nsessions/private.json')?.map((run) => run.prompt) ?? [])).toEqual([]);
  });

  it('says when rules match nothing, and shows no privacy line without rules', async () => {
    const matchingNothing = start({ ...STUDIO_FILES, 'profiles/privacy.yaml': 'presets: [iban]\n' });
    await waitForFrame(matchingNothing.lastFrame, 'privacy: none matched  profiles/privacy.yaml');
    cleanup();
    const withoutRules = start({ ...STUDIO_FILES });
    const frame = await waitForFrame(withoutRules.lastFrame, 'kept 5 of 10');
    expect(frame).not.toContain('privacy:');
  });

  it('takes --privacy FILE instead, and reloads it when it is saved', async () => {
    const app = start({ ...FILES, 'profiles/privacy.yaml': 'presets: [iban]\n', 'rules/strict.yaml': 'presets: [email]\n' }, { settings: { privacyFile: 'rules/strict.yaml' } });
    await waitForFrame(app.lastFrame, 'privacy: email 2  rules/strict.yaml');
    await press(app, '1');
    await waitForFrame(app.lastFrame, 'Card number');
    app.memory.save('rules/strict.yaml', RULES);
    await waitForFrame(app.lastFrame, 'privacy: email 2 · url_param 1 · blocked 1  rules/strict.yaml');
    await waitForFrame(app.lastFrame, (frame) => !frame.includes('Card number'));
  });

  it('withholds everything while saved rules are invalid, shows their problem, sends nothing, and recovers on the next valid save', async () => {
    const app = start({ ...FILES, 'profiles/privacy.yaml': RULES });
    await waitForFrame(app.lastFrame, 'privacy: email 2');
    await press(app, '3');
    app.memory.save('profiles/privacy.yaml', BROKEN_RULES);
    const frame = await waitForFrame(app.lastFrame, 'profiles/privacy.yaml:2:10 patterns.order: invalid pattern "order"');
    expect(frame).toContain('Withheld: the privacy rules below have problems.');
    expect(frame).toContain('privacy: invalid rules: session withheld');
    expect(frame).not.toContain('PRIVATE-PRE');
    await press(app, 'r');
    await waitForFrame(app.lastFrame, 'nothing is sent: the privacy rules have problems');
    expect(app.model.requests).toHaveLength(0);
    expect(leaks(await everyPane(app))).toEqual([]);

    app.memory.save('profiles/privacy.yaml', RULES);
    await press(app, '3');
    await waitForFrame(app.lastFrame, '"mail to [email] bounced"');
    await waitForFrame(app.lastFrame, (frame) => !frame.includes('privacy.yaml:2:10'));
    expect(leaks(app.frames)).toEqual([]);
  });

  it('withholds everything when the rules file is deleted while the studio runs', async () => {
    const app = start({ ...FILES, 'profiles/privacy.yaml': RULES });
    await waitForFrame(app.lastFrame, 'privacy: email 2');
    app.memory.remove('profiles/privacy.yaml');
    const frame = await waitForFrame(app.lastFrame, 'cannot read the privacy rules: the file is gone');
    expect(frame).toContain('Withheld');
    expect(leaks(await everyPane(app))).toEqual([]);
  });

  it('compares two profiles under the same rules, and withholds both when they break', async () => {
    const app = start({ ...FILES, 'profiles/other.yaml': PRIVATE_PROFILE.replace('PRIVATE-PRE', 'OTHER-PRE'), 'profiles/privacy.yaml': RULES }, { columns: 140 });
    await waitForFrame(app.lastFrame, 'privacy: email 2');
    await press(app, 'c', KEYS.enter);
    await waitForFrame(app.lastFrame, 'OTHER-PRE');
    app.memory.save('profiles/privacy.yaml', BROKEN_RULES);
    await waitForFrame(app.lastFrame, 'Withheld');
    expect(leaks(app.frames)).toEqual([]);
  });
});

/** A fixture whose fourth event has an email where a status code belongs: invalid. */
const INVALID_SESSION = JSON.stringify({
  id: 'u-9:s-9',
  events: [
    { type: 'navigate', timestamp: at(0), url: 'https://shop.example/', title: 'Home' },
    { type: 'click', timestamp: at(1), target: { selector: 'button#pay' } },
    { type: 'click', timestamp: at(2), target: { selector: 'button#pay' } },
    { type: 'network-error', timestamp: at(3), url: 'https://shop.example/api', status: EMAIL },
  ],
});

describe('Studio: problems of an invalid session under privacy rules', () => {
  const files = { 'profiles/private.yaml': PRIVATE_PROFILE, 'sessions/private.json': INVALID_SESSION };

  it('name the kind of the value they find wrong, not the value, in the status area and in the Report pane after A', async () => {
    const app = start({ ...files, 'profiles/privacy.yaml': RULES });
    const frame = await waitForFrame(app.lastFrame, 'events[3].status: expected a number, got a string');
    expect(frame).toContain('✗ session invalid');
    await press(app, 'A');
    await waitForFrame(app.lastFrame, 'all sessions: 1/1 done, 1 failed');
    await press(app, '6');
    const report = await waitForFrame(app.lastFrame, 'invalid_session');
    expect(report).toContain('got a string');
    expect(leaks(app.frames)).toEqual([]);
  });

  it('do so too while the rules fail to load, or are still being read', async () => {
    let releaseRules: () => void = () => undefined;
    const rulesRead = new Promise<void>((resolve) => (releaseRules = resolve));
    const app = start({ ...files, 'profiles/privacy.yaml': BROKEN_RULES }, { readGate: (file) => (file === 'profiles/privacy.yaml' ? rulesRead : Promise.resolve()) });
    await waitForFrame(app.lastFrame, 'got a string');
    releaseRules();
    await waitForFrame(app.lastFrame, 'profiles/privacy.yaml:2:10');
    await waitForFrame(app.lastFrame, 'got a string');
    expect(leaks(app.frames)).toEqual([]);
  });

  it('quote the value, as recap run does, once it is known that no rules apply', async () => {
    let releaseRules: () => void = () => undefined;
    const rulesRead = new Promise<void>((resolve) => (releaseRules = resolve));
    const app = start(files, { readGate: (file) => (file === 'profiles/privacy.yaml' ? rulesRead : Promise.resolve()) });
    await waitForFrame(app.lastFrame, 'got a string');
    releaseRules();
    // The problem wraps at 80 columns.
    await waitForFrame(app.lastFrame, (frame) => frame.replace(/\s+/g, ' ').includes(`events[3].status: expected a number, got "${EMAIL}"`));
  });
});
