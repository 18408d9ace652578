// How a new project depends on recap. Pure.
//
// recap is not on the npm registry: a team installs it from where it keeps it. Run from an
// installed package (under node_modules), init names this version; run from a checkout of recap
// (as after the README's first command), it names that checkout as a file: dependency, which
// `npm install` links, and says so, because a CI machine has no such folder.

import path from 'node:path';

export interface RecapDependency {
  /** The devDependencies spec: `^0.1.0`, or `file:../recap`. */
  readonly spec: string;
  /** The spec is a folder of this machine. */
  readonly local: boolean;
}

/** The spec of recap version `version`, installed in `recapRoot`, for a project in `projectDirectory`. */
export function recapDependency(version: string, recapRoot: string, projectDirectory: string): RecapDependency {
  if (path.resolve(recapRoot).split(path.sep).includes('node_modules')) return { spec: `^${version}`, local: false };
  const relative = path.relative(projectDirectory, recapRoot).split(path.sep).join('/');
  return { spec: `file:${relative === '' ? '.' : relative}`, local: true };
}
