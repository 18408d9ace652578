// `recap import rrweb --privacy FILE`: block selectors matched against the recorded page, the
// fixture redacted as `recap run` redacts a session, the counts on stderr, and rules that fail to
// load stopping the command before anything is written.

import { access, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_VISIT_RULES, PRIVATE_VISIT_SECRETS, privateVisitRecording } from '../src/import/test-recordings/import-private-visit.js';
import { parseSession } from '../src/session/parse-session.js';
import { runCli } from './support/run-cli.js';

let directory: string;
const run = (...argv: string[]) => runCli(['import', 'rrweb', ...argv], { cwd: directory });
const exists = (file: string) => access(path.join(directory, file)).then(() => true, () => false);

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'recap-import-privacy-'));
  const visit = JSON.stringify(privateVisitRecording().events);
  await writeFile(path.join(directory, 'visit.json'), visit);
  await writeFile(path.join(directory, 'again.json'), visit);
  await writeFile(path.join(directory, 'rules.yaml'), PRIVATE_VISIT_RULES);
  await writeFile(path.join(directory, 'nothing.yaml'), 'presets: [iban]\n');
  await writeFile(path.join(directory, 'empty.yaml'), '');
  await writeFile(path.join(directory, 'broken.yaml'), 'presets: [email]\npatterns:\n  order: "ORD-(?=[0-9])"\n');
  await writeFile(path.join(directory, 'bad-selector.yaml'), 'block_selectors: ["form#pay", "input[name="]\n');
});

describe('recap import rrweb --privacy', () => {
  it('blanks what block selectors match in the recorded page, redacts emails, and says what it replaced', async () => {
    const result = await run('visit.json', '--privacy', 'rules.yaml', '--output', 'out/visit.json');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('visit.json: privacy: email 1, blocked 5 (rules.yaml)\nvisit.json: 10 event(s) (1 navigate, 5 click, 2 input-change, 1 highlight, 1 copy) → out/visit.json\n');
    const written = await readFile(path.join(directory, 'out/visit.json'), 'utf8');
    for (const secret of Object.values(PRIVATE_VISIT_SECRETS)) expect(written).not.toContain(secret);
    const events = parseSession(written).events;
    expect(events.find((event) => event.type === 'input-change' && event.target?.selector === 'input#card')?.value).toBe('[blocked]');
    expect(events.find((event) => event.type === 'input-change' && event.target?.selector === 'input#contact')?.value).toBe('[email]');
    expect(events.find((event) => event.type === 'click' && event.target?.selector === 'button#reveal')?.target?.text).toBe('[blocked]');
  });

  it.each([
    ['broken.yaml', 'broken.yaml:3:10 patterns.order: invalid pattern "order"'],
    ['bad-selector.yaml', 'bad-selector.yaml:1:31 block_selectors[1]: invalid CSS selector "input[name="'],
    ['missing.yaml', 'missing.yaml:1:1 cannot read the privacy rules: no such file'],
  ])('stops with exit 2 on %s, naming the file, the line and the rule, and writes nothing', async (file, message) => {
    const result = await run('visit.json', 'again.json', '--privacy', file, '--output', `refused-${file}/`);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(message), result.stderr).toBe(true);
    expect(result.stderr).not.toContain('event(s)');
    expect(result.stdout).toBe('');
    expect(await exists(`refused-${file}`)).toBe(false);
  });

  it('changes nothing without --privacy, nor with rules that match nothing (and says so)', async () => {
    const plain = await run('visit.json');
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('privacy');
    for (const secret of Object.values(PRIVATE_VISIT_SECRETS)) expect(plain.stdout).toContain(secret);
    const unmatched = await run('visit.json', '--privacy', 'nothing.yaml');
    expect(unmatched.code).toBe(0);
    expect(unmatched.stdout).toBe(plain.stdout);
    expect(unmatched.stderr).toContain('visit.json: privacy: none matched (nothing.yaml)\n');
    const empty = await run('visit.json', '--privacy', 'empty.yaml');
    expect(empty.stderr).toContain('visit.json: privacy: no rules, nothing redacted (empty.yaml)\n');
  });
});
