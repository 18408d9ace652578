// Watches the profile and session folders with chokidar. Editors often save by writing a
// temporary file and renaming it over the original: watching the folders (not the files) sees
// the new file under the old name, where a watch on the old inode would go quiet.

import { watch } from 'chokidar';
import type { FileChange, StopWatching } from './studio-dependencies.js';

/**
 * chokidar drops a second change to a file within ~50 ms of the first (its change throttle), so
 * an editor that writes twice in a row (save, then format-on-save) would leave the studio on the
 * first version. Every add or change is therefore reported again once the file has been quiet
 * this long; readers ignore a text they already have.
 */
export const TRAILING_CHANGE_MS = 120;

export function watchFolders(folders: readonly string[], listener: (change: FileChange, file: string) => void): StopWatching {
  const trailing = new Map<string, NodeJS.Timeout>();
  const watcher = watch([...folders], {
    ignoreInitial: true,
    depth: 0,
    // Folds an unlink followed by an add of the same path (a rename-save) into one change.
    atomic: true,
  });
  const report = (change: FileChange, file: string) => {
    clearTimeout(trailing.get(file));
    listener(change, file);
    if (change === 'unlink') {
      trailing.delete(file);
      return;
    }
    trailing.set(
      file,
      setTimeout(() => {
        trailing.delete(file);
        listener('change', file);
      }, TRAILING_CHANGE_MS),
    );
  };
  watcher.on('add', (file) => report('add', file));
  watcher.on('change', (file) => report('change', file));
  watcher.on('unlink', (file) => report('unlink', file));
  // A vanished folder or a permission problem must not crash the studio; the files just stop updating.
  watcher.on('error', () => undefined);
  return () => {
    for (const timer of trailing.values()) clearTimeout(timer);
    trailing.clear();
    return watcher.close();
  };
}
