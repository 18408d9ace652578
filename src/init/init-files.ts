// What a new recap project holds: every file `recap init` writes, with its text. Pure.

import type { InitSources } from './read-init-sources.js';

export interface InitFile {
  /** Relative to the project folder, with `/`. */
  readonly path: string;
  readonly text: string;
  /** Written only when absent, and never a conflict: the user's own package.json and .gitignore stay. */
  readonly onlyWhenAbsent: boolean;
}

/** The profile the suite guards; the studio opens it first. */
export const INIT_PROFILE = 'profiles/session-summary.yaml';
/** Privacy rules, applied to every profile in its folder. */
export const INIT_PRIVACY = 'profiles/privacy.yaml';
export const INIT_SUITE = 'suites/session-summary.recap.yaml';
export const INIT_WORKFLOW = '.github/workflows/recap.yml';

/** The project's files, in the order they are listed to the user; `recapSpec` is how package.json depends on recap. */
export function initFiles(sources: InitSources, projectName: string, recapSpec: string): InitFile[] {
  const packageJson = {
    name: projectName,
    private: true,
    scripts: { test: 'recap test' },
    devDependencies: { recap: recapSpec },
  };
  return [
    { path: INIT_PROFILE, text: sources.profile, onlyWhenAbsent: false },
    { path: INIT_PRIVACY, text: sources.privacy, onlyWhenAbsent: false },
    ...sources.fixtures.map((fixture) => ({ path: `sessions-fixtures/${fixture.name}`, text: fixture.text, onlyWhenAbsent: false })),
    { path: INIT_SUITE, text: sources.suite, onlyWhenAbsent: false },
    { path: INIT_WORKFLOW, text: sources.workflow, onlyWhenAbsent: false },
    { path: 'package.json', text: `${JSON.stringify(packageJson, null, 2)}\n`, onlyWhenAbsent: true },
    { path: '.gitignore', text: sources.gitignore, onlyWhenAbsent: true },
  ];
}
