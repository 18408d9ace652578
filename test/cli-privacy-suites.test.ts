// Privacy rules in `recap test`: privacy.yaml next to the suite's profile or --privacy FILE,
// `prompt.privacy` counts, `prompt.redacts` texts, and rules that fail to load stop the run.

import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn } from './support/gemini-stand-in.js';
import { runCli } from './support/run-cli.js';
import { createWorkspace } from './support/suite-workspace.js';

let directory: string;

const session = {
  id: 'u-1:s-1',
  user: { uid: 'alice', email: 'alice@example.com' },
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://shop.example/pay' },
    { type: 'input-change', timestamp: '2026-03-01T10:00:02.000Z', target: { selector: 'form > input#card', text: 'Card' }, value: '4111 1111 1111 1111' },
    { type: 'console-error', timestamp: '2026-03-01T10:00:03.000Z', message: 'mail to alice@example.com bounced' },
  ],
};

const suite = (prompt: string) =>
  `profile: profile.yaml\nprovider: extractive\ncases:\n  - name: guarded\n    session: session.json\n    prompt:\n${prompt}`;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-privacy-suites-'));
  await writeFile(path.join(directory, 'session.json'), JSON.stringify(session));
  await writeFile(path.join(directory, 'profile.yaml'), 'llm:\n  pre_prompt: Summarise this session.\ncontext:\n  include: [user]\n');
  await writeFile(path.join(directory, 'privacy.yaml'), 'presets: [email, card]\n');
  await writeFile(path.join(directory, 'cards-only.yaml'), 'presets: [card]\n');
  await writeFile(path.join(directory, 'broken.yaml'), 'presets: [email, postcode]\n');
});

async function test(name: string, prompt: string, ...flags: string[]) {
  await writeFile(path.join(directory, `${name}.recap.yaml`), suite(prompt));
  return runCli(['test', `${name}.recap.yaml`, '--reporter', 'json', ...flags], { cwd: directory, env: { CI: 'true' } });
}

interface JsonReport {
  suites: { cases: { status: string; prompt_assertions: { id: string; passed: boolean; message: string }[] }[] }[];
}
const assertions = (stdout: string) => (JSON.parse(stdout) as JsonReport).suites[0]?.cases[0]?.prompt_assertions ?? [];

describe('recap test with privacy rules', () => {
  it('applies privacy.yaml next to the profile; counts and redacted texts pass', async () => {
    const result = await test('pass', '      privacy: { email: 2, card: { min: 1 } }\n      redacts: [alice@example.com, "/4111[ 0-9]+/"]\n');
    expect(result.code).toBe(0);
    expect(assertions(result.stdout).map(({ id, passed }) => [id, passed])).toEqual([
      ['prompt.privacy.email', true],
      ['prompt.privacy.card', true],
      ['prompt.redacts[0]', true],
      ['prompt.redacts[1]', true],
    ]);
  });

  it('fails a case whose text reaches the prompt, or whose count differs, under --privacy FILE', async () => {
    const result = await test('leak', '      privacy: { email: 2 }\n      redacts: [alice@example.com]\n', '--privacy', 'cards-only.yaml');
    expect(result.code).toBe(1);
    expect(assertions(result.stdout)).toEqual([
      expect.objectContaining({ id: 'prompt.privacy.email', passed: false, message: '0 replacement(s) by email (expected 2)' }),
      expect.objectContaining({ id: 'prompt.redacts[0]', passed: false, message: '"alice@example.com" reaches the prompt' }),
    ]);
  });

  it('fails a redacts text the session never held: its absence proves nothing', async () => {
    const result = await test('vacuous', '      redacts: [bob@example.com]\n');
    expect(result.code).toBe(1);
    expect(assertions(result.stdout)[0]?.message).toContain('is not in the recorded session');
  });

  it('stops with exit 2 when the rules fail to load', async () => {
    const result = await test('broken', '      redacts: [alice@example.com]\n', '--privacy', 'broken.yaml');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/broken\.yaml:1:18 presets\[1\]: /);
  });

  it('refuses privacy counts when no rules apply, naming the case', async () => {
    await mkdir(path.join(directory, 'bare'), { recursive: true });
    await writeFile(path.join(directory, 'bare', 'profile.yaml'), 'llm:\n  pre_prompt: Summarise this session.\n');
    await writeFile(path.join(directory, 'bare', 'session.json'), JSON.stringify(session));
    await writeFile(path.join(directory, 'bare', 'unguarded.recap.yaml'), suite('      privacy: { email: 0 }\n'));
    const result = await runCli(['test', path.join('bare', 'unguarded.recap.yaml')], { cwd: directory, env: { CI: 'true' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${path.join('bare', 'unguarded.recap.yaml')}:4 cases[0].prompt.privacy: no privacy rules apply to profile.yaml (no ${path.join('bare', 'privacy.yaml')}, and no --privacy FILE)`,
    );
  });
});

describe('a canary session through recap test with a model', () => {
  it('sends the model and records in the cassette only the redacted session', async () => {
    const standIn = await startGeminiStandIn({ apiKey: 'test-key' });
    try {
      const workspace = await createWorkspace({
        'guarded.yaml': 'llm:\n  pre_prompt: Summarise the session.\ncontext:\n  include: [user]\n',
        'privacy.yaml': 'presets: [email]\nblock_selectors: ["button#apply"]\n',
        'canary.recap.yaml': 'profile: guarded.yaml\nprovider: gemini\ncases:\n  - name: canary\n    session: session.json\n    prompt:\n      redacts: [alice@example.com, Apply coupon]\n    expect:\n      summary_contains: [checkout]\n',
      });
      standIn.enqueue('The shopper left the checkout.');
      const recorded = await workspace.run([], {}, { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: standIn.url });
      expect(recorded.stdout).toContain('PASS');
      expect(recorded.code).toBe(0);
      const [file] = await workspace.cassettes();
      const cassette = await readFile(path.join(workspace.directory, '.recap', 'cassettes', file ?? ''), 'utf8');
      const sent = JSON.stringify(standIn.requests);
      expect(sent).toContain('[email]');
      for (const text of ['alice@example.com', 'Apply coupon']) {
        expect(sent).not.toContain(text);
        expect(cassette).not.toContain(text);
      }
    } finally {
      await standIn.close();
    }
  });
});
