import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let directory: string;

const session = {
  id: 'u-1:s-1',
  user: { uid: 'alice', email: 'alice@example.com' },
  device: { type: 'desktop' },
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://shop.example/cart', title: 'Cart' },
    { type: 'click', timestamp: '2026-03-01T10:00:03.100Z', target: { selector: 'button#apply', text: 'Apply coupon' } },
    { type: 'custom', name: 'Checkout Started', timestamp: '2026-03-01T10:00:04.000Z' },
  ],
};

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-cli-'));
  await writeFile(path.join(directory, 'session.json'), JSON.stringify(session));
  await writeFile(path.join(directory, 'plain.yaml'), 'llm:\n  pre_prompt: Summarise this session.\ncontext:\n  exclude: [user]\n');
  await writeFile(
    path.join(directory, 'structured.yaml'),
    'llm:\n  response_schema:\n    type: OBJECT\n    properties:\n      outcome: { type: STRING }\n',
  );
  await writeFile(path.join(directory, 'broken.yaml'), 'slice:\n  mode: MIDDLE\n');
});

const run = (...argv: string[]) => runCli(argv, { cwd: directory });

describe('recap --help', () => {
  it('lists the commands', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/run \[options\] <profile\.yaml> <session\.\.\.>/);
    expect(result.stdout).toMatch(/report \[options\] <results\.jsonl\.\.\.>/);
    expect(result.stdout).toMatch(/validate/);
  });

  it('shows an example for each command', async () => {
    for (const command of ['run', 'validate']) {
      const result = await runCli([command, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Example:\n {2}\$ recap /);
    }
  });

  it('exits 2 on an unknown option or command', async () => {
    expect((await runCli(['run', '--frobnicate'])).code).toBe(2);
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });
});

describe('recap validate', () => {
  it('exits 0 for valid profiles', async () => {
    const result = await run('validate', 'plain.yaml', 'structured.yaml');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('plain.yaml: valid\nstructured.yaml: valid\n');
  });

  it('exits 1 and prints file:line:col for an invalid profile', async () => {
    const result = await run('validate', 'plain.yaml', 'broken.yaml');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('broken.yaml:2:9 slice.mode: expected FIRST, LAST or TIMESTAMP, got "MIDDLE"');
  });

  it('names a missing file', async () => {
    const result = await run('validate', 'nope.yaml');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nope.yaml:1:1 file not found');
  });
});

describe('recap run', () => {
  it('--dry-run --json prints the object of docs/cli.md without calling a model', async () => {
    const result = await run('run', 'plain.yaml', 'session.json', '--dry-run', '--json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['session_id', 'prompt', 'events', 'context', 'generation', 'tokens']);
    expect(json).toMatchObject({
      session_id: 'u-1:s-1',
      events: {
        total: 3,
        kept: [
          { index: 0, type: 'navigate', name: null, timestamp: '2026-03-01T10:00:00.000Z' },
          { index: 1, type: 'click', name: null, timestamp: '2026-03-01T10:00:03.100Z' },
          { index: 2, type: 'custom', name: 'Checkout Started', timestamp: '2026-03-01T10:00:04.000Z' },
        ],
      },
      context: { device: { type: 'desktop' } },
      generation: { model: 'extractive-v1', temperature: null, response_schema: null },
      tokens: { method: 'estimate' },
    });
    expect(json.prompt).toMatch(/^Summarise this session\.\n\n<session id="u-1:s-1">/);
    expect(json.prompt).not.toContain('alice');
  });

  it('summarises with the offline extractive model when no key is configured', async () => {
    const result = await run('run', 'plain.yaml', 'session.json');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('model     extractive / extractive-v1 (rule-based, not a language model)');
    expect(result.stdout).toContain('Rule-based summary (recap extractive, not a language model');
  });

  it('--json adds result and usage', async () => {
    const result = await run('run', 'plain.yaml', 'session.json', '--json');
    const json = JSON.parse(result.stdout) as { result: { summary: string }; usage: Record<string, unknown> };
    expect(json.result.summary).toMatch(/^Rule-based summary/);
    expect(json.usage).toMatchObject({ provider: 'extractive', model: 'extractive-v1', attempts: 1, total_tokens: null });
  });

  it('exits 2 with a clear message when the extractive model meets a response schema', async () => {
    const result = await run('run', 'structured.yaml', 'session.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot fill a response schema/);
    expect(result.stdout).toBe('');
  });

  it('prints the warnings recap validate gives for a profile it runs (a filter key that is a near miss of a type)', async () => {
    await writeFile(path.join(directory, 'typo.yaml'), 'events:\n  exclude_types: [element_seen]\n');
    const warning = 'typo.yaml:2:19 events.exclude_types[0]: warning: "element_seen" is not a built-in type, so it only matches custom events named so exactly (did you mean "element-seen"?)';
    const single = await run('run', 'typo.yaml', 'session.json', '--dry-run', '--json');
    expect(single.code).toBe(0);
    expect(single.stderr).toBe(`${warning}\n`);
    const many = await run('run', 'typo.yaml', 'session.json', '--output', 'typo-results.jsonl');
    expect(many.code).toBe(0);
    expect(many.stderr.split(warning)).toHaveLength(2);
  });

  it('warns that a comment cut short a prompt written unquoted, and runs the prompt as YAML read it', async () => {
    await writeFile(path.join(directory, 'cut.yaml'), 'llm:\n  post_prompt: Cite events as #index.\n');
    const result = await run('run', 'cut.yaml', 'session.json', '--dry-run', '--json');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('cut.yaml:2:31 llm.post_prompt: warning: YAML reads the rest of this line after " #" as a comment, not as part of the prompt: quote the prompt or write it as a block (|)\n');
    expect(JSON.parse(result.stdout).prompt).toMatch(/Cite events as$/);
  });

  it('warns when the provider does not use a model flag given (--model without a key runs the extractive model)', async () => {
    const result = await run('run', 'plain.yaml', 'session.json', '--model', 'gemini-2.5-pro', '--dry-run');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'warning: --model gemini-2.5-pro is not used by the extractive provider, chosen because no API key is set (set GEMINI_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL, or pass --provider)\n',
    );
    const replay = await run('run', 'plain.yaml', 'session.json', '--provider', 'replay', '--base-url', 'http://127.0.0.1:9', '--dry-run');
    expect(replay.stderr).toBe('warning: --base-url http://127.0.0.1:9 is not used by the replay provider\n');
    const many = await run('run', 'plain.yaml', 'session.json', '--output', 'unused-flags.jsonl', '--provider', 'extractive', '--model', 'm', '--base-url', 'http://127.0.0.1:9');
    expect(many.stderr).toContain('warning: --model m and --base-url http://127.0.0.1:9 are not used by the extractive provider\n');
    expect((await run('run', 'plain.yaml', 'session.json', '--dry-run')).stderr).toBe('');
  });

  it('exits 2 for an invalid profile, naming file:line:col', async () => {
    const result = await run('run', 'broken.yaml', 'session.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('broken.yaml:2:9 slice.mode');
  });

  it('exits 2 for a missing fixture, an unknown provider, or Gemini without a key', async () => {
    expect((await run('run', 'plain.yaml', 'missing.json')).stderr).toContain('missing.json: file not found');
    // A folder names many sessions (docs/many-sessions.md): one without any is a usage error.
    await mkdir(path.join(directory, 'empty'), { recursive: true });
    const folder = await run('run', 'plain.yaml', 'empty');
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('empty: the folder holds no .json session file');
    const unknown = await run('run', 'plain.yaml', 'session.json', '--provider', 'claude');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown provider "claude"');
    const noKey = await run('run', 'plain.yaml', 'session.json', '--provider', 'gemini');
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/no Gemini API key: set GEMINI_API_KEY/);
    // OpenAI's own API needs a key: refused before any call (a base URL alone is a local server).
    const noOpenAiKey = await run('run', 'plain.yaml', 'session.json', '--provider', 'openai');
    expect(noOpenAiKey.code).toBe(2);
    expect(noOpenAiKey.stderr).toContain('no OpenAI API key: set OPENAI_API_KEY');
  });

  it('refuses a base URL that is not an http(s) URL as a configuration error (exit 2), naming where it came from', async () => {
    const flag = await run('run', 'plain.yaml', 'session.json', '--provider', 'openai', '--base-url', 'not-a-url');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe('error: openai: the base URL "not-a-url" (--base-url) is not an http(s) URL, e.g. http://localhost:8080\n');
    const fromEnv = await runCli(['run', 'plain.yaml', 'session.json'], { cwd: directory, env: { GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: 'ftp://example' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('the base URL "ftp://example" (GOOGLE_GEMINI_BASE_URL) is not an http(s) URL');
  });

  it('prints page text with terminal control characters escaped, never raw', async () => {
    const title = 'T\u001b[31mRED\u001b]0;pwned\u0007';
    await writeFile(
      path.join(directory, 'escapes.json'),
      JSON.stringify({ id: 'u:esc', events: [{ type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://a.example/', title }] }),
    );
    const result = await run('run', 'plain.yaml', 'escapes.json');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(result.stdout).toContain('T\\u001b[31mRED\\u001b]0;pwned\\u0007');
  });

  it('prints --json with C1 and bidi control characters of page text as \\u escapes, the same JSON value read back', async () => {
    // JSON.stringify writes ESC as \u001b but U+009B (CSI: `\u009b2J` clears the screen) and U+202E as they are.
    const title = 'T\u009b2J \u009d0;pwned\u009c invoice\u202efdp.exe\u007f';
    await writeFile(
      path.join(directory, 'c1.json'),
      JSON.stringify({ id: 'u:c1', events: [{ type: 'navigate', timestamp: '2026-03-01T10:00:00Z', url: 'https://a.example/', title }] }),
    );
    for (const args of [['--dry-run', '--json'], ['--json']]) {
      const result = await run('run', 'plain.yaml', 'c1.json', ...args);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(result.stdout).toContain('T\\u009b2J \\u009d0;pwned\\u009c invoice\\u202efdp.exe\\u007f');
      expect(JSON.stringify(JSON.parse(result.stdout))).toContain(title);
    }
  });

  it('replays a cassette miss as a failure (exit 1) naming the key', async () => {
    const result = await run('run', 'plain.yaml', 'session.json', '--provider', 'replay', '--cassettes', 'none');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no cassette for this request .* key [0-9a-f]{64}/);
  });
});
