// `recap init [dir]`: makes a working recap project in a folder, or writes nothing at all.

import { lstat, mkdir, readFile, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeLeftTemporaries } from '../files/temporary-file.js';
import { findObstacles } from './find-obstacles.js';
import { InitConflictError, InitTargetError } from './init-error.js';
import { initFiles } from './init-files.js';
import { packageName } from './package-name.js';
import { planInit } from './plan-init.js';
import { readInitSources, type InitSources } from './read-init-sources.js';
import { recapDependency, type RecapDependency } from './recap-dependency.js';
import { initWasInterrupted, UNFINISHED_MARKER, writeInitFiles } from './write-init-files.js';

export interface InitOptions {
  /** Where the user ran the command: `directory` is resolved from it, paths are shown from it. */
  readonly cwd: string;
  /** The project folder as the user typed it (default: `cwd`); made when missing. */
  readonly directory?: string;
  /** Defaults to recap's own templates and fixtures. */
  readonly sources?: InitSources;
}

export interface InitResult {
  /** The project folder, absolute. */
  readonly directory: string;
  /** Each file written, as seen from `cwd` (finishing an interrupted init: also those it had written). */
  readonly written: readonly string[];
  /** An earlier recap init here was stopped part way; this one finished the project. */
  readonly finished: boolean;
  /** Files left as they were because the user had them (package.json, .gitignore). */
  readonly kept: readonly string[];
  /** The user's own package.json was kept, so recap is not necessarily among its devDependencies. */
  readonly keptPackageJson: boolean;
  /** How the written package.json depends on recap. */
  readonly recap: RecapDependency;
}

/** Throws InitTargetError when `directory` cannot be a folder; a missing one is made later. */
async function checkTarget(directory: string, shown: string): Promise<void> {
  const stats = await stat(directory).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new InitTargetError(shown, 'a part of that path is a file, not a folder');
    throw error;
  });
  if (stats !== undefined && !stats.isDirectory()) throw new InitTargetError(shown, 'it exists and is not a folder');
  // A link to nothing: mkdir would fail with a bare ENOENT, and recap does not make the link's target.
  if (stats === undefined && (await lstat(directory).catch(() => undefined))?.isSymbolicLink() === true) {
    throw new InitTargetError(shown, `it is a symbolic link to ${await readlink(directory)}, which does not exist`);
  }
}

/** Writes the project, or throws InitConflictError / InitTargetError having written nothing. */
export async function initProject(options: InitOptions): Promise<InitResult> {
  const typed = options.directory === undefined ? undefined : path.normalize(options.directory);
  const directory = path.resolve(options.cwd, typed ?? '.');
  const display = (file: string): string => (typed === undefined ? file : path.join(typed, file));
  await checkTarget(directory, typed ?? '.');

  const sources = options.sources ?? (await readInitSources());
  const recap = recapDependency(sources.recapVersion, sources.recapRoot, directory);
  const files = initFiles(sources, packageName(path.basename(directory)), recap.spec);
  const obstacles = await findObstacles(directory, files.map((file) => file.path));
  // After a recap init that was killed part way, the files it wrote whole are its, not the user's.
  const interrupted = await initWasInterrupted(directory);
  const already = new Set<string>();
  if (interrupted) {
    // Its temporary files too: a file it linked into place is not written again, nor is its folder.
    for (const folder of new Set(files.map((file) => path.dirname(path.join(directory, file.path))))) await removeLeftTemporaries(folder);
    for (const file of files) {
      if (obstacles.get(file.path) === file.path && (await readFile(path.join(directory, file.path), 'utf8').catch(() => undefined)) === file.text) {
        obstacles.delete(file.path);
        already.add(file.path);
      }
    }
  }
  const plan = planInit(files, obstacles);
  if (plan.conflicts.length > 0) throw new InitConflictError(plan.conflicts.map(display), interrupted ? display(UNFINISHED_MARKER) : undefined);

  await mkdir(directory, { recursive: true });
  await writeInitFiles({ directory, files: plan.write.filter((file) => !already.has(file.path)), display });
  return {
    directory,
    written: plan.write.map((file) => display(file.path)),
    finished: interrupted,
    kept: plan.kept.map((file) => display(file.path)),
    keptPackageJson: plan.kept.some((file) => file.path === 'package.json'),
    recap,
  };
}
