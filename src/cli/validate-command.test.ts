import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import { validateCommand } from './validate-command.js';

const PROFILE = 'llm:\n  pre_prompt: Summarise the session.\n';
const BROKEN_RULES = 'patterns:\n  order: "ORD-(?=[0-9])"\n';
const BROKEN_LINE = 'privacy.yaml:2:10 patterns.order: invalid pattern "order": invalid or unsupported Perl syntax: `(?=`';

/** A temporary folder holding `files` (path → text). */
async function folderWith(files: Record<string, string>): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'recap-validate-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), text);
  }
  return directory;
}

async function validate(cwd: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd };
  const json = argv.includes('--json');
  const at = argv.indexOf('--privacy');
  const privacy = at === -1 ? undefined : argv[at + 1];
  const files = argv.filter((arg, index) => arg !== '--json' && (at === -1 || (index !== at && index !== at + 1)));
  const code = await validateCommand(files, { json, ...(privacy === undefined ? {} : { privacy }) }, io);
  return { code, stdout, stderr };
}

describe('recap validate and the privacy rules recap run applies', () => {
  it('a profile whose privacy.yaml does not compile is invalid: the rules problem with file:line:col, exit 1', async () => {
    const cwd = await folderWith({ 'p.yaml': PROFILE, 'privacy.yaml': BROKEN_RULES });
    const result = await validate(cwd, 'p.yaml');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toContain(BROKEN_LINE);
    expect(lines.slice(1)).toEqual(['p.yaml: invalid: recap run and recap test stop on its privacy rules (privacy.yaml)', '1 of 1 profile(s) invalid (1 by the privacy rules beside it)']);
  });

  it('a privacy.yml beside a profile, which recap run refuses to skip, makes the profile invalid', async () => {
    const cwd = await folderWith({ 'p.yaml': PROFILE, 'privacy.yml': 'presets: [email]\n' });
    const result = await validate(cwd, 'p.yaml');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('privacy.yml:1:1 these privacy rules would not apply: recap applies privacy.yaml next to the profile');
  });

  it('a profile with valid rules beside it stays valid, and --json names the rules checked', async () => {
    const cwd = await folderWith({ 'profiles/p.yaml': PROFILE, 'profiles/privacy.yaml': 'presets: [email]\n' });
    expect(await validate(cwd, 'profiles/p.yaml')).toEqual({ code: 0, stdout: 'profiles/p.yaml: valid\n', stderr: '' });
    const json = JSON.parse((await validate(cwd, 'profiles/p.yaml', '--json')).stdout) as { files: unknown[] };
    expect(json.files).toEqual([{ file: 'profiles/p.yaml', kind: 'profile', valid: true, errors: [], warnings: [], privacy: { file: 'profiles/privacy.yaml', valid: true, errors: [] } }]);
  });

  it('rules shared by several profiles are reported once, and every profile using them counts as invalid', async () => {
    const cwd = await folderWith({ 'a.yaml': PROFILE, 'b.yaml': PROFILE, 'privacy.yaml': BROKEN_RULES });
    const result = await validate(cwd, 'a.yaml', 'b.yaml');
    expect(result.code).toBe(1);
    expect(result.stderr.split(BROKEN_LINE)).toHaveLength(2);
    expect(result.stderr).toContain('2 of 2 profile(s) invalid (2 by the privacy rules beside it)');
  });
});

describe('recap validate given a privacy rules file among profiles (profiles/*.yaml after recap init)', () => {
  it('checks profiles/privacy.yaml as privacy rules, and says so', async () => {
    const cwd = await folderWith({ 'profiles/p.yaml': PROFILE, 'profiles/privacy.yaml': 'presets: [email, card]\n' });
    const result = await validate(cwd, 'profiles/p.yaml', 'profiles/privacy.yaml');
    expect(result).toEqual({ code: 0, stdout: 'profiles/p.yaml: valid\nprofiles/privacy.yaml: valid privacy rules\n', stderr: '' });
    const json = JSON.parse((await validate(cwd, 'profiles/privacy.yaml', '--json')).stdout) as unknown;
    expect(json).toEqual({ valid: true, files: [{ file: 'profiles/privacy.yaml', kind: 'privacy_rules', valid: true, errors: [], warnings: [] }] });
  });

  it('reports broken rules given themselves with file:line:col and counts them apart from profiles', async () => {
    const cwd = await folderWith({ 'privacy.yaml': BROKEN_RULES });
    const result = await validate(cwd, 'privacy.yaml');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(BROKEN_LINE);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('1 of 1 privacy rules file(s) invalid');
  });

  it('warns that a privacy.yml is not applied by itself next to a profile', async () => {
    const cwd = await folderWith({ 'privacy.yml': 'presets: [email]\n' });
    const result = await validate(cwd, 'privacy.yml');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('privacy.yml: valid privacy rules\n');
    expect(result.stderr).toBe('privacy.yml:1:1 warning: recap applies privacy.yaml next to a profile, not privacy.yml: rename it to privacy.yaml, or name it with --privacy\n');
  });
});

describe('recap validate --privacy FILE', () => {
  it('checks every profile with those rules instead of the privacy.yaml beside it, as recap run --privacy applies them', async () => {
    const cwd = await folderWith({ 'profiles/p.yaml': PROFILE, 'profiles/q.yaml': PROFILE, 'profiles/privacy.yaml': BROKEN_RULES, 'rules/strict.yaml': 'presets: [email]\n' });
    // The rules beside the profiles do not load; recap run --privacy rules/strict.yaml never reads them.
    expect(await validate(cwd, '--privacy', 'rules/strict.yaml', 'profiles/p.yaml', 'profiles/q.yaml')).toEqual({
      code: 0,
      stdout: 'profiles/p.yaml: valid\nprofiles/q.yaml: valid\n',
      stderr: '',
    });
    const json = JSON.parse((await validate(cwd, '--privacy', 'rules/strict.yaml', 'profiles/p.yaml', '--json')).stdout) as { files: { privacy?: unknown }[] };
    expect(json.files[0]?.privacy).toEqual({ file: 'rules/strict.yaml', valid: true, errors: [] });
  });

  it('makes every profile invalid when those rules do not load, naming the file once, and one that is missing too', async () => {
    const cwd = await folderWith({ 'p.yaml': PROFILE, 'q.yaml': PROFILE, 'rules/broken.yaml': BROKEN_RULES });
    const result = await validate(cwd, '--privacy', 'rules/broken.yaml', 'p.yaml', 'q.yaml');
    expect(result.code).toBe(1);
    expect(result.stderr.split('rules/broken.yaml:2:10 patterns.order: invalid pattern')).toHaveLength(2);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('2 of 2 profile(s) invalid (2 by the privacy rules of --privacy rules/broken.yaml)');
    const missing = await validate(cwd, '--privacy', 'rules/none.yaml', 'p.yaml');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('rules/none.yaml:1:1 cannot read the privacy rules');
  });
});
