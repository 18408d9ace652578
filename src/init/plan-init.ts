// Decides what `recap init` does, from its files and what is already in their way. Pure.

import type { InitFile } from './init-files.js';

export interface InitPlan {
  /** Every file to write, when there are no conflicts. */
  readonly write: readonly InitFile[];
  /** Files written only when absent that exist already: left as they are. */
  readonly kept: readonly InitFile[];
  /** Paths in the way of a required file, each once: any of them means nothing is written. */
  readonly conflicts: readonly string[];
}

/** `obstacles` maps a file's path to the path that blocks it (see findObstacles). */
export function planInit(files: readonly InitFile[], obstacles: ReadonlyMap<string, string>): InitPlan {
  const write: InitFile[] = [];
  const kept: InitFile[] = [];
  const conflicts = new Set<string>();
  for (const file of files) {
    const obstacle = obstacles.get(file.path);
    if (obstacle === undefined) write.push(file);
    else if (file.onlyWhenAbsent) kept.push(file);
    else conflicts.add(obstacle);
  }
  return conflicts.size > 0 ? { write: [], kept, conflicts: [...conflicts] } : { write, kept, conflicts: [] };
}
