// An in-memory world for studio tests: files in a map, a watcher the test fires by saving, an
// in-memory run history, a scripted model and a recorded editor. No disk, no network.

import path from 'node:path';
import type { ModelSettings, SummaryModel } from '../../index.js';
import type { RunHistory } from '../run-history.js';
import type { RunDraft, RunRecord } from '../run-record.js';
import type { EditorResult, FileChange, StudioDependencies, StudioSettings } from '../studio-dependencies.js';
import { hasExtension } from '../studio-paths.js';

export const MEMORY_CWD = '/studio';

export interface MemoryStudio {
  readonly dependencies: StudioDependencies;
  readonly settings: StudioSettings;
  /** Files by path relative to the working directory. */
  readonly files: Map<string, string>;
  /** Writes a file and tells the watcher, as an editor's save does. */
  save(file: string, text: string): void;
  /** Deletes a file and tells the watcher. */
  remove(file: string): void;
  /** Every model settings createModel was called with. */
  readonly modelRequests: ModelSettings[];
  /** Files the editor was opened on. */
  readonly edited: string[];
  /** Runs stored per pair, as the history file would hold them. */
  readonly runs: Map<string, RunRecord[]>;
  /** Terminal hand-overs, in order: 'suspend' and 'resume'. */
  readonly terminal: string[];
}

export interface MemoryStudioOptions {
  /** Initial files, by path relative to the working directory (`profiles/a.yaml`). */
  readonly files: Record<string, string>;
  readonly model?: SummaryModel | ((settings: ModelSettings) => Promise<SummaryModel>);
  /** What the editor does to the file (it gets the map); default nothing. */
  readonly editor?: (file: string, files: Map<string, string>) => EditorResult;
  readonly settings?: Partial<StudioSettings>;
  readonly now?: () => Date;
  /** Awaited by every read after it took the file's text: lets a test hold reads in flight. */
  readonly readGate?: (file: string) => Promise<void>;
}

function memoryHistory(runs: Map<string, RunRecord[]>): RunHistory {
  const key = (profile: string, session: string) => `${profile}\n${session}`;
  return {
    load: async (profile, session) => [...(runs.get(key(profile, session)) ?? [])],
    append: async (draft: RunDraft) => {
      const list = runs.get(key(draft.profile, draft.session)) ?? [];
      const next = [...list, { ...draft, number: (list.at(-1)?.number ?? 0) + 1 }];
      runs.set(key(draft.profile, draft.session), next);
      return next;
    },
  };
}

export function createMemoryStudio(options: MemoryStudioOptions): MemoryStudio {
  const files = new Map(Object.entries(options.files));
  const listeners = new Set<(change: FileChange, file: string) => void>();
  const modelRequests: ModelSettings[] = [];
  const edited: string[] = [];
  const runs = new Map<string, RunRecord[]>();
  const terminal: string[] = [];
  const relative = (absolute: string) => path.relative(MEMORY_CWD, absolute).split(path.sep).join('/');
  const notify = (change: FileChange, file: string) => {
    for (const listener of listeners) listener(change, path.join(MEMORY_CWD, file));
  };

  const dependencies: StudioDependencies = {
    listFiles: async (folder, extensions) => {
      const prefix = `${relative(folder)}/`;
      return [...files.keys()]
        .filter((file) => file.startsWith(prefix) && !file.slice(prefix.length).includes('/') && hasExtension(file, extensions))
        .map((file) => file.slice(prefix.length))
        .sort();
    },
    readText: async (absolute) => {
      const text = files.get(relative(absolute));
      await options.readGate?.(relative(absolute));
      if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${absolute}'`), { code: 'ENOENT' });
      return text;
    },
    watch: (_folders, listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    createModel: async (settings) => {
      modelRequests.push(settings);
      const model = options.model;
      if (model === undefined) throw new Error('no model in this test');
      return typeof model === 'function' ? model(settings) : model;
    },
    history: memoryHistory(runs),
    openEditor: (absolute) => {
      const file = relative(absolute);
      edited.push(file);
      return options.editor?.(file, files) ?? { ok: true };
    },
    terminal: { suspend: () => void terminal.push('suspend'), resume: () => void terminal.push('resume') },
    now: options.now ?? (() => new Date('2026-03-01T12:00:00.000Z')),
  };

  return {
    dependencies,
    settings: { cwd: MEMORY_CWD, profilesFolder: 'profiles', sessionsFolder: 'sessions', env: {}, ...options.settings },
    files,
    save(file, text) {
      const existed = files.has(file);
      files.set(file, text);
      notify(existed ? 'change' : 'add', file);
    },
    remove(file) {
      files.delete(file);
      notify('unlink', file);
    },
    modelRequests,
    edited,
    runs,
    terminal,
  };
}
