// The run history of each profile + session pair: one JSON file per pair under .recap/history/,
// so the Diff pane still has the previous run after a restart.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { runRecordSchema, type RunDraft, type RunRecord } from './run-record.js';

const historyFileSchema = z.object({
  version: z.literal(1),
  profile: z.string(),
  session: z.string(),
  runs: z.array(runRecordSchema),
});

export type HistoryFile = z.infer<typeof historyFileSchema>;

/** A history file exists but cannot be read as one. */
export class RunHistoryError extends Error {
  readonly code = 'invalid_run_history';
  readonly file: string;

  constructor(message: string, file: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.name = 'RunHistoryError';
    this.file = file;
  }
}

export interface RunHistory {
  /** Runs of the pair, oldest first; none when the file does not exist. Throws RunHistoryError. */
  load(profile: string, session: string): Promise<readonly RunRecord[]>;
  /** Numbers the run, appends it and returns the pair's runs. A broken file is replaced. */
  append(run: RunDraft): Promise<readonly RunRecord[]>;
}

export interface RunHistoryOptions {
  /** Where the files go, e.g. `<cwd>/.recap/history`. */
  readonly directory: string;
  /** Runs kept per pair, newest last; default 20 (prompts can be large). */
  readonly maxRuns?: number;
}

/** `plain-summary--checkout-abandon--1a2b3c4d.json`: readable, and unique per pair of paths. */
export function historyFileName(profile: string, session: string): string {
  const stem = (file: string) => path.basename(file).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  const hash = createHash('sha256').update(`${profile}\0${session}`).digest('hex').slice(0, 8);
  return `${stem(profile)}--${stem(session)}--${hash}.json`;
}

export function createRunHistory(options: RunHistoryOptions): RunHistory {
  const maxRuns = options.maxRuns ?? 20;
  const fileFor = (profile: string, session: string) => path.join(options.directory, historyFileName(profile, session));

  async function load(profile: string, session: string): Promise<readonly RunRecord[]> {
    const file = fileFor(profile, session);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new RunHistoryError((error as Error).message, file, { cause: error });
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new RunHistoryError(`not JSON (${(error as Error).message})`, file, { cause: error });
    }
    const parsed = historyFileSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RunHistoryError(`not a run history (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`, file);
    }
    return parsed.data.runs;
  }

  async function append(run: RunDraft): Promise<readonly RunRecord[]> {
    const file = fileFor(run.profile, run.session);
    const previous = await load(run.profile, run.session).catch((error: unknown) => {
      if (error instanceof RunHistoryError) return [];
      throw error;
    });
    const number = (previous.at(-1)?.number ?? 0) + 1;
    const runs = [...previous, { ...run, number }].slice(-maxRuns);
    const content: HistoryFile = { version: 1, profile: run.profile, session: run.session, runs };
    await mkdir(options.directory, { recursive: true });
    // Write then rename, so a crash never leaves half a file behind.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`);
    await rename(temporary, file);
    return runs;
  }

  return { load, append };
}
