// Lists the profile and session folders, reads the selected files and the privacy rules, and
// re-reads them whenever they change on disk, so that a save re-prepares at once.

import path from 'node:path';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { ReadOrder } from './read-order.js';
import type { StudioAction } from './studio-action.js';
import type { StudioDependencies, StudioSettings } from './studio-dependencies.js';
import { absolutePath, displayPath, hasExtension, PRIVACY_FILE_NAME, PROFILE_EXTENSIONS, SESSION_EXTENSIONS } from './studio-paths.js';
import type { StudioState } from './studio-state.js';

/** Coalesces the bursts of events one save produces. */
const SETTLE_MS = 20;
/** A file missing right after an event is usually mid-rename; look again before reporting it. */
const MISSING_RETRY_MS = 250;

export interface StudioFiles {
  /** Reads a file again soon (after the editor closes, say). */
  reload(shown: string): void;
}

export function useStudioFiles(
  state: StudioState,
  dispatch: Dispatch<StudioAction>,
  dependencies: Pick<StudioDependencies, 'listFiles' | 'readText' | 'watch'>,
  settings: Pick<StudioSettings, 'cwd' | 'profilesFolder' | 'sessionsFolder'>,
): StudioFiles {
  const { cwd } = settings;
  const profilesFolder = path.resolve(cwd, settings.profilesFolder);
  const sessionsFolder = path.resolve(cwd, settings.sessionsFolder);
  const alive = useRef(true);
  const timers = useRef(new Map<string, NodeJS.Timeout>());
  const order = useRef(new ReadOrder());
  const wanted = useRef(new Set<string>());
  const privacyPath = state.privacy?.path;
  wanted.current = new Set(
    [state.profile?.path, state.session?.path, state.compare?.profile.path, privacyPath].filter((file): file is string => file !== undefined),
  );

  const read = useCallback(
    (shown: string, retried = false) => {
      // A read that finishes after a newer one was taken is dropped: it would undo a newer save.
      const ticket = order.current.start(shown);
      dependencies.readText(absolutePath(cwd, shown)).then(
        (text) => {
          if (alive.current && order.current.take(shown, ticket)) dispatch({ type: 'file-read', path: shown, text });
        },
        (error: NodeJS.ErrnoException) => {
          if (!alive.current || !order.current.isLatest(shown, ticket)) return;
          const missing = error.code === 'ENOENT';
          if (missing && !retried) {
            timers.current.set(shown, setTimeout(() => read(shown, true), MISSING_RETRY_MS));
            return;
          }
          dispatch({ type: 'file-unreadable', path: shown, message: missing ? 'file not found (deleted or renamed?)' : error.message, missing });
        },
      );
    },
    [cwd, dependencies, dispatch],
  );

  const schedule = useCallback(
    (key: string, task: () => void) => {
      clearTimeout(timers.current.get(key));
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          task();
        }, SETTLE_MS),
      );
    },
    [],
  );

  const list = useCallback(async () => {
    const [profiles, sessions] = await Promise.all([
      dependencies.listFiles(profilesFolder, PROFILE_EXTENSIONS),
      dependencies.listFiles(sessionsFolder, SESSION_EXTENSIONS),
    ]);
    const files = (folder: string, names: readonly string[]) => names.map((name) => ({ name, path: displayPath(cwd, path.join(folder, name)) }));
    // Privacy rules are YAML too, but never a profile.
    const profileFiles = files(profilesFolder, profiles).filter((file) => file.name !== PRIVACY_FILE_NAME && file.path !== privacyPath);
    if (alive.current) dispatch({ type: 'files-listed', profiles: profileFiles, sessions: files(sessionsFolder, sessions) });
  }, [cwd, dependencies, dispatch, privacyPath, profilesFolder, sessionsFolder]);

  useEffect(() => {
    alive.current = true;
    const relist = () =>
      list().catch((error: Error) => dispatch({ type: 'notice-shown', notice: { text: `cannot list files: ${error.message}`, tone: 'error' } }));
    void relist();
    // A --privacy file may live in a folder of its own.
    const privacyFolder = privacyPath === undefined ? undefined : path.dirname(absolutePath(cwd, privacyPath));
    const folders = [...new Set([profilesFolder, sessionsFolder, ...(privacyFolder === undefined ? [] : [privacyFolder])])];
    const stop = dependencies.watch(folders, (change, file) => {
      const shown = displayPath(cwd, file);
      const extensions = [...PROFILE_EXTENSIONS, ...SESSION_EXTENSIONS];
      if (!hasExtension(file, extensions) && shown !== privacyPath) return;
      if (change !== 'change') schedule('\0list', () => void relist());
      if (wanted.current.has(shown)) schedule(shown, () => read(shown));
    });
    const pending = timers.current;
    return () => {
      alive.current = false;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      void stop();
    };
  }, [cwd, dependencies, dispatch, list, privacyPath, profilesFolder, read, schedule, sessionsFolder]);

  const profilePath = state.profile?.path;
  const sessionPath = state.session?.path;
  const comparePath = state.compare?.profile.path;
  useEffect(() => {
    if (profilePath !== undefined) read(profilePath);
  }, [profilePath, read]);
  useEffect(() => {
    if (sessionPath !== undefined) read(sessionPath);
  }, [sessionPath, read]);
  useEffect(() => {
    if (comparePath !== undefined) read(comparePath);
  }, [comparePath, read]);
  useEffect(() => {
    // Read once as the studio starts, and then on every change. No privacy.yaml at start simply
    // means no rules: not worth the second look a missing file gets after a save.
    if (privacyPath !== undefined) read(privacyPath, true);
  }, [privacyPath, read]);

  return { reload: useCallback((shown: string) => schedule(shown, () => read(shown)), [read, schedule]) };
}
