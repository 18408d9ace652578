// The real world for the studio: the file system, chokidar, createModel, .recap/history/, $EDITOR.

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createModel } from '../index.js';
import { openInEditor } from './open-in-editor.js';
import { createRunHistory } from './run-history.js';
import type { StudioDependencies, TerminalControl } from './studio-dependencies.js';
import { hasExtension } from './studio-paths.js';
import { createTextReader } from './text-reader.js';
import { watchFolders } from './watch-folders.js';

/**
 * The files directly in `folder` ending with one of `extensions`, sorted: links to files followed
 * (a link whose file is gone left out), hidden files left out. Unlike `recap run <folder>`,
 * subfolders are not walked: a recursive walk (and watch) of `--sessions .` would read every
 * package.json below node_modules.
 */
export async function listFolder(folder: string, extensions: readonly string[]): Promise<readonly string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || !hasExtension(entry.name, extensions)) continue;
    const isFile = entry.isSymbolicLink() ? (await stat(path.join(folder, entry.name)).catch(() => undefined))?.isFile() === true : entry.isFile();
    if (isFile) names.push(entry.name);
  }
  return names.sort((a, b) => a.localeCompare(b, 'en'));
}

export function nodeStudioDependencies(options: {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly terminal: TerminalControl;
}): StudioDependencies {
  return {
    listFiles: listFolder,
    readText: createTextReader(),
    watch: watchFolders,
    createModel,
    history: createRunHistory({ directory: path.join(options.cwd, '.recap', 'history') }),
    openEditor: (file) => openInEditor(file, options.env),
    terminal: options.terminal,
    now: () => new Date(),
  };
}
