// Privacy rules in `recap run`: privacy.yaml next to the profile, --privacy FILE, counts in
// --dry-run --json, and rules that fail to load stop the command.

import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

let directory: string;

const session = {
  id: 'u-1:s-1',
  user: { uid: 'alice', email: 'alice@example.com' },
  events: [
    { type: 'navigate', timestamp: '2026-03-01T10:00:00.000Z', url: 'https://shop.example/reset?reset_token=s3cr3t-v4lue&step=2' },
    { type: 'input-change', timestamp: '2026-03-01T10:00:02.000Z', target: { selector: 'form#pay > input#card-number', text: 'Card number' }, value: '4111 1111 1111 1111' },
    { type: 'console-error', timestamp: '2026-03-01T10:00:03.000Z', message: 'could not email alice@example.com about ORD-123456' },
  ],
};

const PROFILE = 'llm:\n  pre_prompt: Summarise this session.\ncontext:\n  include: [user]\n';

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-privacy-'));
  await writeFile(path.join(directory, 'session.json'), JSON.stringify(session));
  await mkdir(path.join(directory, 'guarded'));
  await writeFile(path.join(directory, 'guarded', 'profile.yaml'), PROFILE);
  await writeFile(
    path.join(directory, 'guarded', 'privacy.yaml'),
    'presets: [email, card]\npatterns:\n  order: "ORD-[0-9]{6}"\nblock_selectors: ["#card-number"]\nstrip_url_params: [reset_token]\n',
  );
  await mkdir(path.join(directory, 'open'));
  await writeFile(path.join(directory, 'open', 'profile.yaml'), PROFILE);
  await writeFile(path.join(directory, 'emails-only.yaml'), 'presets: [email]\n');
  await writeFile(path.join(directory, 'nothing.yaml'), 'presets: [iban]\n');
  await writeFile(path.join(directory, 'empty.yaml'), '# every rule commented out\n# presets: [email]\n');
  await writeFile(path.join(directory, 'broken.yaml'), 'presets: [email]\npatterns:\n  order: "ORD-(?=[0-9])"\n');
});

const run = (...argv: string[]) => runCli(argv, { cwd: directory });

describe('recap run with privacy rules', () => {
  it('applies privacy.yaml next to the profile without a flag, and counts each rule', async () => {
    const result = await run('run', 'guarded/profile.yaml', 'session.json', '--dry-run', '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { prompt: string; privacy: Record<string, number> };
    for (const secret of ['alice@example.com', '4111', 's3cr3t-v4lue', 'ORD-123456', 'Card number']) expect(output.prompt).not.toContain(secret);
    expect(output.prompt).toContain('[email]');
    expect(output.prompt).toContain('[blocked]');
    expect(output.prompt).toContain('https://shop.example/reset?step=2');
    expect(output.privacy).toEqual({ email: 2, url_param: 1, blocked: 1, order: 1 });
  });

  it('strips the parameters from URLs in console messages and custom properties too, not only from URL fields', async () => {
    const leaky = {
      id: 'u-2:s-1',
      user: { uid: 'bob', properties: { landing_url: 'https://shop.example/?reset_token=l4nd1ng&utm=mail' } },
      events: [
        { type: 'console-error', timestamp: '2026-03-01T10:00:00.000Z', message: 'GET https://api.example/x?reset_token=c0ns0le failed: 401' },
        { type: 'custom', name: 'Shared', timestamp: '2026-03-01T10:00:01.000Z', properties: { link: 'https://shop.example/share?reset_token=l1nk' } },
      ],
    };
    await writeFile(path.join(directory, 'leaky.json'), JSON.stringify(leaky));
    const result = await run('run', 'guarded/profile.yaml', 'leaky.json', '--dry-run', '--json');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { prompt: string; privacy: Record<string, number> };
    for (const token of ['l4nd1ng', 'c0ns0le', 'l1nk']) expect(output.prompt).not.toContain(token);
    expect(output.prompt).toContain('GET https://api.example/x failed: 401');
    expect(output.privacy).toEqual({ url_param: 3 });
  });

  it('uses --privacy FILE instead', async () => {
    const result = await run('run', 'guarded/profile.yaml', 'session.json', '--dry-run', '--json', '--privacy', 'emails-only.yaml');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { prompt: string; privacy: Record<string, number> };
    expect(output.privacy).toEqual({ email: 2 });
    expect(output.prompt).toContain('ORD-123456');
  });

  it('prints the counts and the rules file in the human output', async () => {
    const result = await run('run', 'guarded/profile.yaml', 'session.json', '--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`privacy   email 2, url_param 1, blocked 1, order 1 (${path.join('guarded', 'privacy.yaml')})`);
    expect(result.stdout).not.toContain('alice@example.com');
    const none = await run('run', 'guarded/profile.yaml', 'session.json', '--dry-run', '--privacy', 'nothing.yaml');
    expect(none.stdout).toContain('privacy   none matched (nothing.yaml)');
    // A file without a rule says so, rather than that its rules matched nothing.
    const empty = await run('run', 'guarded/profile.yaml', 'session.json', '--dry-run', '--privacy', 'empty.yaml');
    expect(empty.stdout).toContain('privacy   no rules, nothing redacted (empty.yaml)');
    const open = await run('run', 'open/profile.yaml', 'session.json', '--dry-run');
    expect(open.stdout).not.toContain('privacy ');
  });

  it('sends the session as it is without rules, and says nothing of privacy', async () => {
    const result = await run('run', 'open/profile.yaml', 'session.json', '--dry-run', '--json');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { prompt: string; privacy?: unknown };
    expect(output.prompt).toContain('alice@example.com');
    expect(output.privacy).toBeUndefined();
  });

  it('stops with exit 2 naming the file, line and rule when the rules fail to load', async () => {
    const broken = await run('run', 'open/profile.yaml', 'session.json', '--dry-run', '--privacy', 'broken.yaml');
    expect(broken.code).toBe(2);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(/^broken\.yaml:3:10 patterns\.order: invalid pattern "order": /);
    const missing = await run('run', 'open/profile.yaml', 'session.json', '--dry-run', '--privacy', 'nowhere.yaml');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('nowhere.yaml:1:1 cannot read the privacy rules: no such file\n');
  });

  it('refuses rules that are not UTF-8 or a folder, as it refuses such a profile, instead of reading U+FFFD or a system error', async () => {
    await writeFile(path.join(directory, 'latin1.yaml'), Buffer.from('patterns:\n  caf\xe9: "ORD-[0-9]+"\n', 'latin1'));
    const latin1 = await run('run', 'open/profile.yaml', 'session.json', '--dry-run', '--privacy', 'latin1.yaml');
    expect(latin1.code).toBe(2);
    expect(latin1.stderr).toBe('latin1.yaml:1:1 cannot read the privacy rules: is not UTF-8 text (the first bytes that are not UTF-8 are on line 2); save it as UTF-8\n');
    await mkdir(path.join(directory, 'rules-folder.yaml'), { recursive: true });
    const folder = await run('run', 'open/profile.yaml', 'session.json', '--dry-run', '--privacy', 'rules-folder.yaml');
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe('rules-folder.yaml:1:1 cannot read the privacy rules: is a directory, not a file\n');
  });

  it('stops on rules next to the profile under another name (privacy.yml, privacy.json), rather than run without them', async () => {
    for (const name of ['privacy.yml', 'privacy.json', 'Privacy.YAML']) {
      const folder = path.join(directory, `near-${name}`);
      await mkdir(folder);
      await writeFile(path.join(folder, 'profile.yaml'), PROFILE);
      await writeFile(path.join(folder, name), 'presets: [email]\n');
      const result = await run('run', `near-${name}/profile.yaml`, 'session.json', '--dry-run', '--json');
      expect(result.code, name).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `near-${name}/${name}:1:1 these privacy rules would not apply: recap applies privacy.yaml next to the profile; rename the file to privacy.yaml, or name it with --privacy near-${name}/${name}\n`,
      );
      // Named, they apply.
      const named = await run('run', `near-${name}/profile.yaml`, 'session.json', '--dry-run', '--json', '--privacy', `near-${name}/${name}`);
      expect(named.code, named.stderr).toBe(0);
      expect((JSON.parse(named.stdout) as { privacy?: unknown }).privacy).toEqual({ email: 2 });
    }
  });

  it('stops on a privacy.yaml next to the profile that is a link to nothing, rather than run without rules', async () => {
    await mkdir(path.join(directory, 'dangling'));
    await writeFile(path.join(directory, 'dangling', 'profile.yaml'), PROFILE);
    await symlink(path.join(directory, 'gone.yaml'), path.join(directory, 'dangling', 'privacy.yaml'));
    const result = await run('run', 'dangling/profile.yaml', 'session.json', '--dry-run', '--json');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`dangling/privacy.yaml:1:1 cannot read the privacy rules: it is a link to ${path.join(directory, 'gone.yaml')}, which does not exist\n`);
  });
});
