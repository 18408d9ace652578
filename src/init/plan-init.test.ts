import { describe, expect, it } from 'vitest';
import { initFiles, INIT_PRIVACY, INIT_PROFILE, INIT_SUITE, INIT_WORKFLOW } from './init-files.js';
import { planInit } from './plan-init.js';
import type { InitSources } from './read-init-sources.js';

const SOURCES: InitSources = {
  profile: 'profile text',
  privacy: 'privacy text',
  suite: 'suite text',
  workflow: 'workflow text',
  gitignore: 'node_modules/\n',
  fixtures: [
    { name: 'a.json', text: '{"a":1}' },
    { name: 'b.json', text: '{"b":1}' },
  ],
  recapVersion: '1.2.3',
  recapRoot: '/opt/recap',
};
const FILES = initFiles(SOURCES, 'my-project', '^1.2.3');
const ALL_PATHS = [INIT_PROFILE, INIT_PRIVACY, 'sessions-fixtures/a.json', 'sessions-fixtures/b.json', INIT_SUITE, INIT_WORKFLOW, 'package.json', '.gitignore'];

describe('initFiles', () => {
  it('lists the profile, its privacy rules, each fixture, the suite, the workflow, package.json and .gitignore', () => {
    expect(FILES.map((file) => file.path)).toEqual(ALL_PATHS);
    expect(FILES.find((file) => file.path === 'sessions-fixtures/b.json')?.text).toBe('{"b":1}');
  });

  it('writes a private package.json that runs recap test and depends on recap as told', () => {
    const packageJson = JSON.parse(FILES.find((file) => file.path === 'package.json')?.text ?? '') as unknown;
    expect(packageJson).toEqual({ name: 'my-project', private: true, scripts: { test: 'recap test' }, devDependencies: { recap: '^1.2.3' } });
  });

  it('marks only package.json and .gitignore as written when absent', () => {
    expect(FILES.filter((file) => file.onlyWhenAbsent).map((file) => file.path)).toEqual(['package.json', '.gitignore']);
  });
});

describe('planInit', () => {
  it('writes every file into an empty folder', () => {
    const plan = planInit(FILES, new Map());
    expect(plan.write.map((file) => file.path)).toEqual(ALL_PATHS);
    expect(plan.conflicts).toEqual([]);
    expect(plan.kept).toEqual([]);
  });

  it('writes nothing when a single required file is in the way, and names it', () => {
    const plan = planInit(FILES, new Map([[INIT_SUITE, INIT_SUITE]]));
    expect(plan.write).toEqual([]);
    expect(plan.conflicts).toEqual([INIT_SUITE]);
  });

  it('names every file in the way, in the order the files are listed', () => {
    const plan = planInit(FILES, new Map([[INIT_WORKFLOW, INIT_WORKFLOW], [INIT_PROFILE, INIT_PROFILE]]));
    expect(plan.conflicts).toEqual([INIT_PROFILE, INIT_WORKFLOW]);
  });

  it('names a blocking parent once for all the files under it', () => {
    const obstacles = new Map([
      ['sessions-fixtures/a.json', 'sessions-fixtures'],
      ['sessions-fixtures/b.json', 'sessions-fixtures'],
    ]);
    expect(planInit(FILES, obstacles).conflicts).toEqual(['sessions-fixtures']);
  });

  it("keeps the user's package.json and .gitignore without counting them as conflicts", () => {
    const plan = planInit(FILES, new Map([['package.json', 'package.json'], ['.gitignore', '.gitignore']]));
    expect(plan.conflicts).toEqual([]);
    expect(plan.kept.map((file) => file.path)).toEqual(['package.json', '.gitignore']);
    expect(plan.write.map((file) => file.path)).toEqual(ALL_PATHS.slice(0, 6));
  });
});
