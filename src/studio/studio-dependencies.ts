// Everything the studio does to the world, passed in: files, watching, models, the run history,
// the editor and the terminal. Tests hand in fakes (test-support/memory-studio.ts).

import type { ModelSettings, SummaryModel } from '../index.js';
import type { RunHistory } from './run-history.js';

export type FileChange = 'add' | 'change' | 'unlink';

/** Stops a watcher. */
export type StopWatching = () => void | Promise<void>;

/** How a trip to the editor ended. */
export type EditorResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface TerminalControl {
  /** Hands the terminal to another program (leave the alternate screen, show the cursor). */
  suspend(): void;
  /** Takes it back and clears it for a full redraw; the keys typed meanwhile are dropped. */
  resume(): void;
}

export interface StudioDependencies {
  /** Names of the files in `folder` (absolute) ending with one of `extensions`, sorted. */
  listFiles(folder: string, extensions: readonly string[]): Promise<readonly string[]>;
  readText(file: string): Promise<string>;
  /** Calls `listener` with the absolute path of every file added, changed or removed in the folders. */
  watch(folders: readonly string[], listener: (change: FileChange, file: string) => void): StopWatching;
  createModel(settings: ModelSettings): Promise<SummaryModel>;
  readonly history: RunHistory;
  /** Opens `file` in the user's editor and returns when it exits. Blocks: the studio is suspended. */
  openEditor(file: string): EditorResult;
  readonly terminal: TerminalControl;
  now(): Date;
}

/** Where the studio looks, as given on the command line, and how models are chosen. */
export interface StudioSettings {
  /** The working directory: relative paths, `.recap/history/` and the file names shown start here. */
  readonly cwd: string;
  readonly profilesFolder: string;
  readonly sessionsFolder: string;
  /** `--privacy FILE`; default privacy.yaml in the profiles folder, applied when it exists. */
  readonly privacyFile?: string | undefined;
  /** `--provider`, `--model`, `--base-url`; the model defaults to the profile's llm.model. */
  readonly provider?: ModelSettings['provider'];
  readonly model?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Model settings for a profile: flags first, then the profile's llm.model (as `recap run`). */
export function modelSettingsFor(settings: StudioSettings, profileModel: string | undefined): ModelSettings {
  return { provider: settings.provider, model: settings.model ?? profileModel, baseUrl: settings.baseUrl, env: settings.env };
}
