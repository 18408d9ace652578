// `recap init` end to end: the project it writes works as made (validate, run, test, in and out
// of CI, with no key), and it never overwrites anything.

import { lstat, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { PACKAGE_ROOT } from '../src/init/package-root.js';
import { runCli } from './support/run-cli.js';

const PROJECT_FILES = [
  'profiles/session-summary.yaml',
  'profiles/privacy.yaml',
  'sessions-fixtures/checkout-abandon.json',
  'sessions-fixtures/onboarding-success.json',
  'suites/session-summary.recap.yaml',
  '.github/workflows/recap.yml',
  'package.json',
  '.gitignore',
];
/** The files whose presence stops recap init (package.json and .gitignore are only kept). */
const REQUIRED_FILES = PROJECT_FILES.slice(0, 6);

const NEXT_COMMANDS = [
  '  npx recap run profiles/session-summary.yaml sessions-fixtures/checkout-abandon.json',
  '  npx recap studio',
  '  npx recap test',
];

const temporaryFolder = () => mkdtemp(path.join(tmpdir(), 'recap-init-'));

/** Every entry under `directory` with its content (files) and modification time, to prove nothing changed. */
async function snapshotTree(directory: string): Promise<Record<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const snapshot: Record<string, string> = {};
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const stats = await lstat(full);
    const content = entry.isFile() ? await readFile(full, 'utf8') : entry.isDirectory() ? '(folder)' : '(other)';
    snapshot[path.relative(directory, full)] = `${stats.mtimeMs} ${content}`;
  }
  return snapshot;
}

/** A fresh project made by `recap init project` in a temporary folder. */
async function initialisedProject(): Promise<{ cwd: string; project: string; output: string }> {
  const cwd = await temporaryFolder();
  const result = await runCli(['init', 'project'], { cwd });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return { cwd, project: path.join(cwd, 'project'), output: result.stdout };
}

describe('recap init [dir]', () => {
  it('makes the folder, lists every file written from where it ran, then the install step and three commands', async () => {
    const { project, output } = await initialisedProject();
    for (const file of PROJECT_FILES) expect((await lstat(path.join(project, file))).isFile()).toBe(true);
    const lines = output.trimEnd().split('\n');
    expect(lines.slice(1, 1 + PROJECT_FILES.length)).toEqual(PROJECT_FILES.map((file) => `  project/${file}`));
    expect(output).toContain('First: cd project && npm install\n');
    expect(lines.slice(-3)).toEqual(NEXT_COMMANDS);
  });

  it('writes a suite whose cases pass as made on the offline model, with no key, in and out of CI', async () => {
    const { project } = await initialisedProject();
    for (const env of [{}, { CI: 'true' }]) {
      const result = await runCli(['test'], { cwd: project, env });
      expect(result.stdout).toContain('Cases:   all passed, 2 passed, 2 total');
      expect(result.code).toBe(0);
    }
  });

  it('writes a suite with both prompt and answer assertions', async () => {
    const { project } = await initialisedProject();
    const suite = parseYaml(await readFile(path.join(project, 'suites/session-summary.recap.yaml'), 'utf8')) as {
      provider: string;
      cases: { prompt?: Record<string, unknown>; expect?: Record<string, unknown> }[];
    };
    expect(suite.provider).toBe('extractive');
    for (const testCase of suite.cases) {
      expect(Object.keys(testCase.prompt ?? {}).length).toBeGreaterThan(0);
      expect(Object.keys(testCase.expect ?? {})).toEqual(expect.arrayContaining(['summary_contains', 'summary_not_contains']));
      expect(testCase.prompt).not.toHaveProperty('snapshot');
    }
  });

  it('writes the JUnit report the workflow publishes, also with GITHUB_ACTIONS set', async () => {
    const { project } = await initialisedProject();
    const result = await runCli(['test', '--reporter', 'junit', '--output', 'recap-junit.xml'], {
      cwd: project,
      env: { CI: 'true', GITHUB_ACTIONS: 'true' },
    });
    expect(result.code).toBe(0);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(await readFile(path.join(project, 'recap-junit.xml'), 'utf8')) as {
      testsuites: { '@_tests': string; '@_failures': string };
    };
    expect(junit.testsuites).toMatchObject({ '@_tests': '2', '@_failures': '0' });
  });

  it('passes recap validate profiles/*.yaml, as docs/cli.md shows it: privacy.yaml is checked as privacy rules', async () => {
    const { project } = await initialisedProject();
    // What the shell makes of the glob: every .yaml of profiles/, sorted.
    const files = (await readdir(path.join(project, 'profiles'))).filter((name) => name.endsWith('.yaml')).sort().map((name) => `profiles/${name}`);
    expect(files).toEqual(['profiles/privacy.yaml', 'profiles/session-summary.yaml']);
    const validated = await runCli(['validate', ...files], { cwd: project });
    expect(validated).toEqual({ code: 0, stdout: 'profiles/privacy.yaml: valid privacy rules\nprofiles/session-summary.yaml: valid\n', stderr: '' });
  });

  it('writes a profile that validates without warnings and runs on a written fixture', async () => {
    const { project } = await initialisedProject();
    const validated = await runCli(['validate', 'profiles/session-summary.yaml'], { cwd: project });
    expect(validated).toEqual({ code: 0, stdout: 'profiles/session-summary.yaml: valid\n', stderr: '' });
    const ran = await runCli(['run', 'profiles/session-summary.yaml', 'sessions-fixtures/checkout-abandon.json'], { cwd: project });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('Apply coupon');
    // privacy.yaml next to the profile applies without a flag, every preset on.
    expect(ran.stdout).toContain('privacy   email 1 (profiles/privacy.yaml)');
    expect(ran.stdout).not.toContain('alice@example.com');
    const rules = parseYaml(await readFile(path.join(project, 'profiles/privacy.yaml'), 'utf8')) as { presets: string[] };
    expect(rules.presets).toEqual(['email', 'card', 'phone', 'iban', 'ip', 'secret']);
  });

  it("starts the profile and the suite with the schema line of the installed package's schemas", async () => {
    const { project } = await initialisedProject();
    const lines = [
      ['profiles/session-summary.yaml', '# yaml-language-server: $schema=../node_modules/recap/schemas/profile.schema.json'],
      ['suites/session-summary.recap.yaml', '# yaml-language-server: $schema=../node_modules/recap/schemas/suite.schema.json'],
      ['profiles/privacy.yaml', '# yaml-language-server: $schema=../node_modules/recap/schemas/privacy.schema.json'],
    ] as const;
    for (const [file, line] of lines) {
      expect((await readFile(path.join(project, file), 'utf8')).split('\n')[0]).toBe(line);
      const schema = line.replace(/^.*\$schema=\.\.\/node_modules\/recap\//, '');
      expect((await lstat(path.join(PACKAGE_ROOT, schema))).isFile()).toBe(true);
    }
  });

  it("copies the session fixtures from recap's own sessions-fixtures/", async () => {
    const { project } = await initialisedProject();
    for (const name of ['checkout-abandon.json', 'onboarding-success.json']) {
      const own = await readFile(path.join(PACKAGE_ROOT, 'sessions-fixtures', name), 'utf8');
      expect(await readFile(path.join(project, 'sessions-fixtures', name), 'utf8')).toBe(own);
    }
  });

  it('writes a workflow that runs recap test with a JUnit report and publishes it', async () => {
    const { project } = await initialisedProject();
    const workflow = parseYaml(await readFile(path.join(project, '.github/workflows/recap.yml'), 'utf8')) as {
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { run?: string; uses?: string; if?: string; with?: Record<string, unknown> }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    expect(steps.map((step) => step.run)).toEqual(expect.arrayContaining(['npm ci', 'npx recap test --reporter junit --output recap-junit.xml']));
    expect(steps).toContainEqual(expect.objectContaining({ uses: expect.stringMatching(/^actions\/setup-node@/), with: expect.objectContaining({ 'node-version': 20 }) }));
    const publish = steps.find((step) => step.uses?.startsWith('mikepenz/action-junit-report@'));
    expect(publish).toMatchObject({ if: 'always()', with: { report_paths: 'recap-junit.xml' } });
    expect(workflow.permissions).toMatchObject({ checks: 'write' });
  });

  it("writes package.json with the folder's name, recap test and this checkout of recap as a file: dependency", async () => {
    const { project, output } = await initialisedProject();
    const spec = `file:${path.relative(project, PACKAGE_ROOT).split(path.sep).join('/')}`;
    expect(JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'))).toEqual({
      name: 'project',
      private: true,
      scripts: { test: 'recap test' },
      devDependencies: { recap: spec },
    });
    // npm links a file: dependency; a CI machine has no such folder, which the output says.
    expect(output).toContain(`package.json installs recap from this checkout, ${spec}; before CI runs the workflow`);
    expect((await readFile(path.join(project, '.gitignore'), 'utf8')).split('\n')).toEqual(expect.arrayContaining(['node_modules/', '.recap/history/']));
  });

  it('initialises the current folder when no dir is given, with paths and commands as seen from there', async () => {
    const cwd = await temporaryFolder();
    const result = await runCli(['init'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\n  profiles/session-summary.yaml\n');
    expect(result.stdout).toContain('First: npm install\n');
    expect(result.stdout.trimEnd().split('\n').slice(-3)).toEqual(NEXT_COMMANDS);
    expect((await readdir(cwd)).sort()).toEqual(['.github', '.gitignore', 'package.json', 'profiles', 'sessions-fixtures', 'suites']);
    expect((await runCli(['test'], { cwd, env: { CI: 'true' } })).code).toBe(0);
  });

  it('prints no cd when dir is the current folder', async () => {
    const cwd = await temporaryFolder();
    const result = await runCli(['init', '.'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\n  profiles/session-summary.yaml\n');
    expect(result.stdout).toContain('First: npm install\n');
  });
});

describe('recap init never overwrites', () => {
  it('exits 2 on a second run, names every existing file and changes nothing', async () => {
    const { cwd, project } = await initialisedProject();
    const before = await snapshotTree(project);
    const again = await runCli(['init', 'project'], { cwd });
    expect(again.code).toBe(2);
    expect(again.stdout).toBe('');
    const named = REQUIRED_FILES.map((file) => `project/${file}`).join(', ');
    expect(again.stderr).toBe(`error: recap init would overwrite ${named}; nothing was written\n`);
    expect(await snapshotTree(project)).toEqual(before);
  });

  it('writes nothing at all when one of its files exists, and names only that one', async () => {
    const cwd = await temporaryFolder();
    await mkdir(path.join(cwd, '.github/workflows'), { recursive: true });
    await writeFile(path.join(cwd, '.github/workflows/recap.yml'), 'mine\n');
    const before = await snapshotTree(cwd);
    const result = await runCli(['init'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: recap init would overwrite .github/workflows/recap.yml; nothing was written\n');
    expect(await snapshotTree(cwd)).toEqual(before);
  });

  it('counts a folder in the way of a file, or a file in the way of a folder, as a conflict', async () => {
    const cwd = await temporaryFolder();
    await mkdir(path.join(cwd, 'profiles/session-summary.yaml'), { recursive: true });
    await writeFile(path.join(cwd, 'suites'), 'a file, not a folder\n');
    const result = await runCli(['init'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: recap init would overwrite profiles/session-summary.yaml, suites; nothing was written\n');
    expect((await readdir(cwd)).sort()).toEqual(['profiles', 'suites']);
  });

  it("keeps the user's package.json and .gitignore and says to add recap as a devDependency", async () => {
    const cwd = await temporaryFolder();
    await writeFile(path.join(cwd, 'package.json'), '{ "name": "mine" }\n');
    await writeFile(path.join(cwd, '.gitignore'), 'dist/\n');
    const result = await runCli(['init'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^ {2}(package\.json|\.gitignore)$/m);
    expect(result.stdout).toContain('(kept your package.json as it is)');
    expect(result.stdout).toContain(`First: npm install --save-dev file:${path.relative(cwd, PACKAGE_ROOT).split(path.sep).join('/')}\n`);
    expect(await readFile(path.join(cwd, 'package.json'), 'utf8')).toBe('{ "name": "mine" }\n');
    expect(await readFile(path.join(cwd, '.gitignore'), 'utf8')).toBe('dist/\n');
  });

  it('exits 2 when dir is a file, or under one', async () => {
    const cwd = await temporaryFolder();
    await writeFile(path.join(cwd, 'notes.txt'), 'x\n');
    const file = await runCli(['init', 'notes.txt'], { cwd });
    expect(file.code).toBe(2);
    expect(file.stderr).toBe('error: recap init notes.txt: it exists and is not a folder; nothing was written\n');
    const under = await runCli(['init', 'notes.txt/project'], { cwd });
    expect(under.code).toBe(2);
    expect(under.stderr).toBe('error: recap init notes.txt/project: a part of that path is a file, not a folder; nothing was written\n');
    expect(await readdir(cwd)).toEqual(['notes.txt']);
  });

  it('exits 2 naming a dir that is a symbolic link to nothing, where it printed a bare ENOENT of mkdir', async () => {
    const cwd = await temporaryFolder();
    await symlink('gone/project', path.join(cwd, 'link'));
    const result = await runCli(['init', 'link'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: recap init link: it is a symbolic link to gone/project, which does not exist; nothing was written\n');
    expect(await readdir(cwd)).toEqual(['link']);
  });
});

describe('recap init --help', () => {
  it('ends with an example', async () => {
    const result = await runCli(['init', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: recap init \[options\] \[dir\]/);
    expect(result.stdout).toMatch(/Example:\n {2}\$ recap init\n {2}\$ recap init my-summaries\n+$/);
  });
});
