// `e`: hands the terminal to $EDITOR on the selected profile, then takes it back and re-reads
// the file. Runs while `editing` is set; Studio.tsx stops reading keys meanwhile, which takes
// stdin out of raw mode before this effect starts.

import { useEffect, type Dispatch } from 'react';
import type { StudioAction } from './studio-action.js';
import type { EditorResult, StudioDependencies } from './studio-dependencies.js';
import { absolutePath } from './studio-paths.js';

export function useEditor(
  editing: boolean,
  profilePath: string | undefined,
  cwd: string,
  dependencies: Pick<StudioDependencies, 'openEditor' | 'terminal'>,
  dispatch: Dispatch<StudioAction>,
  reload: (shown: string) => void,
): void {
  useEffect(() => {
    if (!editing) return;
    if (profilePath === undefined) {
      dispatch({ type: 'editor-closed' });
      return;
    }
    let result: EditorResult;
    dependencies.terminal.suspend();
    try {
      result = dependencies.openEditor(absolutePath(cwd, profilePath));
    } finally {
      dependencies.terminal.resume();
    }
    dispatch({ type: 'editor-closed' });
    if (!result.ok) dispatch({ type: 'notice-shown', notice: { text: result.message, tone: 'error' } });
    reload(profilePath);
  }, [editing, profilePath, cwd, dependencies, dispatch, reload]);
}
