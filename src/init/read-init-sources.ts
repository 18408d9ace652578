// Reads what `recap init` copies from recap's own package: the templates, two session fixtures
// (the ones recap's examples use, so there is one copy of each) and recap's version.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';

/** The session fixtures a new project starts with, from recap's sessions-fixtures/. */
export const INIT_FIXTURES = ['checkout-abandon.json', 'onboarding-success.json'] as const;

export interface InitSources {
  readonly profile: string;
  /** privacy.yaml, written next to the profile. */
  readonly privacy: string;
  readonly suite: string;
  readonly workflow: string;
  readonly gitignore: string;
  readonly fixtures: readonly { readonly name: string; readonly text: string }[];
  /** recap's own version, for the new project's devDependencies. */
  readonly recapVersion: string;
  /** The folder recap runs from, absolute: a checkout, or an installed package under node_modules. */
  readonly recapRoot: string;
}

/** Reads the sources from `root` (recap's package folder unless a test passes another). */
export async function readInitSources(root: string = PACKAGE_ROOT): Promise<InitSources> {
  const template = (name: string) => readFile(path.join(root, 'templates', 'init', name), 'utf8');
  const [profile, privacy, suite, workflow, gitignore, packageText] = await Promise.all([
    template('profile.yaml'),
    template('privacy.yaml'),
    template('suite.yaml'),
    template('workflow.yml'),
    template('gitignore'),
    readFile(path.join(root, 'package.json'), 'utf8'),
  ]);
  const fixtures = await Promise.all(
    INIT_FIXTURES.map(async (name) => ({ name, text: await readFile(path.join(root, 'sessions-fixtures', name), 'utf8') })),
  );
  const { version } = JSON.parse(packageText) as { version: string };
  return { profile, privacy, suite, workflow, gitignore, fixtures, recapVersion: version, recapRoot: path.resolve(root) };
}
