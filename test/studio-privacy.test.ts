// Privacy rules in `recap studio`: rules that do not load stop it before it starts (exit 2, as
// `recap run`), and the real studio in tmux draws what the rules replaced as placeholders in a
// style of their own, with and without colour, and withholds the session when the rules break.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { EXIT_MARKER, startStudioInTmux, type TmuxStudio } from './support/studio-tmux.js';

const EMAIL = 'ada@example.com';
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, second)).toISOString();
const SESSION = {
  id: 'u-9:s-9',
  user: { uid: 'ada', email: EMAIL },
  events: [
    { type: 'navigate', timestamp: at(0), url: 'https://shop.example/account', title: 'Your account' },
    { type: 'console-error', timestamp: at(1), message: `mail to ${EMAIL} bounced` },
  ],
};
const RULES = 'presets: [email]\n';
const BROKEN_RULES = 'presets: [email]\npatterns:\n  order: "ORD-(?=[0-9])"\n';
const BROKEN_MESSAGE = 'patterns.order: invalid pattern "order": invalid or unsupported Perl syntax: `(?=` (patterns use RE2 syntax: no look-around or back-references)';

let directory: string;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'recap-studio-privacy-'));
  mkdirSync(path.join(directory, 'profiles'));
  mkdirSync(path.join(directory, 'sessions-fixtures'));
  writeFileSync(path.join(directory, 'profiles', 'private.yaml'), 'name: Private\nllm:\n  pre_prompt: Summarise PRIVATE-PRE.\ncontext:\n  include: [user]\n');
  writeFileSync(path.join(directory, 'sessions-fixtures', 'private.json'), JSON.stringify(SESSION));
  writeFileSync(path.join(directory, 'broken.yaml'), BROKEN_RULES);
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

const rulesFile = () => path.join(directory, 'profiles', 'privacy.yaml');

describe('recap studio with privacy rules that do not load', () => {
  afterEach(() => rmSync(rulesFile(), { force: true }));

  it('exits 2 on --privacy FILE with a broken rule, naming file, line and column, before asking for a terminal', async () => {
    const result = await runCli(['studio', '--privacy', 'broken.yaml'], { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`broken.yaml:3:10 ${BROKEN_MESSAGE}\n`);
  });

  it('exits 2 on a broken privacy.yaml beside the profiles, and on a --privacy file that is not there', async () => {
    writeFileSync(rulesFile(), BROKEN_RULES);
    const beside = await runCli(['studio'], { cwd: directory });
    expect(beside.code).toBe(2);
    expect(beside.stderr).toContain(`profiles/privacy.yaml:3:10 ${BROKEN_MESSAGE}`);
    const missing = await runCli(['studio', '--privacy', 'no-such-rules.yaml'], { cwd: directory });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('no-such-rules.yaml:1:1 cannot read the privacy rules: no such file\n');
  });
});

/** An SGR sequence that turns inverse on (7), alone or with other attributes, right before the text. */
const inverseBefore = (text: string) => new RegExp(`\\u001B\\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m(?:\\u001B\\[[0-9;]*m)*${text.replaceAll('[', '\\[').replaceAll(']', '\\]')}`);

describe('recap studio in tmux with privacy rules', () => {
  let studio: TmuxStudio | undefined;
  afterEach(() => {
    studio?.stop();
    rmSync(rulesFile(), { force: true });
  });

  const start = (env: Record<string, string> = {}) => (studio = startStudioInTmux({ cwd: directory, args: ['--provider', 'extractive'], env }));

  it('draws placeholders inverse (and coloured), counts them, and withholds the session while saved rules are broken', async () => {
    writeFileSync(rulesFile(), RULES);
    const app = start();
    await app.waitFor('privacy: email 2  profiles/privacy.yaml');
    app.sendKeys('3');
    let screen = await app.waitFor((text) => text.includes('[3 Prompt]') && text.includes('message="mail to [email] bounced"'));
    expect(screen).not.toContain(EMAIL);
    const escapes = app.captureWithEscapes();
    expect(escapes).toMatch(inverseBefore('[email]'));
    expect(escapes).toMatch(/\u001B\[[0-9;]*35[0-9;]*m(?:\u001B\[[0-9;]*m)*\[email\]/);

    writeFileSync(rulesFile(), BROKEN_RULES);
    screen = await app.waitFor('Withheld: the privacy rules below have problems.');
    expect(screen).toContain('profiles/privacy.yaml:3:10 patterns.order');
    expect(screen).not.toContain(EMAIL);
    expect(screen).not.toContain('PRIVATE-PRE');
    app.sendKeys('q');
    await app.waitFor(`${EXIT_MARKER} 0]`);
  }, 60_000);

  it('keeps the placeholders apart without colour under NO_COLOR', async () => {
    writeFileSync(rulesFile(), RULES);
    const app = start({ NO_COLOR: '1' });
    await app.waitFor('privacy: email 2');
    app.sendKeys('3');
    await app.waitFor((text) => text.includes('[3 Prompt]') && text.includes('message="mail to [email] bounced"'));
    const escapes = app.captureWithEscapes();
    expect(escapes).toMatch(inverseBefore('[email]'));
    expect(escapes).not.toMatch(/\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;[25])[;m]/);
  }, 60_000);
});
